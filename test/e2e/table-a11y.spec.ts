/**
 * Axe in table mode, beside a11y.spec.ts (one side): the question a new game asks while one is
 * under way, every dialog opened from a seat's menu and turned toward that seat (History,
 * Rules, Stats, and Options listing the game set aside), in the dark and the light theme, and
 * game over with the statistics in their narrow layout (names above the figures).
 */
import { test, expect, claim, openSeatMenu, option, roll, startGame } from './fixtures';
import { middle, noViolations, playToATie, seatPanel, tableMode, turnOf } from './table-helpers';

test.use({ reducedMotion: 'reduce' });
// Axe over a dozen screens on a busy 2-core machine: the limit only catches a hang.
test.describe.configure({ timeout: 600_000 });

const DIALOGS = [
  ['History', 'left', 90],
  ['Rules', 'top', 180],
  ['Stats', 'right', 270],
  ['Options', 'bottom', 0],
] as const;

test('axe finds no violations in table mode on every dialog, turned to its seat', async ({
  page,
}) => {
  await tableMode(page, { width: 800, height: 1280 });
  await startGame(page, ['Ann', 'Bo', 'Cy', 'Di'], 'pub', { lives: 2 });
  await roll(page);
  await claim(page, 54);
  // A new game asked for from the top seat's menu, while this one is under way.
  await openSeatMenu(page, 'top');
  await page.locator('mia-seat-menu').getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  const asked = page.getByRole('dialog', { name: 'A game is under way' });
  await expect(asked).toBeVisible();
  await noViolations(page, 'table mode, a game under way');
  await asked.getByRole('button', { name: 'Set it aside and start' }).click();
  await expect(page.locator('mia-round-table')).toBeVisible();

  for (const theme of ['dark', 'light']) {
    for (const [name, side, facing] of DIALOGS) {
      await openSeatMenu(page, side);
      await page.locator('mia-seat-menu').getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(async () => expect(await turnOf(dialog)).toBe(facing)).toPass();
      if (name === 'Options') await expect(page.locator('mia-aside-games')).toContainText('Ann');
      await noViolations(page, `table mode, ${name} from the ${side}, ${theme}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(page.locator('mia-dialog-button dialog[open]')).toHaveCount(0);
    }
    if (theme === 'dark') await option(page, 'Light theme');
  }

  // Game over, the middle turned to the top beside the loser's band: the narrow statistics.
  await openSeatMenu(page, 'left');
  await page.locator('mia-seat-menu').getByRole('button', { name: 'New game' }).click();
  await playToATie(page, [
    'Annemarie Katharina Schwarzenberger-Lund',
    'Bo',
    'Christoffer Valdemar Henningsen Bjørnsen',
    'Dagny Solveig Kristiansen-Haugland Moe',
  ]);
  await seatPanel(page, 2).click();
  await expect(middle(page)).toHaveAttribute('data-facing', '180');
  const whoRows = page.locator('mia-game-over mia-stats-table tr.who').first();
  await expect(whoRows).toBeVisible();
  await noViolations(page, 'table mode, game over, narrow statistics, light');
  await option(page, 'Dark theme');
  await noViolations(page, 'table mode, game over, narrow statistics, dark');
});
