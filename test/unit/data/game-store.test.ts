import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { GameStore } from '../../../src/data';
import { SCHEMA_VERSION, recordOf, restoreGame } from '../../../src/game';
import v1 from '../game/fixtures/stored-game-v1.json';
import { example000 as input, midLift } from '../game/helpers';

import { databases } from './helpers';

const { fresh: freshName, keep } = databases('game-store-test');
const openStore = (name = freshName()) => keep(GameStore.open(name));

describe('stored games', () => {
  it('finds nothing in a new database', async () => {
    const store = await openStore();
    expect(await store.loadGame()).toEqual({ kind: 'none' });
    expect(await store.loadSetup()).toBeNull();
  });

  it('brings back a game in the middle of a lift exactly, and it plays on identically', async () => {
    const store = await openStore();
    const original = midLift();
    await store.saveGame(recordOf(original, input));

    const loaded = await store.loadGame();
    expect(loaded.kind).toBe('ok');
    if (loaded.kind !== 'ok') return;
    expect(loaded.game.schema).toBe(SCHEMA_VERSION);
    expect(loaded.game.input).toEqual(input);
    const restored = restoreGame(loaded.game);
    expect(restored.getSnapshot().value).toBe('lifting');
    expect(restored.getSnapshot().context).toEqual(original.getSnapshot().context);

    for (const actor of [original, restored]) actor.send({ type: 'DICE', dice: [1, 4] });
    const lives = (a: typeof original) => a.getSnapshot().context.players.map((p) => p.lives);
    expect(lives(restored)).toEqual([3, 3, 2]);
    expect(restored.getSnapshot().context).toEqual(original.getSnapshot().context);
    restored.send({ type: 'UNDO' });
    expect(restored.getSnapshot().value).toBe('lifting');
  });

  it('forgets the current game but keeps the last setup', async () => {
    const store = await openStore();
    await store.saveGame(recordOf(midLift(), input));
    await store.saveSetup({ ...input, opener: 2 });
    const same = await store.clearGame();
    expect(same).toBe(store);
    expect(await store.loadGame()).toEqual({ kind: 'none' });
    expect(await store.loadSetup()).toEqual({ ...input, opener: 2 });
  });
});

describe('records of earlier versions', () => {
  it('reads a game and a set-up stored by version 1', async () => {
    const name = freshName();
    (await openStore(name)).close();
    const db = await openDB(name, 1);
    await db.put('games', v1, 'current');
    await db.put('settings', { schema: 1, input }, 'setup');
    db.close();
    const store = await openStore(name);
    const loaded = await store.loadGame();
    expect(loaded).toMatchObject({ kind: 'ok', game: { schema: SCHEMA_VERSION, id: 'game-1' } });
    expect(await store.loadSetup()).toEqual(input);
  });
});

describe('unreadable data', () => {
  it('reads a corrupt record from the database without throwing', async () => {
    const name = freshName();
    const store = await openStore(name);
    store.close();
    const db = await openDB(name, 1);
    await db.put('games', { schema: SCHEMA_VERSION, input, snapshot: 'torn' }, 'current');
    db.close();
    const again = await openStore(name);
    expect(await again.loadGame()).toMatchObject({
      kind: 'unreadable',
      reason: 'corrupt',
      raw: { snapshot: 'torn' },
    });
  });

  it('reads a database of a newer version, offers its data, and starts afresh', async () => {
    const name = freshName();
    const future = await openDB(name, 7, {
      upgrade(db) {
        db.createObjectStore('games');
      },
    });
    await future.put('games', { schema: 9, whatever: true }, 'current');
    future.close();

    const store = await GameStore.open(name);
    expect(store.newer).toBe(true);
    expect(await store.loadGame()).toMatchObject({
      kind: 'unreadable',
      reason: 'newer',
      raw: { schema: 9, whatever: true },
    });
    await expect(store.saveGame(recordOf(midLift(), input))).rejects.toThrow(/newer/);

    const fresh = await keep(store.clearGame());
    expect(fresh.newer).toBe(false);
    expect(await fresh.loadGame()).toEqual({ kind: 'none' });
    await fresh.saveGame(recordOf(midLift(), input));
    expect((await fresh.loadGame()).kind).toBe('ok');
  });
});
