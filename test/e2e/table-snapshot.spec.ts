/**
 * A stored game's table drawn at once on a reload, before any of the app's code runs, from the
 * snapshot the last page kept as it went away (`src/ui/first-screen/draw-snapshot.ts`): then the
 * app's own table, with no frame showing neither or both. Taps on the snapshot go to the app's
 * table when it is the very screen they were made on, and are dropped when the snapshot was
 * older than the game. A snapshot of another build, another window size or one that does not
 * read is not drawn, and none is kept of a dialog or of another screen.
 */
import type { Page } from '@playwright/test';
import { test, expect, holdChunk, claim, openFresh, roll, saved, startGame } from './fixtures';
import { SNAPSHOT_KEY } from '../../src/ui/first-screen/draw-snapshot';

// The service worker would serve the chunks from its cache, past `page.route`.
test.use({ serviceWorkers: 'block', tableSnapshots: true });

/** Ann claimed 54; Bo is to act. */
async function midGame(page: Page): Promise<void> {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'longhall');
  await roll(page);
  await claim(page, 54);
  await saved(page);
}

const snapshot = (page: Page) => page.locator('mia-snapshot');

/** Once the page keeps a snapshot as it goes: its code loads after the first screen. */
async function keeping(page: Page): Promise<void> {
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  const chunk = await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .find((name) => /\/assets\/snapshot-[\w-]+\.js$/.test(name)),
  );
  // Imported again here: resolved once the page's own import has run.
  const url = (await chunk.jsonValue())!;
  await page.evaluate((u) => import(u).then(() => undefined), url);
}
const drewSnapshot = (page: Page) =>
  page.evaluate(
    () => !!(window as { __miaFirstScreen?: { snapshot?: unknown } }).__miaFirstScreen?.snapshot,
  );

/**
 * Leave the app (which keeps its snapshot as it goes) for a page of the same origin without
 * scripts, and write `value` as the snapshot there.
 */
async function writeSnapshot(page: Page, value: string): Promise<void> {
  await page.route('/elsewhere', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }),
  );
  await page.goto('/elsewhere');
  await page.evaluate(([key, v]) => localStorage.setItem(key, v), [SNAPSHOT_KEY, value] as const);
}

/** Page side: each frame, where the standing claim is drawn (the snapshot, the app, both). */
const FRAMES = () => {
  const frames: string[] = [];
  (window as unknown as { __frames: string[] }).__frames = frames;
  const frame = () => {
    const snap = document.querySelector('mia-snapshot') ? 'snap' : '';
    const app = document
      .querySelector('mia-app')
      ?.shadowRoot?.querySelector('mia-table')
      ?.shadowRoot?.querySelector('mia-standing-claim');
    frames.push(`${snap}${snap && app ? '+' : ''}${app ? 'app' : ''}` || 'none');
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

test('a reload draws the snapshot before the app runs, then the app draws its own table', async ({
  page,
}) => {
  await midGame(page);
  await page.addInitScript(FRAMES);
  const release = await holdChunk(page, 'index');
  await page.reload({ waitUntil: 'commit' });
  await expect(snapshot(page).getByTestId('standing')).toHaveText('54');
  expect(await drewSnapshot(page)).toBe(true);
  release();
  await expect(snapshot(page)).toHaveCount(0);
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  await expect(page.getByTestId('standing')).toHaveText('54');
  const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
  const shown = frames.slice(frames.indexOf('snap'));
  expect(shown[0]).toBe('snap');
  expect(shown.at(-1)).toBe('app');
  expect(shown.every((f) => f === 'snap' || f === 'app')).toBe(true);
  expect(shown.lastIndexOf('snap')).toBeLessThan(shown.indexOf('app'));
});

test("a tap on the snapshot goes to the app's table once it is drawn", async ({ page }) => {
  await midGame(page);
  const release = await holdChunk(page, 'index');
  await page.reload({ waitUntil: 'commit' });
  await snapshot(page).getByRole('button', { name: 'Lift!' }).click();
  await expect(page.locator('mia-dice-entry')).toHaveCount(0);
  release();
  await expect(page.locator('mia-actions mia-dice-entry').getByRole('radio')).toHaveCount(12);
  await expect(snapshot(page)).toHaveCount(0);
});

test('a snapshot older than the game is drawn, replaced, and its taps dropped, said so', async ({
  page,
}) => {
  await midGame(page);
  await page.reload();
  const old = await page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY);
  expect(old).toContain('54');
  // Bo believes and rolls; the next page finds the older snapshot.
  await page.getByRole('button', { name: 'Believe: roll' }).click();
  await saved(page);
  await writeSnapshot(page, old!);
  const release = await holdChunk(page, 'index');
  await page.goto('/', { waitUntil: 'commit' });
  await snapshot(page).getByRole('button', { name: 'Lift!' }).click();
  release();
  await expect(snapshot(page)).toHaveCount(0);
  // The game as stored: Bo believed the 54 and announces; the old Lift! went nowhere.
  await expect(page.locator('mia-actions')).toContainText('Bo: look, then announce a score.');
  await expect(page.locator('mia-actions [data-action="LIFT"]')).toHaveCount(0);
  await expect(page.locator('mia-dice-entry')).toHaveCount(0);
  await expect(page.locator('mia-actions .refused')).toHaveText(
    'The game had moved on while the table opened: what you tapped then was not applied.',
  );
});

test('a snapshot of another build, another size, or unreadable, is not drawn', async ({ page }) => {
  await midGame(page);
  await page.reload();
  expect(await drewSnapshot(page), 'the snapshot as kept').toBe(true);
  const kept = await page.evaluate((key) => localStorage.getItem(key)!, SNAPSHOT_KEY);
  const variants: [string, string][] = [
    ['another build', kept.replace(/"entry":"[^"]*"/, '"entry":"/assets/index-older.js"')],
    ['unreadable', kept.slice(0, 200)],
    ['not a snapshot', '{"html":5}'],
  ];
  for (const [what, value] of variants) {
    await writeSnapshot(page, value);
    await page.goto('/');
    expect(await drewSnapshot(page), what).toBe(false);
    await expect(page.getByTestId('standing')).toHaveText('54');
  }
  // Kept at 1024x768, opened at 900x700.
  await writeSnapshot(page, kept);
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto('/');
  expect(await drewSnapshot(page), 'another window size').toBe(false);
});

test('no snapshot is kept of a dialog over the table, or of the new-game screen', async ({
  page,
}) => {
  await midGame(page);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.reload();
  expect(await drewSnapshot(page), 'a dialog was open').toBe(false);
  await keeping(page);
  await page.reload();
  expect(await drewSnapshot(page), 'the table again').toBe(true);
  await keeping(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
  await page.reload();
  const left = await page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_KEY);
  expect(left).toBeNull();
});
