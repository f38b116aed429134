/**
 * Table mode at the four tablet sizes, into screenshots/end-*.png and cup-*.png (`npm run
 * screenshots`): game over (facing the winner, then turned to a side tapped), the stats dialog
 * at game over, the question a new game asks while one is under way, the game set aside (in
 * Options, and first on the new-game screen), and the cup: the simulated cup's status and its
 * Shake and Lid, the whole panel behind the status, in Norwegian and German too, and a
 * Bluetooth cup (the emulated one) not in use, connected, with a warning, and opened.
 */
import { MAX_EVENT_BURST } from '../../src/cup/connection/event-stream';
import { test, expect, claim, roll, startGame } from '../e2e/fixtures';
import { connect, floodLidLifts, openWithCup } from '../e2e/fixtures/cup-table';
import { test as cupTest } from '../e2e/fixtures/emulated-cup';
import { playToATie, tableMode } from '../e2e/table-helpers';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];
const LONG = [
  'Annemarie Katharina Schwarzenberger-Lund',
  'Bo',
  'Christoffer Valdemar Henningsen Bjørnsen',
  'Dagny Solveig Kristiansen-Haugland Moe',
];

test.use({ reducedMotion: 'reduce' });

for (const size of SIZES) {
  const name = `${size.width}x${size.height}`;

  test(`table mode game over and its dialogs, ${name}`, async ({ page }) => {
    const shot = (what: string) =>
      page.screenshot({ path: `screenshots/end-${name}-${what}.png`, animations: 'disabled' });
    await tableMode(page, size);
    await playToATie(page, LONG);
    await shot('1-over');
    await page.locator('mia-round-table mia-facing[data-seat="2"]').click();
    await shot('2-over-turned-top');
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ locale: 'de', layout: 'table' })),
    );
    await page.reload();
    await expect(page.locator('mia-game-over mia-stats-table')).toBeVisible();
    await shot('3-over-de');
    await page.locator('mia-seat-bar[side="left"]').getByRole('button', { name: /^Menü/ }).click();
    await page.locator('mia-seat-menu').getByRole('button', { name: 'Statistik' }).click();
    await expect(page.getByRole('dialog', { name: 'Statistik' })).toBeVisible();
    await shot('4-stats-de-left');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // A game under way, and a new one asked for from a seat's menu.
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ locale: 'en', layout: 'table' })),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Rematch' }).click();
    await roll(page);
    await claim(page, 54);
    await page.locator('mia-seat-bar[side="top"]').getByRole('button', { name: /^Menu/ }).click();
    await page.locator('mia-seat-menu').getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: 'Start game' }).click();
    await expect(page.getByRole('dialog', { name: 'A game is under way' })).toBeVisible();
    await shot('5-a-game-under-way');
    // Set aside: Options from the right lists it, and so does the new-game screen, first.
    await page.getByRole('button', { name: 'Set it aside and start' }).click();
    await page.locator('mia-seat-bar[side="right"]').getByRole('button', { name: /^Menu/ }).click();
    await page
      .locator('mia-seat-menu')
      .getByRole('button', { name: 'Options', exact: true })
      .click();
    await expect(page.locator('mia-aside-games')).toContainText('Bo');
    await shot('6-options-set-aside-right');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator('mia-seat-bar[side="left"]').getByRole('button', { name: /^Menu/ }).click();
    await page.locator('mia-seat-menu').getByRole('button', { name: 'New game' }).click();
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await shot('7-new-game-set-aside');
  });

  test(`table mode with the cup, ${name}`, async ({ page }) => {
    const shot = (what: string) =>
      page.screenshot({ path: `screenshots/cup-${name}-${what}.png`, animations: 'disabled' });
    await page.setViewportSize(size);
    await page.goto('/?cup=sim');
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table' })),
    );
    await page.reload();
    await startGame(page, ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn', 'Astrid'], 'pub');
    await shot('1-sim');
    await page.getByTestId('sim-shake').click();
    await claim(page, 54);
    await shot('2-sim-turned');
    await page.getByTestId('cup-compact').locator('summary').click();
    await shot('3-sim-panel-open');
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ locale: 'nb', layout: 'table' })),
    );
    await page.reload();
    await expect(page.getByTestId('cup-compact')).toContainText('Simulert');
    await shot('4-sim-nb');
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ locale: 'de', layout: 'table' })),
    );
    await page.reload();
    await expect(page.getByTestId('cup-compact')).toContainText('Simuliert');
    await shot('5-sim-de');
  });

  cupTest(`table mode with a Bluetooth cup, ${name}`, async ({ page, cup }) => {
    const shot = (what: string) =>
      page.screenshot({ path: `screenshots/cup-${name}-${what}.png`, animations: 'disabled' });
    await page.setViewportSize(size);
    await openWithCup(page);
    await page.evaluate(() =>
      localStorage.setItem('mia-cup.prefs', JSON.stringify({ layout: 'table' })),
    );
    await cup.reload(); // the emulated adapter made again for the new page
    await startGame(page, ['Erik', 'Snorri', 'Olaf', 'Ingrid', 'Bjørn', 'Astrid'], 'pub');
    await shot('6-bluetooth-not-in-use');
    await connect(page);
    await shot('7-bluetooth-connected');
    await floodLidLifts(cup, 3 * MAX_EVENT_BURST);
    await expect(page.getByTestId('cup-compact-warning')).toBeVisible();
    await shot('8-bluetooth-warning');
    await page.getByTestId('cup-compact').locator('summary').click();
    await shot('9-bluetooth-panel-open');
  });
}
