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
  toAct,
  verdict,
} from './fixtures';

test('a reload in the middle of a lift brings back exactly the same table', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Erik', 'Snorri', 'Olaf'], 'longhall');
  await roll(page);
  await claim(page, 54);
  await roll(page);
  await claim(page, 61);
  await passBlind(page, 61);
  await lift(page);
  await expect(page.locator('mia-actions')).toContainText("Erik lifts Olaf's 61.");
  await saved(page);

  await page.reload();
  await expect(page.locator('mia-actions')).toContainText("Erik lifts Olaf's 61.");
  await expect(page.getByTestId('standing')).toHaveText('61');
  await expect(page.locator('mia-standing-claim')).toContainText('passed blind');
  await expect(page.locator('mia-standing-claim li')).toHaveCount(3);
  expect(await livesShown(page)).toEqual([3, 3, 3]);

  // It plays on: the dice settle the lift, and undo still reaches back before the reload.
  await dice(page, 4, 1);
  await expect(verdict(page)).toHaveText('Dice 41, claim 61: Olaf bluffed and loses 1 life.');
  expect(await livesShown(page)).toEqual([3, 3, 2]);
  await saved(page);
  await page.reload();
  expect(await livesShown(page)).toEqual([3, 3, 2]);
  await expect(verdict(page)).toHaveText('Dice 41, claim 61: Olaf bluffed and loses 1 life.');
});

test('a claim tapped right before a reload is kept: its write commits at once', async ({
  page,
}) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'longhall');
  await roll(page);
  await saved(page);
  // The tap and the reload in one task, on a slow tablet: the page goes before it hears the
  // write succeed (the service worker answers the reload at once).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.locator('mia-claim-picker button[data-score="54"]').evaluate((button: HTMLElement) => {
    button.click();
    location.reload();
  });
  await expect(page.getByTestId('standing')).toHaveText('54');
  await expect(toAct(page)).toHaveText('Bo');
});

test('undo takes back a settled lift, then step after step', async ({ page }) => {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  const undo = page.locator('mia-toolbar').getByRole('button', { name: /Undo/ });
  await expect(undo).toBeDisabled();
  await roll(page);
  await claim(page, 65);
  await lift(page);
  await dice(page, 3, 1);
  await expect(verdict(page)).toHaveText('Dice 31, claim 65: Ann bluffed and loses 1 life.');
  expect(await livesShown(page)).toEqual([5, 6]);

  await undo.click();
  expect(await livesShown(page)).toEqual([6, 6]);
  await expect(verdict(page)).toHaveCount(0);
  await expect(page.locator('mia-dice-entry')).toBeVisible();
  await expect(page.locator('mia-actions')).toContainText("Bo lifts Ann's 65.");

  await undo.click();
  await expect(toAct(page)).toHaveText('Bo');
  await expect(page.locator('mia-actions [data-action="LIFT"]')).toBeVisible();
  await undo.click();
  await expect(page.locator('mia-claim-picker')).toBeVisible();
  await page.keyboard.press('u');
  await expect(page.getByTestId('standing')).toHaveText('No claim yet');
  await expect(page.locator('mia-actions [data-action="ROLL"]')).toBeVisible();
  await expect(undo).toBeDisabled();

  // The undone steps stay undone after a reload.
  await saved(page);
  await page.reload();
  await expect(page.locator('mia-actions [data-action="ROLL"]')).toBeVisible();
  expect(await livesShown(page)).toEqual([6, 6]);
});

test('an unreadable stored game is explained, downloadable, and replaceable', async ({ page }) => {
  await openFresh(page);
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mia-cup');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('games', 'readwrite');
      tx.objectStore('games').put({ schema: 1, input: 'torn', snapshot: 42 }, 'current');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  await page.reload();
  await expect(page.getByText('The saved game cannot be opened')).toBeVisible();
  await expect(page.getByText('The stored data is damaged.')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the saved data' }).click(),
  ]);
  const text = await (await download.createReadStream()).toArray();
  expect(JSON.parse(Buffer.concat(text).toString('utf8'))).toEqual({
    schema: 1,
    input: 'torn',
    snapshot: 42,
  });

  await page.getByRole('button', { name: 'Start a new game' }).click();
  await startGame(page, ['Ann', 'Bo'], 'box');
  await saved(page);
  await page.reload();
  await expect(page.locator('mia-table')).toBeVisible();
  await expect(toAct(page)).toHaveText('Ann');
});
