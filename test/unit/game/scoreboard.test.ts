import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { presets } from '../../../src/game';
import { DB_NAME, GameStore } from '../../../src/game/persistence';
import {
  SCOREBOARD_SCHEMA,
  ScoreboardStore,
  decodeResult,
  groupKey,
  resultOf,
  scoreboard,
  type GameResultRecord,
} from '../../../src/game/scoreboard';
import { liftWith, newGame, roll } from './helpers';

const rules = { ...presets.longhall, startingLives: 1 };

/** A one-life game where the opener's 65 is caught twice: two players out, one wins. */
function finished(players: string[], opener: number) {
  const g = newGame(rules, players, opener);
  g.play(...roll(65), ...liftWith(3, 2), ...roll(65), ...liftWith(3, 2));
  expect(g.context.result).not.toBeNull();
  return g;
}

const at = (players: string[], placements: number[], id: string): GameResultRecord => ({
  schema: SCOREBOARD_SCHEMA,
  id,
  group: groupKey(players),
  players,
  placements,
  endedAt: `2026-11-29T20:0${id}:00.000Z`,
});

describe('the scoreboard, pure', () => {
  it('groups the same players whatever the seat order and capitals', () => {
    expect(groupKey(['Ann', 'Bo', 'Cy'])).toBe(groupKey([' cy', 'ANN', 'Bo']));
    expect(groupKey(['Ann', 'Bo'])).not.toBe(groupKey(['Ann', 'Bo', 'Cy']));
  });

  it('records a finished game with its placements, and nothing while it is on', () => {
    const g = newGame(rules, ['Ann', 'Bo', 'Cy']);
    expect(resultOf('1', g.context)).toBeNull();
    g.play(...roll(65), ...liftWith(3, 2), ...roll(65), ...liftWith(3, 2));
    const result = resultOf('1', g.context, new Date('2026-11-29T20:00:00Z'));
    expect(result).toEqual({
      schema: SCOREBOARD_SCHEMA,
      id: '1',
      group: groupKey(['Ann', 'Bo', 'Cy']),
      players: ['Ann', 'Bo', 'Cy'],
      placements: [3, 2, 1],
      endedAt: '2026-11-29T20:00:00.000Z',
    });
    expect(decodeResult(result)).toEqual(result);
  });

  it('counts games won and the average place across games, best first', () => {
    const results = [
      at(['Ann', 'Bo', 'Cy'], [1, 2, 3], '1'),
      at(['Cy', 'Ann', 'Bo'], [1, 3, 2], '2'),
      at(['Ann', 'Bo', 'Cy'], [1, 3, 2], '3'),
      at(['Ann', 'Bo'], [2, 1], '4'),
    ];
    expect(scoreboard(results, ['Bo', 'Cy', 'Ann'])).toEqual([
      { name: 'Ann', games: 3, wins: 2, averagePlace: 5 / 3 },
      { name: 'Cy', games: 3, wins: 1, averagePlace: 2 },
      { name: 'Bo', games: 3, wins: 0, averagePlace: 7 / 3 },
    ]);
    expect(scoreboard([], ['Ann', 'Bo'])).toEqual([
      { name: 'Ann', games: 0, wins: 0, averagePlace: null },
      { name: 'Bo', games: 0, wins: 0, averagePlace: null },
    ]);
  });

  it('reads no record it does not understand', () => {
    const good = at(['Ann', 'Bo'], [2, 1], '1');
    expect(decodeResult(good)).toEqual(good);
    expect(decodeResult(null)).toBeNull();
    expect(decodeResult({ ...good, schema: 99 })).toBeNull();
    expect(decodeResult({ ...good, placements: [1] })).toBeNull();
    expect(decodeResult({ ...good, placements: [0, 1] })).toBeNull();
    expect(decodeResult({ ...good, group: 'someone else' })).toBeNull();
  });
});

let count = 0;
const stores: { close(): void }[] = [];
async function open(name = `scoreboard-test-${(count += 1)}`) {
  const store = await ScoreboardStore.open(name);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

describe('the scoreboard in IndexedDB', () => {
  it('accumulates games of the same players and counts a re-recorded game once', async () => {
    const store = await open();
    const players = ['Ann', 'Bo', 'Cy'];
    const first = finished(players, 0);
    const second = finished(players, 2);
    await store.record(resultOf('a', first.context)!);
    await store.record(resultOf('a', first.context)!);
    await store.record(resultOf('b', second.context)!);
    await store.record(at(['Ann', 'Bo'], [1, 2], '9'));
    const results = await store.results(['Cy', 'Bo', 'Ann']);
    expect(results.map((r) => r.id).sort()).toEqual(['a', 'b']);
    // Game a: Ann out first, then Bo: Cy wins. Game b: Cy out first, then Ann: Bo wins.
    expect(resultOf('a', first.context)!.placements).toEqual([3, 2, 1]);
    expect(resultOf('b', second.context)!.placements).toEqual([2, 1, 3]);
    expect(scoreboard(results, players)).toEqual([
      { name: 'Bo', games: 2, wins: 1, averagePlace: 1.5 },
      { name: 'Cy', games: 2, wins: 1, averagePlace: 2 },
      { name: 'Ann', games: 2, wins: 0, averagePlace: 2.5 },
    ]);
  });

  it('forgets an undone game, and a reset clears one group only', async () => {
    const store = await open();
    await store.record(at(['Ann', 'Bo'], [1, 2], '1'));
    await store.record(at(['Ann', 'Bo'], [2, 1], '2'));
    await store.record(at(['Ann', 'Cy'], [2, 1], '3'));
    await store.forget('2');
    expect((await store.results(['Ann', 'Bo'])).map((r) => r.id)).toEqual(['1']);
    await store.reset(['Bo', 'Ann']);
    expect(await store.results(['Ann', 'Bo'])).toEqual([]);
    expect(await store.results(['Ann', 'Cy'])).toHaveLength(1);
  });

  it('lives in its own database: the game store is untouched', async () => {
    const games = await GameStore.open(DB_NAME);
    stores.push(games);
    const store = await open();
    await store.record(at(['Ann', 'Bo'], [1, 2], '1'));
    const raw = await openDB(DB_NAME);
    expect([...raw.objectStoreNames].sort()).toEqual(['games', 'settings']);
    raw.close();
  });

  it('skips an unreadable stored result', async () => {
    const name = `scoreboard-test-${(count += 1)}`;
    const store = await open(name);
    const raw = await openDB(name);
    await raw.put('results', { id: 'x', group: groupKey(['Ann', 'Bo']), schema: 99 });
    raw.close();
    await store.record(at(['Ann', 'Bo'], [1, 2], '1'));
    expect((await store.results(['Ann', 'Bo'])).map((r) => r.id)).toEqual(['1']);
  });
});
