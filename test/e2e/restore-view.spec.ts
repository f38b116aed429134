/**
 * A stored game reopens with its table drawn at once from the view stored with its last step,
 * before xstate, the round machine, the table lock and the stored game are there: the code they
 * need is held back here (the xstate chunk waits until the test lets it through), so the drawn
 * table is what the players see and tap. Taps made on it wait and are applied in order once the
 * game is up, or refused with the usual message; a stale view's taps are dropped, said so; a
 * view of an older format is not drawn at all.
 */
import type { Page } from '@playwright/test';
import { TABLE_VIEW_FIELDS } from '../../src/game';
import {
  test,
  expect,
  claim,
  dice,
  lift,
  livesShown,
  openFresh,
  roll,
  saved,
  startGame,
  toAct,
} from './fixtures';

// The service worker would serve the chunks from its cache, past the routes that hold them.
test.use({ serviceWorkers: 'block' });

/** Ann, Bo and Cy: Ann lost a life on a lift, and has rolled in round 2 (no claim yet). */
async function storeARound(page: Page): Promise<void> {
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo', 'Cy'], 'longhall');
  await roll(page);
  await claim(page, 54);
  await lift(page);
  await dice(page, 3, 1);
  await roll(page);
  await expect(page.locator('mia-claim-picker')).toBeVisible();
  expect(await livesShown(page)).toEqual([2, 3, 3]);
  await saved(page);
}

/** Hold back xstate (and with it the app machine and the session) until `release()`. */
async function holdMachine(page: Page): Promise<{ release: () => void; held: Promise<void> }> {
  let release!: () => void;
  let heard!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (heard = resolve));
  await page.route(/\/assets\/xstate[^/]*\.js$/, async (route) => {
    heard();
    await gate;
    await route.continue();
  });
  return { release, held };
}

/**
 * Change fields of the stored table view (in the page, with IndexedDB as the app keeps it): the
 * view is stored as an array, its fields in the order of `TABLE_VIEW_FIELDS`.
 */
async function editView(
  page: Page,
  changes: Partial<Record<(typeof TABLE_VIEW_FIELDS)[number], unknown>>,
): Promise<void> {
  const patch = Object.fromEntries(
    Object.entries(changes).map(([name, value]) => [
      TABLE_VIEW_FIELDS.indexOf(name as (typeof TABLE_VIEW_FIELDS)[number]),
      value,
    ]),
  );
  await page.evaluate(
    (fields) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mia-cup');
        open.onsuccess = () => {
          const tx = open.result.transaction('games', 'readwrite');
          const games = tx.objectStore('games');
          const get = games.get('table-view');
          get.onsuccess = () => {
            games.put(Object.assign([...(get.result as unknown[])], fields), 'table-view');
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    patch,
  );
}

const restoring = (page: Page) => expect(page.locator('mia-app')).not.toHaveAttribute('loaded');

test('the table is drawn from its view before the machine, and taps made on it are applied in order', async ({
  page,
}) => {
  await storeARound(page);
  const { release, held } = await holdMachine(page);
  await page.reload({ waitUntil: 'commit' });
  await held;
  // The whole table, drawn while the machine is held back.
  await expect(toAct(page)).toHaveText('Ann');
  expect(await livesShown(page)).toEqual([2, 3, 3]);
  await expect(page.getByTestId('verdict').first()).toContainText('Dice 31, claim 54');
  await expect(page.locator('mia-claim-picker')).toBeVisible();
  await restoring(page);
  // Two taps on the drawn table: 62, then 43 (Bo's to make once 62 stands, after a roll).
  await claim(page, 62);
  await claim(page, 43);
  await restoring(page);
  release();

  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  await expect(page.getByTestId('standing')).toHaveText('62');
  await expect(toAct(page)).toHaveText('Bo');
  await expect(page.locator('mia-actions .refused')).toHaveText('Roll the dice first.');
  // The applied step is the game's own: stored, and undone like any other.
  await saved(page);
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId('standing')).toHaveText('62');
  await page.locator('mia-toolbar').getByRole('button', { name: /Undo/ }).click();
  await expect(page.locator('mia-claim-picker')).toBeVisible();
  await expect(page.getByTestId('standing')).toHaveText('No claim yet');
});

test('a stale view is replaced by the stored game, and its taps are dropped, said so', async ({
  page,
}) => {
  await storeARound(page);
  // The view says Cy has one life left: not the stored game.
  await editView(page, { l: [2, 3, 1] });
  const { release, held } = await holdMachine(page);
  await page.reload({ waitUntil: 'commit' });
  await held;
  await expect(page.locator('mia-claim-picker')).toBeVisible();
  expect(await livesShown(page)).toEqual([2, 3, 1]);
  await claim(page, 62);
  release();

  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  await expect.poll(() => livesShown(page)).toEqual([2, 3, 3]);
  await expect(page.getByTestId('standing')).toHaveText('No claim yet');
  await expect(page.locator('mia-actions .refused')).toHaveText(
    'The game had moved on while the table opened: what you tapped then was not applied.',
  );
  await expect(page.locator('mia-claim-picker')).toBeVisible();
});

test('a view from an older version is not drawn: the table opens the usual way', async ({
  page,
}) => {
  await storeARound(page);
  await editView(page, { v: 0 });
  const { release, held } = await holdMachine(page);
  await page.reload({ waitUntil: 'commit' });
  await held;
  await expect(page.locator('mia-app .loading')).toHaveText('Opening the table…');
  await expect(page.locator('mia-table')).toHaveCount(0);
  release();

  await expect(page.locator('mia-claim-picker')).toBeVisible();
  expect(await livesShown(page)).toEqual([2, 3, 3]);
  await expect(toAct(page)).toHaveText('Ann');
  // The next step writes a view of this version again, and the table is drawn from it.
  await claim(page, 62);
  await saved(page);
  const again = await holdMachine(page);
  await page.reload({ waitUntil: 'commit' });
  await again.held;
  await expect(page.getByTestId('standing')).toHaveText('62');
  await restoring(page);
  again.release();
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
});

test("the page's head opens the database and reads the view as the page loads: the app takes that opening", async ({
  page,
}) => {
  await storeARound(page);
  await page.addInitScript(() => {
    const opens: string[] = [];
    Object.assign(window, { opens });
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, name: string) {
      // A classic script in the page (the head's) has a current script; a module has none.
      if (name === 'mia-cup') opens.push(document.currentScript ? 'head' : 'module');
      // eslint-disable-next-line prefer-rest-params
      return open.apply(this, arguments as unknown as Parameters<typeof open>);
    };
  });
  await page.reload();
  await expect(page.locator('mia-app')).toHaveAttribute('loaded');
  await expect(page.locator('mia-claim-picker')).toBeVisible();
  expect(await livesShown(page)).toEqual([2, 3, 3]);
  // One opening in all: the head's, which the drawn table and then the game's store took over.
  expect(await page.evaluate(() => (window as unknown as { opens: string[] }).opens)).toEqual([
    'head',
  ]);
});
