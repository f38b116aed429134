/**
 * The first screen drawn before the app's code runs (`src/ui/first-screen/`): the page holds a
 * copy of the new-game screen as the app first paints it, and draws it on a first visit. The
 * copy is the app's own first screen (at two sizes); it shows while the app's code is still on
 * its way, the app takes over with no frame without the screen, and taps made on the copy
 * meanwhile are applied in order once the app is up; nothing typed into it is lost (it takes
 * none). Where the copy would not be what the app shows (stored preferences, a game, another
 * language, an address asking for more), the page does not draw it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { captureFirstScreen } from '../../scripts/lib/first-screen-capture';
import { test, expect, holdChunk } from './fixtures';

// The service worker would serve the chunks from its cache, past `page.route`.
test.use({ serviceWorkers: 'block' });

const COPY = 'src/ui/first-screen/first-screen.html';

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`the copy is the app's own first screen at ${size.width}x${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const captured = await captureFirstScreen(page, '/');
    // On a difference: the first screen changed; `npm run prerender` writes the copy again.
    expect(captured, `${COPY} is out of date: run npm run prerender`).toBe(
      readFileSync(COPY, 'utf8'),
    );
  });
}

/** Page side: each frame's "Start game" buttons (anywhere), and whether the app drew the one. */
const FRAMES = () => {
  const frames: string[] = [];
  (window as unknown as { __frames: string[] }).__frames = frames;
  const starts = (root: Document | ShadowRoot, into: Element[]) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === 'button' && el.textContent?.trim() === 'Start game') into.push(el);
      if (el.shadowRoot) starts(el.shadowRoot, into);
    }
    return into;
  };
  const frame = () => {
    const found = starts(document, []);
    const root = found[0]?.getRootNode() as ShadowRoot | undefined;
    const kind = !root ? 'none' : root.adoptedStyleSheets.length > 0 ? 'app' : 'copy';
    frames.push(`${kind}:${found.length}`);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

test('the copy shows before the app runs; its taps are applied in order once the app is up', async ({
  page,
}) => {
  await page.addInitScript(FRAMES);
  const release = await holdChunk(page, 'index');
  await page.goto('/', { waitUntil: 'commit' });
  const start = page.getByRole('button', { name: 'Start game' });
  await expect(start).toBeVisible();
  const drawn = await page.evaluate(() => '__miaFirstScreen' in window);
  expect(drawn).toBe(true);
  // The copy takes nothing typed: the app is not there to keep it.
  const first = page.locator('mia-new-game input').first();
  await first.click();
  await page.keyboard.type('Zed');
  await expect(first).toHaveValue('Player 1');
  // Two taps: a fourth player, then the start.
  await page.getByRole('button', { name: 'Add player' }).click();
  await start.click();
  await expect(page.locator('mia-new-game input')).toHaveCount(3);
  release();
  await expect(page.locator('mia-table')).toBeVisible();
  await expect(page.locator('mia-players')).toContainText('Player 4');
  const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
  const shown = frames.slice(frames.findIndex((f) => f !== 'none:0'));
  // The copy first, then the app's screen, each frame with exactly one "Start game" until the
  // table took its place.
  const untilTable = shown.slice(
    0,
    shown.findIndex((f) => f === 'none:0'),
  );
  expect(untilTable[0]).toBe('copy:1');
  expect(untilTable).toContain('app:1');
  expect(untilTable.every((f) => f === 'copy:1' || f === 'app:1')).toBe(true);
  expect(untilTable.lastIndexOf('copy:1')).toBeLessThan(untilTable.indexOf('app:1'));
});

/** Whether the page drew the copy, opened (after `prepare`) as the test says. */
async function drewCopy(page: Page, url = '/'): Promise<boolean> {
  await page.goto(url);
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  return page.evaluate(() => '__miaFirstScreen' in window);
}

test('the copy is drawn only where it is what the app shows', async ({ page }) => {
  expect(await drewCopy(page), 'a first visit').toBe(true);
  expect(await drewCopy(page, '/?cup=sim'), 'the simulated cup asked for').toBe(false);
  await page.evaluate(() => localStorage.setItem('mia-cup.prefs', '{"theme":"light"}'));
  expect(await drewCopy(page), 'a preference stored').toBe(false);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  expect(await drewCopy(page), 'nothing stored again').toBe(true);
  await page.evaluate(() => localStorage.setItem('mia-cup:game-stored', '1'));
  expect(await drewCopy(page), 'a game maybe stored').toBe(false);
});

test.describe('in a Norwegian browser', () => {
  test.use({ locale: 'nb-NO' });

  test('the copy is not drawn: it is English', async ({ page }) => {
    expect(await drewCopy(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Start spillet' })).toBeVisible();
  });
});
