/**
 * Storage that fails (issue 14): IndexedDB missing, refusing to open, blocked by another page,
 * refusing writes (quota), cleared under a running game, or throwing during the upgrade. Each
 * time the game goes on in memory, the table sees one calm message, the export holds every
 * step (and reads back through the stored-record reader), and once storage is back the steps
 * are stored: a reload brings back the same table. What was stored is never overwritten.
 */
import type { Page } from '@playwright/test';
import { SCHEMA_VERSION, readStoredGame } from '../../src/game';
import { readFileSync } from 'node:fs';
import {
  test,
  expect,
  claim,
  dice,
  lift as liftCup,
  livesShown,
  openFresh,
  roll,
  saved,
  startGame,
} from './fixtures';
import {
  blankPage,
  canonical,
  downloaded,
  expectMessage,
  injectFault,
  lift,
  seedOldDatabase,
  setFault,
  storageMessage,
  storedGameKeys,
  tableState,
} from './storage-faults';

/** A game as the version before the log stored it (four players, three rounds, mid-round). */
const v2Rounds = JSON.parse(
  readFileSync(
    new URL('../unit/game/fixtures/stored-game-v2-rounds.json', import.meta.url),
    'utf8',
  ),
) as { snapshot: { value: string; context: { rules: unknown } } };

/** Four steps of a lizumo game: Ann rolls and claims 65, Bo lifts, the dice show 31. */
async function playRound(page: Page): Promise<void> {
  await roll(page);
  await claim(page, 65);
  await liftCup(page);
  await dice(page, 3, 1);
}

/** The export holds every step, and the reader brings back the same game from it. */
async function exportHoldsEverything(page: Page, steps: number): Promise<void> {
  const exported = await downloaded(page, 'Export the game');
  expect(exported).toMatchObject({ app: 'mia-cup', schema: SCHEMA_VERSION });
  expect(exported.steps).toHaveLength(steps);
  const read = readStoredGame(exported);
  if (read.kind !== 'ok') throw new Error(`the export does not read back: ${read.kind}`);
  const { value, context } = read.actor.getSnapshot();
  expect(canonical({ value, context })).toBe(await tableState(page));
}

/** Storage is back: "Try again" stores every step, and a reload shows the same table. */
async function retryStoresEverything(page: Page): Promise<void> {
  const before = await tableState(page);
  await lift(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(storageMessage(page)).toHaveText('');
  await saved(page);
  await page.reload();
  await expect(page.locator('mia-table')).toBeVisible();
  expect(await tableState(page)).toBe(before);
}

for (const [fault, problem] of [
  ['missing', 'does not let Mia Cup store anything'],
  ['open-refused', 'does not let Mia Cup store anything'],
  ['quota', 'storage is full'],
] as const) {
  test(`storage ${fault}: the game goes on, one calm message, export, and the retry stores every step`, async ({
    page,
  }) => {
    await injectFault(page, fault);
    await openFresh(page);
    await startGame(page, ['Ann', 'Bo'], 'lizumo');
    await playRound(page);
    await roll(page);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(1);
    await expectMessage(page, problem);
    expect(await livesShown(page)).toEqual([5, 6]);
    await exportHoldsEverything(page, 5);
    await retryStoresEverything(page);
    expect(await livesShown(page)).toEqual([5, 6]);
  });
}

test('storage cleared under a running game: stored again as a whole when it can be', async ({
  page,
}) => {
  await injectFault(page, 'open-refused', false);
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await playRound(page);
  await saved(page);
  // The browser clears the site's data while it cannot be opened again.
  await setFault(page, 'open-refused');
  await page.evaluate(async () => {
    const factory = window.indexedDB;
    await new Promise((resolve) => {
      const request = IDBFactory.prototype.deleteDatabase.call(factory, 'mia-cup');
      request.onsuccess = request.onerror = resolve;
    });
  });
  await expectMessage(page, 'The browser cleared what Mia Cup had stored.');
  await roll(page);
  await claim(page, 42);
  await exportHoldsEverything(page, 6);
  await retryStoresEverything(page);
});

test('IndexedDB blocked by another page: play in memory, then stored, the old game set aside', async ({
  page,
  context,
}) => {
  await seedOldDatabase(page, v2Rounds);
  // Another page holds the old database open and never lets go: the upgrade waits.
  const holder = await context.newPage();
  await blankPage(holder);
  await holder.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('mia-cup', 1);
        open.onsuccess = () => {
          (window as unknown as { held: IDBDatabase }).held = open.result;
          resolve();
        };
      }),
  );
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
  await expectMessage(page, 'does not let Mia Cup store anything');
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await playRound(page);
  await exportHoldsEverything(page, 4);
  const before = await tableState(page);

  await holder.evaluate(() => (window as unknown as { held: IDBDatabase }).held.close());
  await roll(page); // the next step finds the storage back
  await expect(storageMessage(page)).toHaveText('');
  await saved(page);
  expect(await storedGameKeys(page)).toEqual(['aside:game-2', 'current', 'table-view']);
  await page.reload();
  await expect(page.locator('mia-table')).toBeVisible();
  expect(await tableState(page)).not.toBe(before);
  expect(await livesShown(page)).toEqual([5, 6]);
});

test('an upgrade that throws: the old game stays as it was, the new one is stored once storage works', async ({
  page,
}) => {
  await seedOldDatabase(page, v2Rounds);
  await injectFault(page, 'upgrade-throws');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
  await expectMessage(page, 'does not let Mia Cup store anything');
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await playRound(page);
  await exportHoldsEverything(page, 4);
  await retryStoresEverything(page);
  expect(await storedGameKeys(page)).toEqual(['aside:game-2', 'current', 'table-view']);

  // Options lists the set-aside game: it downloads as it was stored, and can be let go.
  const options = page.locator('mia-dialog-button[data-dialog="options"]');
  await options.getByRole('button', { name: 'Options', exact: true }).click();
  const aside = page.locator('mia-aside-games li');
  await expect(aside).toHaveCount(1);
  await expect(aside).toContainText('Ann, Bo, Cy, and Dag: round 4, started');
  const kept = await downloaded(page, 'Download');
  expect(canonical(kept)).toBe(canonical(v2Rounds));
  expect(readStoredGame(kept).kind).toBe('ok');
  await aside.getByRole('button', { name: 'Delete' }).click();
  await expect(aside).toHaveCount(1);
  await aside.getByRole('button', { name: 'Delete for good' }).click();
  await expect(aside).toHaveCount(0);
  expect(await storedGameKeys(page)).toEqual(['current', 'table-view']);
  await page.keyboard.press('Escape');
  await page.reload();
  expect(await livesShown(page)).toEqual([5, 6]);
});

test('a game stored by the version before the log opens as it was, and plays on', async ({
  page,
}) => {
  await seedOldDatabase(page, v2Rounds);
  await page.goto('/');
  await expect(page.locator('mia-table')).toBeVisible();
  // As stored, but for the player limit the rules have had since (schema 3), and each warning
  // counted once (schema 5 counts a warning repeated before the next step).
  const shown = JSON.parse(await tableState(page)) as { context: object; value: unknown };
  const { context, value } = v2Rounds.snapshot;
  const counted = {
    ...context,
    warnings: (context as unknown as { warnings: object[] }).warnings.map((w) => ({
      ...w,
      count: 1,
    })),
  };
  expect(
    canonical({ value: shown.value, context: { ...shown.context, rules: context.rules } }),
  ).toBe(canonical({ value, context: counted }));
  expect(await livesShown(page)).toEqual([5, 5, 6, 5]);
  await liftCup(page);
  await saved(page);
  const after = await tableState(page);
  await page.reload();
  await expect(page.locator('mia-dice-entry')).toBeVisible();
  expect(await tableState(page)).toBe(after);
  await expect(storageMessage(page)).toHaveText('');
  void openFresh;
});

test('writes that keep failing: one message for every step, never one per step', async ({
  page,
}) => {
  await injectFault(page, 'quota', false);
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await saved(page);
  // Count each time the table is told that storing fails, and each message put on screen.
  await page.evaluate(() => {
    const counts = { told: 0, shown: 0 };
    (window as unknown as { counts: typeof counts }).counts = counts;
    const app = document.querySelector('mia-app')!;
    app.storage.subscribe((state) => {
      if (state.status.state === 'failing') counts.told += 1;
    });
    const status = app.shadowRoot!.querySelector('mia-storage-status')!.shadowRoot!;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof Element)) continue;
        counts.shown += node.matches('[data-problem]')
          ? 1
          : node.querySelectorAll('[data-problem]').length;
      }
    }).observe(status, { childList: true, subtree: true });
  });
  await setFault(page, 'quota');
  // Seven steps, each refused.
  await playRound(page);
  await roll(page);
  await claim(page, 42);
  await liftCup(page);
  await expectMessage(page, 'storage is full');
  await dice(page, 4, 2);
  await saved(page);
  await expect(page.getByText('Not stored on this device')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(1);
  const counts = await page.evaluate(() => (window as unknown as { counts: unknown }).counts);
  expect(counts).toEqual({ told: 1, shown: 1 });
  await exportHoldsEverything(page, 8);
});
