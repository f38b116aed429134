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
  startGame,
  toAct,
  verdict,
} from './fixtures';

test('the worked example of 000, played by taps alone', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Erik', 'Snorri', 'Olaf'], 'longhall');
  expect(await livesShown(page)).toEqual([3, 3, 3]);

  // Round 1: Erik 54, Snorri rolls 41 and says 61, Olaf passes 61 blind, Erik lifts: 41.
  await expect(toAct(page)).toHaveText('Erik');
  await roll(page);
  await claim(page, 54);
  await expect(page.getByTestId('standing')).toHaveText('54');
  await roll(page);
  await claim(page, 61);
  await passBlind(page, 61);
  await expect(page.locator('mia-standing-claim')).toContainText('Olaf');
  await expect(page.locator('mia-standing-claim')).toContainText('passed blind');
  await lift(page);
  await dice(page, 1, 4);
  await expect(verdict(page)).toHaveText('Dice 41, claim 61: Olaf bluffed and loses 1 life.');
  await expect(page.locator('mia-verdict')).toContainText('Olaf opens round 2.');
  expect(await livesShown(page)).toEqual([3, 3, 2]);

  // Round 2: Olaf 44, Erik lifts: 44 stands.
  await expect(toAct(page)).toHaveText('Olaf');
  await roll(page);
  await claim(page, 44);
  await lift(page);
  await dice(page, 4, 4);
  await expect(verdict(page)).toHaveText(
    'Dice 44 (double 4), claim 44 (double 4): the claim holds, so Erik loses 1 life.',
  );
  await expect(page.locator('mia-verdict')).toContainText('Olaf opens round 3.');
  expect(await livesShown(page)).toEqual([2, 3, 2]);

  // Round 3: 63, 65, 22, blind 22, blind 22, Snorri must raise: 11; blind 11; Erik lifts: Mia.
  await roll(page);
  await claim(page, 63);
  await roll(page);
  await claim(page, 65);
  await roll(page);
  await claim(page, 22);
  await passBlind(page, 22);
  await passBlind(page, 22);
  await expect(toAct(page)).toHaveText('Snorri');
  // Snorri called 22 first: he cannot hand it on blind again, only raise.
  await page.locator('mia-actions [data-action="PASS_BLIND"]').click();
  await expect(page.locator('mia-claim-picker button[data-score="22"]')).toBeDisabled();
  await expect(page.locator('mia-claim-picker button[data-score="11"]')).toBeEnabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await roll(page);
  await claim(page, 11);
  await passBlind(page, 11);
  await lift(page);
  await dice(page, 2, 1);
  await expect(verdict(page)).toHaveText(
    'Dice 21 (Mia), claim 11 (double 1): the claim holds, so Erik loses 2 lives.',
  );
  const details = page.locator('mia-verdict');
  await expect(details).toContainText('Mia was under the cup, so the loser loses 2 lives.');
  await expect(details).toContainText('Erik is out.');
  await expect(details).toContainText('Olaf opens round 4.');
  expect(await livesShown(page)).toEqual([0, 3, 2]);
  await expect(page.locator('mia-players li[data-seat="0"]')).toHaveClass(/out/);
  await expect(toAct(page)).toHaveText('Olaf');
  // The verdict is announced in a live region too.
  await expect(
    page.locator('mia-table [aria-live="polite"]').filter({ hasText: 'Erik is out.' }),
  ).toHaveCount(1);
});
