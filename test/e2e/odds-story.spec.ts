import type { Page } from '@playwright/test';
import {
  test,
  expect,
  acceptMia,
  claim,
  dice,
  lift,
  openFresh,
  option,
  roll,
  saved,
  startGame,
  toggleOdds,
} from './fixtures';

/** A table row's cells, written as one line of words. */
const cells = (words: string) => words.split(' ');

/** The odds toggle, in the Options dialog. */
async function oddsPressed(page: Page): Promise<string | null> {
  const options = page.locator('mia-dialog-button[data-dialog="options"]');
  await options.getByRole('button', { name: 'Options', exact: true }).click();
  const pressed = await options.locator('[data-toggle="odds"]').getAttribute('aria-pressed');
  await page.keyboard.press('Escape');
  return pressed;
}

test('odds: off by default, exact for a standing claim and after a lift, remembered', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'lizumo');
  await roll(page);
  await claim(page, 54);
  await expect(page.locator('mia-odds')).toHaveCount(0);
  expect(await oddsPressed(page)).toBe('false');

  await toggleOdds(page);
  expect(await oddsPressed(page)).toBe('true');
  await expect(page.getByTestId('odds-reach')).toHaveText('20/36 (55.6%)');
  await expect(page.getByTestId('odds-beat')).toHaveText('18/36 (50%)');
  await expect(page.locator('mia-odds')).toContainText('A fresh roll reaches 54');

  // After Bo lifts a false 54, the odds say how likely it was to be true.
  await lift(page);
  await dice(page, 4, 3);
  await expect(page.getByTestId('odds-lifted')).toHaveText(
    "Given nothing but the odds, Ann's 54 had a 20/36 (55.6%) chance of being true.",
  );
  await saved(page);
  await page.reload();
  await expect(page.getByTestId('odds-lifted')).toBeVisible();
  await roll(page);
  await claim(page, 21);
  await expect(page.getByTestId('odds-reach')).toHaveText('2/36 (5.6%)');
  await expect(page.getByTestId('odds-beat')).toHaveText('0/36 (0%)');
  await toggleOdds(page);
  await expect(page.locator('mia-odds')).toHaveCount(0);
});

test('odds follow the table: with Little Mia, 31 beats 54 too', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo', {
    adjust: (p) => p.locator('[data-setting="littleMia"][data-value="true"]').click(),
  });
  await toggleOdds(page);
  await roll(page);
  await claim(page, 54);
  await expect(page.getByTestId('odds-reach')).toHaveText('22/36 (61.1%)');
  await expect(page.getByTestId('odds-beat')).toHaveText('20/36 (55.6%)');
});

/** Points per line of the lives chart inside `scope`. */
async function chartLines(page: Page, scope: string): Promise<number[]> {
  const lines = page.locator(`${scope} mia-lives-chart polyline`);
  return lines.evaluateAll((els) =>
    els.map((el) => (el.getAttribute('points') ?? '').trim().split(/\s+/).length),
  );
}

test('the story of the game: live statistics and a chart in both themes, then at game over', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'pub', { lives: 2 });
  // Round 1: Ann bluffs 65 on 43 and Bo catches her. Round 2: Bo claims Mia, Cy gives up.
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 4, 3);
  await roll(page);
  await claim(page, 21);
  await acceptMia(page);

  const stats = page.locator('mia-dialog-button[data-dialog="stats"]');
  await stats.getByRole('button', { name: 'Stats' }).click();
  const dialog = stats.getByRole('dialog', { name: 'Stats' });
  await expect(dialog).toBeVisible();
  await expect(stats.locator('tr[data-seat="0"] > :is(td, th)')).toHaveText(
    cells('Ann 1 0 0 0 1 0 0 0 0 0 1 0 0'),
  );
  await expect(stats.locator('tr[data-seat="1"] > :is(td, th)').nth(1)).toHaveText('2');
  await expect
    .poll(() => chartLines(page, 'mia-dialog-button[data-dialog="stats"]'))
    .toEqual([3, 3, 3]);
  const chart = stats.locator('mia-lives-chart svg[role="img"]');
  await expect(chart).toHaveAttribute(
    'aria-label',
    /Lives over 2 rounds.*Ann: 2, 1, 1; Bo: 2, 2, 2; Cy: 2, 2, 1/,
  );

  const strokes = () =>
    stats
      .locator('mia-lives-chart polyline')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).stroke));
  const dark = await strokes();
  expect(new Set(dark).size).toBe(3);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await option(page, 'Light theme');
  await stats.getByRole('button', { name: 'Stats' }).click();
  await expect
    .poll(() => chartLines(page, 'mia-dialog-button[data-dialog="stats"]'))
    .toEqual([3, 3, 3]);
  const light = await strokes();
  expect(new Set(light).size).toBe(3);
  expect(light).not.toEqual(dark);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Round 3: Ann opens (after the loser, Cy) and is caught again: the first out loses.
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 4, 3);
  const over = page.locator('mia-game-over');
  await expect(over).toBeVisible();
  await expect.poll(() => chartLines(page, 'mia-game-over')).toEqual([4, 4, 4]);
  // The place, then its words for screen readers.
  await expect(over.locator('tr[data-seat="1"] td.place')).toHaveText(/^1(?!\d)/);
  await expect(over.locator('tr[data-seat="0"] td.place')).toHaveText(/^3(?!\d)/);
});
