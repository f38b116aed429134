/**
 * Game over for the table: the winner's middle faces the winner, the loser's line the loser,
 * each panel shows its place (ties shared, with the rule that says so, also in Rules), and a
 * tap on a side turns the middle to it. (That the statistics read at tablet sizes:
 * table-stats.spec.ts.)
 */
import { test, expect, openSeatMenu } from './fixtures';
import {
  drawnAt,
  middle,
  noViolations,
  notWhole,
  playToATie,
  seatPanel,
  tableMode,
  turnOf,
} from './table-helpers';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 300_000 });

test('game over faces the table: the winner, the loser, every place, ties with their rule', async ({
  page,
}) => {
  await tableMode(page);
  await playToATie(page);
  // No toolbar along one edge: the seats keep their own Undo and menu.
  await expect(page.locator('mia-seat-bar')).toHaveCount(4);
  await expect(page.locator('mia-toolbar').getByRole('button')).toHaveCount(0);
  // Di (right) comes first: the middle with the banner and the buttons faces her.
  await expect(middle(page)).toHaveAttribute('data-facing', '270');
  await expect(async () => expect(await drawnAt(middle(page))).toBe(270)).toPass();
  const over = page.getByTestId('over-middle');
  await expect(over.getByTestId('result')).toHaveText('Di wins!');
  await expect(over.getByRole('button', { name: 'Rematch' })).toBeVisible();
  // Bo (left), out first, reads his line from a band on his side.
  const aside = page.locator('mia-round-table mia-facing.aside');
  await expect(aside).toHaveAttribute('data-facing', '90');
  await expect(page.getByTestId('over-aside').getByTestId('loser')).toHaveText(
    'Bo is out first and loses!',
  );
  // Each panel, facing its player, shows the place; Ann and Cy share the second.
  const places = ['Place 2 (shared)', 'Place 4', 'Place 2 (shared)', 'Place 1'];
  for (const [seat, place] of places.entries()) {
    await expect(seatPanel(page, seat).locator('.place-mark')).toHaveText(place);
  }
  await expect(page.getByRole('list', { name: 'Players and lives' })).toContainText(
    'Place 2 (shared)',
  );
  // The tie in words, with the rule, and the table marks it.
  await expect(page.getByTestId('ties')).toContainText('Ann and Cy share place 2.');
  await expect(page.getByTestId('ties')).toContainText('players with equal lives share a place');
  await expect(page.locator('mia-game-over tr[data-seat="0"] td.place')).toContainText('2=');
  await noViolations(page, 'table mode, game over');

  // A tap on the top side's panels turns the middle to Cy; the band still faces Bo.
  await seatPanel(page, 2).click();
  await expect(middle(page)).toHaveAttribute('data-facing', '180');
  await expect(async () => expect(await drawnAt(middle(page))).toBe(180)).toPass();
  await expect(aside).toHaveAttribute('data-facing', '90');
  // Turned to Bo's side, the middle says his line itself (no band).
  await seatPanel(page, 1).click();
  await expect(middle(page)).toHaveAttribute('data-facing', '90');
  await expect(aside).toHaveCount(0);
  await expect(page.getByTestId('over-middle').getByTestId('loser')).toBeVisible();

  // Rules, from the top side's menu, facing it, say how players are placed.
  await openSeatMenu(page, 'top');
  await page.locator('mia-seat-menu').getByRole('button', { name: 'Rules', exact: true }).click();
  const rules = page.getByRole('dialog', { name: 'Rules' });
  await expect(async () => expect(await turnOf(rules)).toBe(180)).toPass();
  await expect(page.locator('mia-rules-panel [data-rule="places"]')).toHaveText(
    'The others are placed by the lives they have left; players with equal lives share a place.',
  );
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // Undo from a seat takes the end of the game back.
  await page.locator('mia-seat-bar[side="left"]').getByRole('button', { name: /^Undo/ }).click();
  await expect(page.locator('mia-table')).toBeVisible();
});

const LONG = [
  'Annemarie Katharina Schwarzenberger-Lund',
  'Bo',
  'Christoffer Valdemar Henningsen Bjørnsen',
  'Dagny Solveig Kristiansen-Haugland Moe',
];

test('in a narrow turned middle the buttons stay whole; statistics too wide show they scroll', async ({
  page,
}) => {
  await tableMode(page, { width: 800, height: 1280 });
  await playToATie(page, LONG);
  await seatPanel(page, 2).click(); // the middle turns to the top, beside Bo's band
  await expect(middle(page)).toHaveAttribute('data-facing', '180');
  const over = page.getByTestId('over-middle');
  for (const name of ['Rematch', 'New game']) {
    const lines = await over.getByRole('button', { name }).evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    // Turned upside down, a line of text is a row of boxes at one height: count the rows.
    expect(lines, name).toBeLessThanOrEqual(name.split(' ').length);
  }
  // The statistics fit here (table-stats.spec.ts); squeezed narrower than any screen, their
  // box scrolls sideways and fades at its end until it is scrolled there.
  const stats = page.locator('mia-game-over mia-stats-table');
  await stats.evaluate((el) => (el.style.width = '160px'));
  const box = stats.locator('.scroll');
  await expect(box).toHaveAttribute('data-more');
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(box).not.toHaveAttribute('data-more');
});

for (const size of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
]) {
  test(`the winner has Rematch and New game in view at ${size.width}x${size.height}, long names, four languages`, async ({
    page,
  }) => {
    await tableMode(page, size);
    await playToATie(page, LONG);
    // Di, on the right, wins: her middle shows her line and the buttons without scrolling.
    for (const locale of ['en', 'nb', 'de', 'da']) {
      await page.evaluate(
        (prefs) => localStorage.setItem('mia-cup.prefs', prefs),
        JSON.stringify({ locale, layout: 'table' }),
      );
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(middle(page)).toHaveAttribute('data-facing', '270');
      const buttons = page.getByTestId('over-middle').locator('.buttons button');
      await expect(buttons).toHaveCount(2); // Rematch, New game
      await expect(async () => expect(await notWhole(buttons), locale).toEqual([])).toPass({
        timeout: 15_000,
      });
    }
  });
}
