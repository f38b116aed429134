import {
  test,
  expect,
  claim,
  dice,
  lift,
  livesShown,
  openFresh,
  passBlind,
  roll,
  saved,
  startGame,
  verdict,
} from './fixtures';
import type { Page } from '@playwright/test';

const elsewhere = (page: Page) =>
  page.getByRole('heading', { name: 'This game is open in another window' });
const playHere = (page: Page) => page.getByRole('button', { name: 'Play here' });
const claimsShown = (page: Page) => page.locator('mia-standing-claim li');

/** Show or hide a page as the browser does for a tab brought to the front or sent behind. */
async function setVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((shown) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (shown ? 'visible' : 'hidden'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

test('two pages, one table: the other page takes over, and back, nothing lost or doubled', async ({
  page,
  context,
}) => {
  await openFresh(page);
  await startGame(page, ['Erik', 'Snorri', 'Olaf'], 'longhall');
  await roll(page);
  await claim(page, 54);
  await saved(page);

  // A second tab of the same app only waits: it shows no table and writes nothing.
  const second = await context.newPage();
  await second.goto('/');
  await expect(elsewhere(second)).toBeVisible();
  await expect(second.locator('mia-table')).toHaveCount(0);
  await expect(second.getByText('Only one window keeps the score.')).toBeVisible();

  // The first page is still the table.
  await roll(page);
  await claim(page, 61);
  await expect(claimsShown(page)).toHaveCount(2);

  // The second takes over: it opens the latest game; the first stops and says so.
  await playHere(second).click();
  await expect(second.getByTestId('standing')).toHaveText('61');
  await expect(claimsShown(second)).toHaveCount(2);
  await expect(elsewhere(page)).toBeVisible();
  await expect(page.getByText('This window stopped keeping the score.')).toBeVisible();
  await expect(page.locator('mia-table')).toHaveCount(0);

  await passBlind(second, 61);
  await expect(claimsShown(second)).toHaveCount(3);
  await saved(second);

  // And back to the first page.
  await playHere(page).click();
  await expect(page.getByTestId('standing')).toHaveText('61');
  await expect(page.locator('mia-standing-claim')).toContainText('passed blind');
  await expect(claimsShown(page)).toHaveCount(3);
  await expect(elsewhere(second)).toBeVisible();
  await lift(page);
  await dice(page, 4, 1);
  await expect(verdict(page)).toHaveText('Dice 41, claim 61: Olaf bluffed and loses 1 life.');
  expect(await livesShown(page)).toEqual([3, 3, 2]);
  await saved(page);

  // What is stored is this one game, with every step once. (A reload closes the table page:
  // the waiting page would take the table, so it goes first.)
  await second.close();
  await page.reload();
  await expect(verdict(page)).toHaveText('Dice 41, claim 61: Olaf bluffed and loses 1 life.');
  expect(await livesShown(page)).toEqual([3, 3, 2]);
});

test('closing the table page lets the waiting page take the table with the latest game', async ({
  page,
  context,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  const second = await context.newPage();
  await second.goto('/');
  await expect(elsewhere(second)).toBeVisible();

  await roll(page);
  await claim(page, 54);
  await saved(page);
  await page.close();

  await expect(second.getByTestId('standing')).toHaveText('54');
  await expect(second.locator('mia-actions [data-action="LIFT"]')).toBeVisible();
  await lift(second);
  await dice(second, 5, 4);
  await expect(verdict(second)).toHaveText(
    'Dice 54, claim 54: the claim holds, so Bo loses 1 life.',
  );
  expect(await livesShown(second)).toEqual([6, 5]);
  await saved(second);
  await second.reload();
  expect(await livesShown(second)).toEqual([6, 5]);
  await second.close();
});

test('reloading the table page keeps the table there; a tab behind waits until it is shown', async ({
  page,
  context,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await roll(page);
  await claim(page, 54);
  await saved(page);
  const second = await context.newPage();
  await second.goto('/');
  await expect(elsewhere(second)).toBeVisible();
  await setVisible(second, false);

  // The pub's tablet reloads the page in front: it is the table again, with the game.
  await page.reload();
  await expect(page.getByTestId('standing')).toHaveText('54');
  await lift(page);
  await dice(page, 5, 4);
  await expect(verdict(page)).toHaveText('Dice 54, claim 54: the claim holds, so Bo loses 1 life.');
  await saved(page);
  await expect(elsewhere(second)).toBeVisible();
  await expect(second.locator('mia-table')).toHaveCount(0);

  // The table's page closes; the tab behind takes the table once it is shown, with every step.
  await page.close();
  await expect(elsewhere(second)).toBeVisible();
  await setVisible(second, true);
  await expect(verdict(second)).toHaveText(
    'Dice 54, claim 54: the claim holds, so Bo loses 1 life.',
  );
  expect(await livesShown(second)).toEqual([6, 5]);
});

test('two pages on screen: reloading the table page keeps the table there', async ({
  page,
  context,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await roll(page);
  await claim(page, 54);
  await saved(page);
  const second = await context.newPage();
  await second.goto('/');
  await expect(elsewhere(second)).toBeVisible();
  expect(await second.evaluate(() => document.visibilityState)).toBe('visible');

  // The table's page reloads while the other is on screen: it comes back as the table.
  await page.reload();
  await expect(page.getByTestId('standing')).toHaveText('54');
  await expect(elsewhere(second)).toBeVisible();
  await lift(page);
  await dice(page, 5, 4);
  await expect(verdict(page)).toHaveText('Dice 54, claim 54: the claim holds, so Bo loses 1 life.');
  await saved(page);
  await expect(elsewhere(second)).toBeVisible();
  await expect(second.locator('mia-table')).toHaveCount(0);

  // Still the other page waits for the table: it takes it when the table's page closes.
  await page.close();
  await expect(verdict(second)).toHaveText(
    'Dice 54, claim 54: the claim holds, so Bo loses 1 life.',
  );
  expect(await livesShown(second)).toEqual([6, 5]);
});
