import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { DB_NAME, GameStore, Scoreboard } from '../../../src/data';
import { ScoreboardStore } from '../../../src/data/scoreboard-store';
import { groupKey, presets, resultOf, scoreboard } from '../../../src/game';
import { liftWith, newGame, resultAt as at, roll } from '../game/helpers';
import { databases } from './helpers';

const rules = { ...presets.longhall, startingLives: 1 };

/** A one-life game where the opener's 65 is caught twice: two players out, one wins. */
function finished(players: string[], opener: number) {
  const g = newGame(rules, players, opener);
  g.play(...roll(65), ...liftWith(3, 2), ...roll(65), ...liftWith(3, 2));
  expect(g.context.result).not.toBeNull();
  return g;
}

const { fresh, keep } = databases('scoreboard-test');
const open = (name = fresh()) => keep(ScoreboardStore.open(name));

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
    await keep(GameStore.open(DB_NAME));
    const store = await open();
    await store.record(at(['Ann', 'Bo'], [1, 2], '1'));
    const raw = await openDB(DB_NAME);
    expect([...raw.objectStoreNames].sort()).toEqual(['checkpoints', 'games', 'settings', 'steps']);
    raw.close();
  });

  it('skips an unreadable stored result', async () => {
    const name = fresh();
    const store = await open(name);
    const raw = await openDB(name);
    await raw.put('results', { id: 'x', group: groupKey(['Ann', 'Bo']), schema: 99 });
    raw.close();
    await store.record(at(['Ann', 'Bo'], [1, 2], '1'));
    expect((await store.results(['Ann', 'Bo'])).map((r) => r.id)).toEqual(['1']);
  });
});

describe('the page scoreboard', () => {
  it('opens its store on first use, retries a failed open, and tells of every change', async () => {
    const name = fresh();
    let opens = 0;
    const board = new Scoreboard(async () => {
      opens += 1;
      if (opens === 1) throw new Error('blocked');
      return open(name);
    });
    await expect(board.lines(['Ann', 'Bo'])).rejects.toThrow('blocked');
    const heard: string[] = [];
    const stop = board.subscribe(() => heard.push('change'));
    await board.record(at(['Ann', 'Bo'], [2, 1], '1'));
    expect(await board.lines(['Bo', 'Ann'])).toEqual([
      { name: 'Bo', games: 1, wins: 1, averagePlace: 1 },
      { name: 'Ann', games: 1, wins: 0, averagePlace: 2 },
    ]);
    await board.forget('1');
    stop();
    await board.reset(['Ann', 'Bo']);
    expect(heard).toEqual(['change', 'change']);
    expect(opens).toBe(2);
  });
});
