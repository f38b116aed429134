import type { Page } from '@playwright/test';
import { test, expect, claim, dice, lift, openFresh, roll, saved, startGame } from './fixtures';

/** Rows of a scoreboard table: name, games, won, average place. */
const rows = (page: Page, scope: string) =>
  page
    .locator(`${scope} mia-scoreboard [data-testid="scoreboard"] tr.line`)
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((td) => td.textContent?.trim())),
    );

/** Ann opens with 65; Bo lifts; the dice say who wins the one-life game. */
async function playOne(page: Page, annBluffs: boolean): Promise<void> {
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await (annBluffs ? dice(page, 3, 2) : dice(page, 6, 5));
  await expect(page.locator('mia-game-over')).toBeVisible();
}

test('the scoreboard adds up games of the same players, once each, and resets', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'longhall', { lives: 1 });
  await playOne(page, true);
  await expect
    .poll(() => rows(page, 'mia-game-over'))
    .toEqual([
      ['Bo', '1', '1', '1.00'],
      ['Ann', '1', '0', '2.00'],
    ]);

  await page.getByRole('button', { name: 'Rematch' }).click();
  await playOne(page, false);
  await expect
    .poll(() => rows(page, 'mia-game-over'))
    .toEqual([
      ['Ann', '2', '1', '1.50'],
      ['Bo', '2', '1', '1.50'],
    ]);
  await expect(page.locator('mia-game-over mia-scoreboard')).toContainText(
    'Games finished with these players: 2',
  );

  // Undoing the end and finishing again, or reloading, counts the game once.
  await page.locator('mia-toolbar').getByRole('button', { name: /Undo/ }).click();
  await expect(page.locator('mia-table')).toBeVisible();
  await dice(page, 6, 5);
  await saved(page);
  await page.reload();
  await expect(page.locator('mia-game-over')).toBeVisible();
  await expect
    .poll(() => rows(page, 'mia-game-over'))
    .toEqual([
      ['Ann', '2', '1', '1.50'],
      ['Bo', '2', '1', '1.50'],
    ]);

  // From the toolbar (Stats), during the next game (seats swapped: the same players).
  await page.locator('mia-game-over').getByRole('button', { name: 'New game' }).click();
  await startGame(page, ['Bo', 'Ann'], 'longhall', { lives: 1 });
  const board = page.locator('mia-dialog-button[data-dialog="stats"]');
  await board.getByRole('button', { name: 'Stats' }).click();
  await expect(board.getByRole('dialog', { name: 'Stats' })).toBeVisible();
  await expect
    .poll(() => rows(page, 'mia-dialog-button[data-dialog="stats"]'))
    .toEqual([
      ['Bo', '2', '1', '1.50'],
      ['Ann', '2', '1', '1.50'],
    ]);
  await board.getByRole('button', { name: 'Reset scoreboard' }).click();
  await board.getByRole('button', { name: 'Keep it' }).click();
  await expect(board.getByTestId('scoreboard')).toBeVisible();
  await board.getByRole('button', { name: 'Reset scoreboard' }).click();
  await board.getByRole('button', { name: 'Yes, reset' }).click();
  await expect(board.getByTestId('scoreboard-empty')).toHaveText(
    'No finished games with these players yet.',
  );
  await page.reload();
  await board.getByRole('button', { name: 'Stats' }).click();
  await expect(board.getByTestId('scoreboard-empty')).toBeVisible();
});
