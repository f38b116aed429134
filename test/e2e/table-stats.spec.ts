/**
 * The statistics are a table that reads at tablet sizes: at 1024x768, 768x1024, 1280x800 and
 * 800x1280, with 2 to 16 players of 40 letters, in all four languages, the story of the game at
 * game over (the middle turned to every side with players, and in one-side mode) and in the
 * Stats dialog (opened from every side's menu) never scrolls sideways, breaks no heading or
 * name inside a word, and cuts nothing off.
 */
import type { Page } from '@playwright/test';
import { defaultSides } from '../../src/rules/sides';
import { test, expect, claim, dice, lift, roll, startGame } from './fixtures';
import { middle, statsMisfits, tableMode } from './table-helpers';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 600_000 });

/** 40-character names, each a little different. */
const names = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    `Annemarie ${i + 1} Schwarzenberger-Lund Moe`.padEnd(40, 'x').slice(0, 40),
  );

const dialogOpen = (page: Page) => page.locator('mia-dialog-button dialog[open]');

/** The statistics in `within` fit, else the test fails saying what does not. */
async function fits(page: Page, within: string, where: string): Promise<void> {
  await expect(page.locator(`${within} mia-stats-table tbody`).first()).toBeVisible();
  await expect(async () => expect(await statsMisfits(page, within), where).toEqual([])).toPass({
    timeout: 15_000,
  });
}

/** The Stats dialog opened from the menu of `side`, checked and closed again. */
async function statsFrom(page: Page, side: string, where: string): Promise<void> {
  const bar = page.locator(`mia-seat-bar[side="${side}"]`);
  await bar.locator('mia-dialog-button[data-dialog="menu"] button[part="button"]').click();
  const menu = page.locator('mia-seat-menu');
  await menu.locator('mia-dialog-button[data-dialog="stats"] button[part="button"]').click();
  await fits(page, 'mia-dialog-button[data-dialog="stats"]', `${where}, Stats from ${side}`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialogOpen(page)).toHaveCount(0);
}

for (const size of [
  { width: 768, height: 1024 },
  { width: 800, height: 1280 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
]) {
  for (const count of [2, 4, 10, 16]) {
    test(`the statistics fit ${size.width}x${size.height} with ${count} players of 40 letters`, async ({
      page,
    }) => {
      await tableMode(page, size);
      // One life each, and the first player out loses: one lift ends the game. The opener sits
      // on the left where a player does, and bluffs: the loser's band narrows the middle.
      const opener = Math.max(0, defaultSides(count, size.width, size.height).indexOf('left'));
      await startGame(page, names(count), 'longhall', {
        opener,
        lives: 1,
        adjust: (p) => p.locator('[data-setting="end"][data-value="first-out"]').click(),
      });
      await roll(page);
      await claim(page, 54);
      await lift(page);
      await dice(page, 4, 1);
      await expect(page.locator('mia-game-over')).toBeVisible();
      for (const locale of ['en', 'nb', 'de', 'da']) {
        await page.evaluate(
          (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
          JSON.stringify({ locale, layout: 'table' }),
        );
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        // The middle turned to each side with players in turn (a tap on one of its panels).
        const seats = page.locator('mia-round-table mia-facing[data-seat]');
        await expect(seats).toHaveCount(count);
        const sides = new Map<string, number>();
        for (let seat = count - 1; seat >= 0; seat -= 1) {
          sides.set((await seats.nth(seat).getAttribute('data-facing')) ?? '', seat);
        }
        for (const [facing, seat] of sides) {
          await seats.nth(seat).click();
          await expect(middle(page)).toHaveAttribute('data-facing', facing);
          await fits(page, 'mia-game-over', `${locale}, game over facing ${facing}`);
        }
        for (const side of await page
          .locator('mia-seat-bar')
          .evaluateAll((bars) => bars.map((b) => b.getAttribute('side') ?? ''))) {
          await statsFrom(page, side, locale);
        }
        // One side: game over, and the Stats dialog from the toolbar.
        await page.evaluate(
          (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
          JSON.stringify({ locale, layout: 'one-side' }),
        );
        await page.reload();
        await fits(page, 'mia-game-over', `${locale}, one side`);
        await page
          .locator('mia-toolbar mia-dialog-button[data-dialog="stats"] button[part="button"]')
          .click();
        await fits(page, 'mia-dialog-button[data-dialog="stats"]', `${locale}, one side, Stats`);
        await page.keyboard.press('Escape');
        await expect(dialogOpen(page)).toHaveCount(0);
      }
    });
  }
}
