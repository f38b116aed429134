import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { GameStore, openEarly } from '../../../src/data';
import { EARLY_GLOBAL } from '../../../src/data/early-open';
import { recordOf } from '../../../src/game';
import { example000 as input, midLift } from '../game/helpers';
import { databases } from './helpers';

const { fresh, keep } = databases('early-open-test');
const exists = async (name: string) =>
  (await indexedDB.databases()).some((database) => database.name === name);

describe('opening the database ahead of the session', () => {
  it('hands its connection to the store, which reads and writes through it', async () => {
    const name = fresh();
    const first = await keep(GameStore.open(name));
    await first.saveGame(recordOf(midLift(), input, 'g'));
    first.close();

    const early = await openEarly(name);
    expect(early).not.toBeNull();
    const store = await keep(GameStore.open(name, { early: Promise.resolve(early) }));
    const loaded = await store.loadGame();
    expect(loaded).toMatchObject({ kind: 'ok', game: { id: 'g' } });
    await store.saveSetup(input);
    expect(await store.loadSetup()).toEqual(input);
    // The same connection: closing the store closes what was opened ahead.
    store.close();
    expect(() => early!.db.transaction('games')).toThrow();
  });

  it("reads the current game's head and table view as it opens", async () => {
    const name = fresh();
    (await keep(GameStore.open(name))).close();
    const db = await openDB(name);
    await db.put('games', { id: 'g' }, 'current');
    await db.put('games', { at: 7 }, 'table-view');
    db.close();
    const early = await openEarly(name);
    expect(early!.records).toEqual([{ id: 'g' }, { at: 7 }]);
    early!.db.close();
  });

  it("takes the opening the page's head started, once", async () => {
    const started = Promise.resolve(null);
    const page = globalThis as Record<string, unknown>;
    page[EARLY_GLOBAL] = started;
    const other = openEarly('another-name');
    expect(other).not.toBe(started);
    expect(await other).toBeNull();
    expect(openEarly()).toBe(started);
    expect(page[EARLY_GLOBAL]).toBeUndefined();
    // Then an opening of its own (the app's database may exist: other tests here use it).
    const next = openEarly();
    expect(next).not.toBe(started);
    (await next)?.db.close();
  });

  it('creates no database when none is stored (the hint was wrong)', async () => {
    const name = fresh();
    expect(await openEarly(name)).toBeNull();
    expect(await exists(name)).toBe(false);
    // The store then opens as usual and creates it.
    const store = await keep(GameStore.open(name, { early: openEarly(name) }));
    expect(await store.loadGame()).toEqual({ kind: 'none' });
    expect(await exists(name)).toBe(true);
  });

  it('lets an older database be upgraded: the early connection steps aside', async () => {
    const name = fresh();
    const old = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('games');
        database.createObjectStore('settings');
      },
    });
    old.close();
    let blocked = false;
    const store = await keep(
      GameStore.open(name, { early: openEarly(name), onBlocked: () => (blocked = true) }),
    );
    expect(blocked).toBe(false);
    expect(await store.loadGame()).toEqual({ kind: 'none' });
    await store.saveSetup(input);
    expect(await store.loadSetup()).toEqual(input);
  });

  it('gives way to another page that upgrades the database before the store took it', async () => {
    const name = fresh();
    (await keep(GameStore.open(name))).close();
    const early = openEarly(name);
    expect(await early).not.toBeNull();
    // A newer app in another page opens a higher version: it is not blocked by this page.
    const newer = await openDB(name, 9, {
      blocked: () => expect.fail('blocked by the early connection'),
    });
    newer.close();
  });

  it('reports a store taken from it when another page upgrades later (as any store)', async () => {
    const name = fresh();
    (await keep(GameStore.open(name))).close();
    let lost = false;
    const store = await GameStore.open(name, {
      early: openEarly(name),
      onLost: () => (lost = true),
    });
    const newer = await openDB(name, 9);
    expect(lost).toBe(true);
    expect(store.lost).toBe(true);
    newer.close();
  });
});
