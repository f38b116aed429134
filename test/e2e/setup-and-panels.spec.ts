import {
  test,
  expect,
  claim,
  lift,
  livesShown,
  openFresh,
  peek,
  roll,
  saved,
  startGame,
  toAct,
} from './fixtures';

test('the new-game screen edits players and remembers the last set-up', async ({ page }) => {
  await openFresh(page);
  const inputs = page.locator('mia-new-game input');
  await expect(inputs).toHaveCount(3);
  await inputs.nth(0).fill('Ann');
  await inputs.nth(1).fill('Bo');
  await inputs.nth(2).fill('Cy');
  await page.getByRole('button', { name: 'Add player' }).click();
  await inputs.nth(3).fill('Dag');
  await page.getByRole('button', { name: 'Move player 4 up' }).click();
  await page.getByRole('button', { name: 'Remove player 1' }).click();
  await expect(inputs).toHaveCount(3);
  // Two players with one name cannot start.
  await inputs.nth(2).fill('bo');
  await expect(page.getByRole('alert')).toHaveText('Two players are called Bo.');
  // Three with one name: said once, not once per repeat.
  await inputs.nth(1).fill('BO');
  await expect(page.getByRole('alert')).toHaveText('3 players are called Bo.');
  await inputs.nth(1).fill('Dag');
  await expect(page.getByRole('button', { name: 'Start game' })).toBeDisabled();
  await inputs.nth(2).fill('Cy');
  await page.getByRole('button', { name: 'Player 2 opens' }).click();
  await page.locator('mia-new-game [data-preset="norwegian"]').click();
  await page.locator('[data-setting="lieCostsTwo"][data-value="true"]').click();
  await page.getByRole('button', { name: 'Start game' }).click();

  await expect(page.locator('mia-players .name')).toHaveText(['Bo', 'Dag', 'Cy']);
  await expect(toAct(page)).toHaveText('Dag');
  await page.getByRole('button', { name: 'Rules' }).click();
  await expect(page.locator('mia-rules-panel')).toContainText('Table rules (adjusted)');
  await expect(page.locator('mia-rules-panel')).toContainText('Any caught lie costs 2 lives.');
  await page.getByRole('button', { name: 'Close' }).click();

  // New game (the running one stays until another starts), and after a reload too.
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(inputs).toHaveCount(3);
  await expect(inputs.nth(1)).toHaveValue('Dag');
  await page.getByRole('button', { name: 'Back to the game' }).click();
  await expect(toAct(page)).toHaveText('Dag');
  await page.reload();
  // Tapped on the table drawn from its stored view: the new-game screen comes once the game is
  // read (the tap waits for it), so its names are waited for.
  await page.getByRole('button', { name: 'New game' }).click();
  await expect
    .poll(() => inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
    .toEqual(['Bo', 'Dag', 'Cy']);
  await expect(page.getByRole('button', { name: 'Player 2 opens' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('[data-setting="lieCostsTwo"][data-value="true"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('where believers look: look, keep and raise, or re-roll', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'pub');
  await roll(page);
  await claim(page, 43);
  // Believing is one "Look" button: no roll without looking at such a table.
  await expect(page.locator('mia-actions [data-action="ROLL"]')).toHaveCount(0);
  await expect(page.locator('mia-actions [data-action="PEEK"]')).toHaveText('Look');
  await peek(page);
  await expect(page.locator('mia-actions')).toContainText(
    'Bo looked: keep the dice and announce, or re-roll.',
  );
  await expect(page.locator('mia-actions [data-action="LIFT"]')).toHaveCount(0);
  await claim(page, 52);
  await expect(page.locator('mia-standing-claim')).toContainText('looked and kept');
  await peek(page);
  await page.locator('mia-actions [data-action="ROLL"]').click();
  await claim(page, 61);
  await expect(page.locator('mia-standing-claim')).toContainText('rolled');
  await expect(toAct(page)).toHaveText('Ann');
  expect(await livesShown(page)).toEqual([6, 6, 6]);
});

test('what the cup does that fits no rule is listed as a warning, not hidden', async ({ page }) => {
  await page.goto('/?cup=sim');
  await startGame(page, ['Ann', 'Bo'], 'box');
  await expect(page.locator('mia-sim-cup [part="cup"]')).toBeVisible();
  const warnings = page.locator('mia-table mia-warnings li');
  // The lid is lifted before anyone rolled (O on the simulated cup), then put back.
  await page.keyboard.press('o');
  await expect(warnings).toHaveText([
    '⚠ Round 1, Ann to act: The lid was opened before anyone rolled.',
  ]);
  await page.keyboard.press('o');
  // Again: the same warning, counted (a cup that keeps doing it adds no line per event).
  await expect(page.getByTestId('cup-live-lid')).toHaveText('Lid closed');
  await page.keyboard.press('o');
  await expect(warnings).toHaveText([
    '⚠ Round 1, Ann to act: The lid was opened before anyone rolled. (2 times)',
  ]);
  await page.keyboard.press('o');
  await roll(page);
  await claim(page, 54);
  await lift(page);
  // The cup is shaken while the lifted dice are awaited (S).
  await page.keyboard.press('s');
  await expect(warnings).toHaveText([
    '⚠ Round 1, Ann to act: The lid was opened before anyone rolled. (2 times)',
    '⚠ Round 1, Bo to act: The cup was shaken while the lifted dice were awaited.',
  ]);
  // Kept with the game, and in its history.
  await saved(page);
  await page.reload();
  await expect(warnings).toHaveCount(2);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('mia-history')).toContainText(
    '⚠ The cup was shaken while the lifted dice were awaited.',
  );
  await page.getByRole('button', { name: 'Close' }).click();
});
