import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { GameStore } from '../../../src/data';
import { SCHEMA_VERSION, readStoredGame, recordOf, type GameActor } from '../../../src/game';
import v1 from '../game/fixtures/stored-game-v1.json';
import v2Rounds from '../game/fixtures/stored-game-v2-rounds.json';
import { example000 as input, midLift } from '../game/helpers';

import { databases, sessionOn } from './helpers';

const { fresh: freshName, keep } = databases('game-store-test');
const openStore = (name = freshName()) => keep(GameStore.open(name));
const session = (name: string) => sessionOn(name, keep);

describe('stored games', () => {
  it('finds nothing in a new database', async () => {
    const store = await openStore();
    expect(await store.loadGame()).toEqual({ kind: 'none' });
    expect(await store.loadSetup()).toBeNull();
  });

  it('brings back a game in the middle of a lift exactly, and it plays on identically', async () => {
    const store = await openStore();
    const original = midLift();
    await store.saveGame(recordOf(original, input, 'g'));

    const loaded = await store.load();
    expect(loaded.kind).toBe('ok');
    if (loaded.kind !== 'ok') return;
    expect(loaded.game.schema).toBe(SCHEMA_VERSION);
    expect(loaded.game.input).toEqual(input);
    const restored: GameActor = loaded.actor;
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
    await store.saveGame(recordOf(midLift(), input, 'g'));
    await store.saveSetup({ ...input, opener: 2 });
    const same = await store.clearGame();
    expect(same).toBe(store);
    expect(await store.loadGame()).toEqual({ kind: 'none' });
    expect(await store.loadSetup()).toEqual({ ...input, opener: 2 });
  });
});

describe('records of earlier versions', () => {
  /** A database as the app before the log left it (IndexedDB version 1: games and settings). */
  async function oldDatabase(name: string, record: unknown) {
    const db = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('games');
        database.createObjectStore('settings');
      },
    });
    await db.put('games', record, 'current');
    return db;
  }

  it('reads a game and a set-up stored by version 1', async () => {
    const name = freshName();
    const db = await oldDatabase(name, v1);
    await db.put('settings', { schema: 1, input }, 'setup');
    db.close();
    const store = await openStore(name);
    const loaded = await store.loadGame();
    expect(loaded).toMatchObject({ kind: 'ok', game: { schema: SCHEMA_VERSION, id: 'game-1' } });
    expect(await store.loadSetup()).toEqual(input);
  });

  it('upgrades a database of version 2 (the longer game) and keeps playing it in the new format', async () => {
    const name = freshName();
    (await oldDatabase(name, v2Rounds)).close();
    const first = session(name);
    await first.s.open();
    const actor = first.s.actor!;
    // As version 2 stored it, but for the player limit the rules have had since (schema 3).
    const rules = v2Rounds.snapshot.context.rules;
    const played = JSON.parse(JSON.stringify({ ...actor.getSnapshot().context, rules }));
    // ...and each warning counted once (schema 5).
    const warnings = v2Rounds.snapshot.context.warnings.map((w) => ({ ...w, count: 1 }));
    expect(played).toEqual({ ...v2Rounds.snapshot.context, warnings });
    actor.send({ type: 'LIFT' });
    await first.s.journal!.settled();
    const raw = (await keep(GameStore.open(name))).readRaw();
    expect(await raw).toMatchObject({
      schema: SCHEMA_VERSION,
      id: 'game-2',
      steps: [{ type: 'LIFT' }],
    });
    const second = session(name);
    await second.s.open();
    const again = second.s.actor!;
    await second.s.journal!.settled();
    expect(again.getSnapshot().value).toBe('lifting');
    expect(again.getSnapshot().context).toEqual(actor.getSnapshot().context);
  });
});

describe('unreadable data', () => {
  it('reads a corrupt record from the database without throwing', async () => {
    const name = freshName();
    const store = await openStore(name);
    store.close();
    const db = await openDB(name);
    await db.put('games', { schema: SCHEMA_VERSION, input, base: 'torn' }, 'current');
    db.close();
    const again = await openStore(name);
    expect(await again.loadGame()).toMatchObject({
      kind: 'unreadable',
      reason: 'corrupt',
      raw: { base: 'torn' },
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
    await expect(store.saveGame(recordOf(midLift(), input, 'g'))).rejects.toThrow(/newer/);

    const fresh = await keep(store.clearGame());
    expect(fresh.newer).toBe(false);
    expect(await fresh.loadGame()).toEqual({ kind: 'none' });
    await fresh.saveGame(recordOf(midLift(), input, 'g'));
    expect((await fresh.loadGame()).kind).toBe('ok');
    expect(readStoredGame(await fresh.readRaw()).kind).toBe('ok');
  });
});

describe('games set aside', () => {
  it('a game written without reading the store sets the stored one aside, whole; it can be let go', async () => {
    const store = await openStore();
    const first = midLift();
    const record = recordOf(first, input, 'first');
    await store.saveGame(record);
    expect(await store.asideGames()).toEqual([]);
    // Another game written over it by a page that could not read it first: set aside.
    await store.write({
      id: 'second',
      head: { schema: SCHEMA_VERSION, id: 'second', input, base: null },
      steps: [{ seq: 0, event: { type: 'ROLL' } }],
    });
    const aside = await store.asideGames();
    expect(aside.map((game) => game.key)).toEqual(['aside:first']);
    const read = readStoredGame(aside[0].raw);
    expect(read.kind).toBe('ok');
    if (read.kind !== 'ok') return;
    expect(read.game.steps).toEqual(record.steps);
    expect(read.actor.getSnapshot().context).toEqual(first.getSnapshot().context);

    await store.forgetAside('aside:first');
    expect(await store.asideGames()).toEqual([]);
    expect((await store.loadGame()).kind).toBe('ok');
    const db = await openDB(store['name']);
    const keys = (await db.getAllKeys('steps')) as [string, number][];
    db.close();
    expect(keys.map(([id]) => id)).toEqual(['second']);
  });
});
