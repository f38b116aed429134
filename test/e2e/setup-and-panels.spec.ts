import {
  test,
  expect,
  claim,
  livesShown,
  openFresh,
  peek,
  roll,
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
  await expect(page.getByRole('alert')).toHaveText('Two players are called bo.');
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
  await page.getByRole('button', { name: 'New game' }).click();
  expect(await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
    'Bo',
    'Dag',
    'Cy',
  ]);
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

test('warnings from the cup are listed, not hidden', async ({ page }) => {
  await openFresh(page);
  await page.evaluate(() => {
    const el = document.createElement('mia-warnings');
    el.id = 'alone';
    Object.assign(el, {
      players: [
        { name: 'Ann', lives: 3 },
        { name: 'Bo', lives: 3 },
      ],
      warnings: [
        {
          code: 'shake-while-lifting',
          event: 'CUP.SHAKE',
          phase: 'lifting',
          turn: 1,
          round: 2,
          message: 'x',
        },
        {
          code: 'future-code',
          event: 'CUP.LID_OPEN',
          phase: 'opening',
          turn: 0,
          round: 3,
          message: 'Machine words.',
        },
      ],
    });
    document.body.prepend(el);
  });
  const items = page.locator('#alone li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveText(
    '⚠ Round 2, Bo to act: The cup was shaken while the lifted dice were awaited.',
  );
  await expect(items.nth(1)).toHaveText('⚠ Round 3, Ann to act: Machine words.');
});
