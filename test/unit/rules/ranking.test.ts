import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_SCORES,
  compareScores,
  isScore,
  scoreOf,
  scoresHighFirst,
  type Ranking,
} from '../../../src/rules';

// The orders as the rule texts write them, strongest first.
const EXPECTED: [Ranking, number[]][] = [
  [
    { doubles: 'ones-high', littleMia: false },
    [21, 11, 22, 33, 44, 55, 66, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31],
  ],
  [
    { doubles: 'sixes-high', littleMia: false },
    [21, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31],
  ],
  [
    { doubles: 'ones-high', littleMia: true },
    [21, 31, 11, 22, 33, 44, 55, 66, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32],
  ],
  [
    { doubles: 'sixes-high', littleMia: true },
    [21, 31, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32],
  ],
];

const rankingArb = fc.record({
  doubles: fc.constantFrom('ones-high' as const, 'sixes-high' as const),
  littleMia: fc.boolean(),
});
const scoreArb = fc.constantFrom(...ALL_SCORES);

describe('scores', () => {
  it('read every one of the 36 rolls high die first', () => {
    for (let a = 1; a <= 6; a += 1) {
      for (let b = 1; b <= 6; b += 1) {
        const score = scoreOf([a, b]);
        expect(score).toBe(Math.max(a, b) * 10 + Math.min(a, b));
        expect(isScore(score)).toBe(true);
      }
    }
  });

  it('are 21 distinct scores, and nothing else is one', () => {
    expect(new Set(ALL_SCORES).size).toBe(21);
    for (const notAScore of [12, 13, 77, 0, 10, 70, 2.5, NaN, '21', null]) {
      expect(isScore(notAScore)).toBe(false);
    }
  });
});

describe('ranking', () => {
  for (const [ranking, order] of EXPECTED) {
    const name = `${ranking.doubles}${ranking.littleMia ? ' with Little Mia' : ''}`;

    it(`${name}: orders the 21 scores as the rule texts do`, () => {
      expect(scoresHighFirst(ranking)).toEqual(order);
    });

    it(`${name}: compares every pair of scores by that order`, () => {
      for (const [i, a] of order.entries()) {
        for (const [j, b] of order.entries()) {
          const cmp = Math.sign(compareScores(a, b, ranking));
          expect(cmp, `${a} vs ${b}`).toBe(Math.sign(j - i));
        }
      }
    });

    it(`${name}: has Mia on top and ${order.at(-1)} at the bottom`, () => {
      expect(order[0]).toBe(21);
      expect(scoresHighFirst(ranking).at(-1)).toBe(ranking.littleMia ? 32 : 31);
    });
  }

  it('is a strict total order over the 21 scores under every setting', () => {
    fc.assert(
      fc.property(rankingArb, scoreArb, scoreArb, scoreArb, (ranking, a, b, c) => {
        const beats = (x: number, y: number) => compareScores(x, y, ranking) > 0;
        expect(beats(a, a)).toBe(false);
        if (a !== b) expect(beats(a, b) !== beats(b, a)).toBe(true);
        if (beats(a, b) && beats(b, c)) expect(beats(a, c)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses to rank something that is not a score', () => {
    expect(() => compareScores(13, 21, EXPECTED[0][0])).toThrow(/not a Mia score/);
  });
});
