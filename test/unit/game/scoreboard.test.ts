import { describe, expect, it } from 'vitest';
import {
  SCOREBOARD_SCHEMA,
  decodeResult,
  groupKey,
  presets,
  resultOf,
  scoreboard,
} from '../../../src/game';
import { liftWith, newGame, resultAt as at, roll } from './helpers';

const rules = { ...presets.longhall, startingLives: 1 };

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
