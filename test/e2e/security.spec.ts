import { createHash } from 'node:crypto';
import { test as bare } from '@playwright/test';
import { test, expect, claim, dice, lift, openFresh, roll, startGame } from './fixtures';

const XSS = '<img src=x onerror=alert(1)>';

test('a player name with markup is shown as text, never run', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await openFresh(page);
  await startGame(page, [XSS, 'Bo'], 'box');
  await expect(page.locator('mia-players li[data-seat="0"] .name')).toHaveText(XSS);
  await roll(page);
  await claim(page, 43);
  await lift(page);
  await dice(page, 1, 1);
  await expect(page.getByTestId('verdict')).toHaveText(
    `Dice 11 (double 1), claim 43: the claim holds, so Bo loses 1 life.`,
  );
  await expect(page.locator('mia-verdict')).toContainText(`${XSS} opens round 2.`);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('mia-history')).toContainText(`${XSS} rolled and said 43`);
  // No element was made from the name anywhere, in any shadow root.
  const images = await page.evaluate(() => {
    let count = 0;
    const walk = (root: Document | ShadowRoot) => {
      count += root.querySelectorAll('img').length;
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && walk(el.shadowRoot));
    };
    walk(document);
    return count;
  });
  expect(images).toBe(0);
  expect(dialogs).toBe(0);
});

test('no request leaves the app origin during a game', async ({ page, context, baseURL }) => {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'norwegian');
  await roll(page);
  await claim(page, 21);
  await lift(page);
  await dice(page, 1, 2);
  await page.reload();
  await expect(page.locator('mia-table')).toBeVisible();
  expect(urls.length).toBeGreaterThan(3);
  const origin = new URL(baseURL!).origin;
  expect(urls.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:'))).toEqual([]);
});

bare('the Content-Security-Policy allows only the app origin', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/https?:|\*/);
  // Nothing unsafe but compiling WebAssembly (the cup's core, firmware-protocol/wasm/); inline
  // only the script in the head (scripts/restore-preload-plugin.ts) and the one after <mia-app>
  // (scripts/first-screen-plugin.ts), and the style sheets of the first screen's copy that it
  // draws, each by its hash.
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const inline = await page.locator('script:not([src])').allTextContents();
  expect(inline).toHaveLength(2);
  const sources = (name: string) => new RegExp(`${name} ([^;]*);`).exec(csp!)?.[1]?.split(' ');
  expect(sources('script-src')?.sort()).toEqual(
    ["'self'", "'wasm-unsafe-eval'", ...inline.map(hash)].sort(),
  );
  const page0 = await (await page.request.get('/')).text();
  const styles = new Set([...page0.matchAll(/<style>([^]*?)<\/style\s*>/g)].map((m) => m[1]!));
  expect(styles.size).toBeGreaterThan(0);
  expect(sources('style-src')?.sort()).toEqual(["'self'", ...[...styles].map(hash)].sort());
  expect(csp!.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe/);
  // The app itself ran under it without a single violation; an outside fetch is refused.
  expect(violations).toEqual([]);
  const blocked = await page.evaluate(() =>
    fetch('http://127.0.0.2:9/anything').then(
      () => 'fetched',
      () => 'blocked',
    ),
  );
  expect(blocked).toBe('blocked');
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

// Bare: the refused sinks below log errors on purpose, which the fixtures' guard fails on.
bare(
  'Trusted Types are in force: no string becomes markup or a script URL, and the app runs',
  async ({ page }) => {
    const complaints: string[] = [];
    page.on('console', (m) => {
      if (/Trusted|Content Security Policy/i.test(m.text())) complaints.push(m.text());
    });
    await openFresh(page);
    await startGame(page, ['Ann', 'Bo'], 'norwegian');
    await roll(page);
    await claim(page, 21);
    await lift(page);
    await dice(page, 1, 2);
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.locator('mia-history')).toContainText('Ann rolled and said 21');
    // Lit rendered all of that through its own policy, without one complaint.
    expect(complaints).toEqual([]);
    const sinks = await page.evaluate(() => {
      const tried = (run: () => unknown) => {
        try {
          run();
          return 'allowed';
        } catch (error) {
          return (error as Error).name;
        }
      };
      const tt = (
        window as unknown as { trustedTypes: { createPolicy(n: string, r: object): unknown } }
      ).trustedTypes;
      return {
        innerHTML: tried(() => (document.createElement('div').innerHTML = '<b>x</b>')),
        scriptSrc: tried(() => (document.createElement('script').src = '/evil.js')),
        rogue: tried(() => tt.createPolicy('rogue', { createHTML: (s: string) => s })),
        lit: tried(() => tt.createPolicy('lit-html', { createHTML: (s: string) => s })),
        worker: tried(() => tt.createPolicy('mia-service-worker', {})),
        snapshot: tried(() => tt.createPolicy('mia-snapshot', {})),
      };
    });
    // Each sink refuses a string, and no page script may make a policy: not a new one, not one
    // of the app's three names again (the page makes the snapshot's on every start).
    expect(sinks).toEqual({
      innerHTML: 'TypeError',
      scriptSrc: 'TypeError',
      rogue: 'TypeError',
      lit: 'TypeError',
      worker: 'TypeError',
      snapshot: 'TypeError',
    });
  },
);

bare(
  'no other page can show the app in a frame (frame-ancestors, a header)',
  async ({ page, baseURL }) => {
    const response = await page.request.get(baseURL!);
    expect(response.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.setContent(`<iframe src="${baseURL}/" title="app"></iframe>`);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).not.toBe(`${baseURL}/`);
    expect(await frame?.locator('mia-app').count()).toBe(0);
  },
);
