import { describe, expect, it } from 'vitest';
import {
  ALL_SCORES,
  chanceToBeat,
  chanceToReach,
  claimOdds,
  percent,
  scoresHighFirst,
  waysToRoll,
  type Ranking,
} from '../../../src/rules';

const RANKINGS: Ranking[] = [
  { doubles: 'ones-high', littleMia: false },
  { doubles: 'sixes-high', littleMia: false },
  { doubles: 'ones-high', littleMia: true },
  { doubles: 'sixes-high', littleMia: true },
];

describe('odds of a fresh roll', () => {
  it('count 36 rolls: Mia 2, each double 1, each other score 2', () => {
    expect(ALL_SCORES.reduce((sum, s) => sum + waysToRoll(s), 0)).toBe(36);
    expect(waysToRoll(21)).toBe(2);
    expect(waysToRoll(33)).toBe(1);
    expect(waysToRoll(64)).toBe(2);
  });

  it('make 54 the median: 18 of 36 beat it, 20 reach it (Little Mia adds 31 above it)', () => {
    for (const ranking of RANKINGS) {
      const extra = ranking.littleMia ? 2 : 0;
      expect(chanceToBeat(54, ranking)).toEqual({ ways: 18 + extra, of: 36 });
      expect(chanceToReach(54, ranking)).toEqual({ ways: 20 + extra, of: 36 });
    }
    expect(percent(chanceToBeat(54, RANKINGS[0]))).toBe(50);
  });

  it('agree with the rank order for every claim under every ranking', () => {
    for (const ranking of RANKINGS) {
      const order = scoresHighFirst(ranking);
      let above = 0;
      for (const claim of order) {
        expect(chanceToBeat(claim, ranking).ways).toBe(above);
        expect(chanceToReach(claim, ranking).ways).toBe(above + waysToRoll(claim));
        above += waysToRoll(claim);
      }
      expect(chanceToReach(order.at(-1)!, ranking).ways).toBe(36);
    }
  });

  it('give known values: a Mia is reached 2 times in 36, 11 beaten only by Mia where 11 is top', () => {
    expect(chanceToReach(21, RANKINGS[0])).toEqual({ ways: 2, of: 36 });
    expect(chanceToBeat(11, RANKINGS[0])).toEqual({ ways: 2, of: 36 });
    expect(chanceToBeat(11, RANKINGS[1])).toEqual({ ways: 7, of: 36 });
    expect(chanceToBeat(31, RANKINGS[2])).toEqual({ ways: 2, of: 36 });
  });
});

describe('the odds a referee shows for a standing claim', () => {
  it('54 without Little Mia: reach 20/36 (55.6 %), beat 18/36 (50 %)', () => {
    const odds = claimOdds(54, { doubles: 'sixes-high', littleMia: false });
    expect(odds).toEqual({ reach: { ways: 20, of: 36 }, beat: { ways: 18, of: 36 } });
    expect(percent(odds.reach)).toBe(55.6);
    expect(percent(odds.beat)).toBe(50);
  });

  it('Mia is reached by 2 rolls in 36 and beaten by none, under every ranking', () => {
    for (const ranking of RANKINGS) {
      expect(claimOdds(21, ranking)).toEqual({
        reach: { ways: 2, of: 36 },
        beat: { ways: 0, of: 36 },
      });
    }
  });

  it('for every claim, reach = beat + the ways to roll the claim itself', () => {
    for (const ranking of RANKINGS) {
      for (const claim of scoresHighFirst(ranking)) {
        const { reach, beat } = claimOdds(claim, ranking);
        const own = claim % 11 === 0 ? 1 : 2;
        expect(reach.ways).toBe(beat.ways + own);
      }
    }
  });

  it('a lifted claim was true with the chance a fresh roll reaches it', () => {
    const ranking: Ranking = { doubles: 'ones-high', littleMia: false };
    // 61 to 65 (10 rolls), six doubles, Mia (2).
    expect(chanceToReach(61, ranking)).toEqual({ ways: 18, of: 36 });
    expect(chanceToReach(31, ranking)).toEqual({ ways: 36, of: 36 });
    expect(chanceToReach(31, { ...ranking, littleMia: true })).toEqual({ ways: 4, of: 36 });
  });
});
