import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { gameMachine, presets, type GameInput } from '../../../src/game';
import {
  GameStore,
  SCHEMA_VERSION,
  decodeStoredGame,
  recordOf,
  restoreGame,
} from '../../../src/game/persistence';

const input: GameInput = {
  players: ['Erik', 'Snorri', 'Olaf'],
  rules: presets.longhall,
};

let dbCount = 0;
const freshName = () => `mia-test-${(dbCount += 1)}`;
const stores: GameStore[] = [];
async function openStore(name = freshName()): Promise<GameStore> {
  const store = await GameStore.open(name);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** Round 1 of the worked example of 000, up to the lift (dice not yet shown). */
function midLift() {
  const actor = createActor(gameMachine, { input }).start();
  actor.send({ type: 'ROLL' });
  actor.send({ type: 'CLAIM', score: 54 });
  actor.send({ type: 'ROLL' });
  actor.send({ type: 'CLAIM', score: 61 });
  actor.send({ type: 'PASS_BLIND', score: 61 });
  actor.send({ type: 'LIFT' });
  return actor;
}

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

describe('unreadable data', () => {
  const good = () => JSON.parse(JSON.stringify(recordOf(midLift(), input)));

  it.each([
    ['a string', 'garbage'],
    ['no schema', { input, snapshot: {} }],
    ['an old unknown schema', { ...good(), schema: 0 }],
    ['bad players', { ...good(), input: { ...input, players: ['Solo'] } }],
    ['a missing snapshot', { ...good(), snapshot: null }],
    ['an unknown phase', { ...good(), snapshot: { ...good().snapshot, value: 'dancing' } }],
    [
      'broken rules',
      {
        ...good(),
        snapshot: { ...good().snapshot, context: { ...good().snapshot.context, rules: {} } },
      },
    ],
  ])('reports %s as corrupt, keeping the raw data', (_, raw) => {
    const result = decodeStoredGame(raw);
    expect(result).toMatchObject({ kind: 'unreadable', reason: 'corrupt', raw });
  });

  it('reports a record of a newer schema as newer', () => {
    const raw = { ...good(), schema: SCHEMA_VERSION + 1 };
    expect(decodeStoredGame(raw)).toMatchObject({ kind: 'unreadable', reason: 'newer', raw });
  });

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

    const fresh = await store.clearGame();
    stores.push(fresh);
    expect(fresh.newer).toBe(false);
    expect(await fresh.loadGame()).toEqual({ kind: 'none' });
    await fresh.saveGame(recordOf(midLift(), input));
    expect((await fresh.loadGame()).kind).toBe('ok');
  });
});
