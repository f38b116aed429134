import {
  test,
  expect,
  acceptMia,
  claim,
  dice,
  lift,
  livesShown,
  openFresh,
  roll,
  startGame,
  toAct,
} from './fixtures';

/** A table row's cells, written as one line of words. */
/** A row's cells, the first a place: its number, then its words for screen readers. */
const cells = (words: string) => {
  const [place, ...rest] = words.split(' ');
  return [new RegExp(`^${place}(?!\\d)`), ...rest];
};

test('a game played to the end, exported, then a rematch', async ({ page }) => {
  await openFresh(page);
  // Pub rules with 1 life, but the last player standing wins.
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'pub', {
    lives: 1,
    adjust: async (p) => {
      await p.locator('[data-setting="end"][data-value="last-standing"]').click();
      await expect(p.getByText('Adjusted rules')).toBeVisible();
    },
  });
  expect(await livesShown(page)).toEqual([1, 1, 1]);

  // Round 1: Ann claims 65 falsely, Bo lifts: Ann is out.
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 3, 2);
  await expect(page.locator('mia-verdict')).toContainText('Ann is out.');
  await expect(page.locator('mia-verdict')).toContainText('Bo opens round 2.');
  // Round 2: Bo (after the loser) claims Mia; Cy gives up to it.
  await expect(toAct(page)).toHaveText('Bo');
  await roll(page);
  await claim(page, 21);
  await expect(toAct(page)).toHaveText('Cy');
  await expect(page.locator('mia-actions [data-action="ROLL"]')).toHaveCount(0);
  await acceptMia(page);

  const over = page.locator('mia-game-over');
  await expect(over.getByTestId('result')).toHaveText('Bo wins!');
  await expect(over).toContainText("Cy gives up to Bo's Mia and loses 1 life.");
  // Each row's cells as seen: the place (its number, said in words for screen readers), the
  // player (the row's header), then the figures.
  const row = (seat: number) => over.locator(`tr[data-seat="${seat}"] > :is(td, th)`);
  // Place, player, lives; lifts made, won, lost; caught, bluffs survived, lies low, blind
  // passes, Mias rolled, Mias called; lives lost: caught, wrong lift, given up to a Mia.
  await expect(row(0)).toHaveText(cells('3 Ann 0 0 0 0 1 0 0 0 0 0 1 0 0'));
  await expect(row(1)).toHaveText(cells('1 Bo 1 1 1 0 0 0 0 0 0 1 0 0 0'));
  await expect(row(2)).toHaveText(cells('2 Cy 0 0 0 0 0 0 0 0 0 0 0 0 1'));

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('mia-history')).toContainText('Round 2, opened by Bo');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export game log' }).click(),
  ]);
  await page.getByRole('button', { name: 'Close' }).click();
  expect(download.suggestedFilename()).toMatch(/^mia-cup-game-.*\.json$/);
  const log = JSON.parse(
    Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8'),
  );
  expect(log.over).toBe(true);
  expect(log.result).toEqual({ kind: 'last-standing', winner: 1 });
  expect(log.rounds).toHaveLength(2);
  expect(log.rounds[0].summary).toContain('Dice 32, claim 65: Ann bluffed and loses 1 life.');
  expect(log.input.players).toEqual(['Ann', 'Bo', 'Cy']);

  // A mistyped final step can still be undone from the game-over screen.
  await page.locator('mia-toolbar').getByRole('button', { name: /Undo/ }).click();
  await expect(page.locator('mia-actions [data-action="ACCEPT_MIA"]')).toBeVisible();
  await acceptMia(page);
  await expect(over.getByTestId('result')).toHaveText('Bo wins!');

  await page.getByRole('button', { name: 'Rematch' }).click();
  await expect(page.locator('mia-table')).toBeVisible();
  expect(await livesShown(page)).toEqual([1, 1, 1]);
  await expect(toAct(page)).toHaveText('Ann');
  await expect(page.getByTestId('standing')).toHaveText('No claim yet');
});

test('the first player out loses the game where the table says so', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'pub', { lives: 2 });
  // Ann bluffs and is caught; then Bo (after the loser) opens with a true 65 and Ann lifts it.
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 3, 2);
  await expect(page.locator('mia-verdict')).toContainText('Bo opens round 2.');
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 5, 6);
  const result = page.locator('mia-game-over').getByTestId('result');
  await expect(result).toHaveText('Ann is out first and loses!');
  await expect(page.locator('mia-game-over tr[data-seat="1"] > :is(td, th)').nth(2)).toHaveText(
    '2',
  );
});
