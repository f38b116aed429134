/**
 * Issue #28, 2: a running game is never lost by starting another. Starting a new game while one
 * is under way asks once, in words; the old game is set aside, listed at the top of the
 * new-game screen with "Back to the game", and resumed as it was left, also after a reload.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, claim, openFresh, roll, saved, startGame } from './fixtures';

const undo = (page: Page) => page.locator('mia-toolbar').getByRole('button', { name: /Undo/ });
const newGame = (page: Page) =>
  page.locator('mia-toolbar').getByRole('button', { name: 'New game' }).click();

test('a game under way is set aside for a new one, listed, and resumed as it was left', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'longhall');
  await roll(page);
  await claim(page, 54);
  await expect(page.getByTestId('standing')).toHaveText('54');
  await newGame(page);

  // "Back to the game" comes first, above the set-up, in the first screenful.
  const back = page.getByRole('button', { name: 'Back to the game' });
  await expect(back).toBeInViewport();
  const backBox = (await back.boundingBox())!;
  const setupBox = (await page.locator('mia-new-game').boundingBox())!;
  expect(backBox.y + backBox.height).toBeLessThanOrEqual(setupBox.y);

  const inputs = page.locator('mia-new-game input');
  await inputs.nth(0).fill('Di');
  await inputs.nth(1).fill('Ed');
  await page.getByRole('button', { name: 'Remove player 3' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  const asked = page.getByRole('dialog', { name: 'A game is under way' });
  await expect(asked).toBeVisible();
  await expect(asked).toContainText(
    'Ann, Bo, and Cy are playing round 1. Starting a new game sets that game aside',
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Keep setting up: nothing happens; Escape is the same.
  await asked.getByRole('button', { name: 'Keep setting up' }).click();
  await expect(asked).toBeHidden();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(asked).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  await expect(page.locator('mia-new-game')).toBeVisible();

  await page.getByRole('button', { name: 'Start game' }).click();
  await asked.getByRole('button', { name: 'Set it aside and start' }).click();
  await expect(page.locator('mia-table')).toBeVisible();
  await expect(page.locator('mia-players')).toContainText('Di');
  await expect(undo(page)).toBeDisabled();
  await roll(page);
  await claim(page, 43);
  await saved(page);

  // The set-aside game is listed at the top of the new-game screen, and resumes as it was.
  await newGame(page);
  const list = page.getByRole('list', { name: 'Set-aside games' });
  const first = list.getByRole('listitem').filter({ hasText: 'Ann, Bo, and Cy' });
  await expect(first).toContainText('round 1');
  await expect(first).toBeInViewport();
  await first.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('standing')).toHaveText('54');
  await expect(page.locator('mia-players')).toContainText('Cy');
  await expect(undo(page)).toBeEnabled();
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.locator('mia-history')).toContainText('54');
  await page.keyboard.press('Escape');
  await saved(page);

  // After a reload: the resumed game, and the other one still set aside (not begun: no).
  await page.reload();
  await expect(page.getByTestId('standing')).toHaveText('54');
  await newGame(page);
  const second = list.getByRole('listitem').filter({ hasText: 'Di and Ed' });
  await expect(second).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await second.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('standing')).toHaveText('43');
});

test('a game not begun, or over, is replaced without asking', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'longhall');
  await newGame(page);
  await startGame(page, ['Cy', 'Di'], 'longhall');
  await expect(page.locator('mia-players')).toContainText('Cy');
  await newGame(page);
  await expect(page.getByRole('list', { name: 'Set-aside games' })).toHaveCount(0);
});
