import { describe, expect, it } from 'vitest';
import {
  chanceClaimTrue,
  claimOdds,
  percent,
  scoresHighFirst,
  type Ranking,
} from '../../../src/rules';

const RANKINGS: Ranking[] = [
  { doubles: 'ones-high', littleMia: false },
  { doubles: 'sixes-high', littleMia: false },
  { doubles: 'ones-high', littleMia: true },
  { doubles: 'sixes-high', littleMia: true },
];

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
    expect(chanceClaimTrue(61, ranking)).toEqual({ ways: 18, of: 36 });
    expect(chanceClaimTrue(31, ranking)).toEqual({ ways: 36, of: 36 });
    expect(chanceClaimTrue(31, { ...ranking, littleMia: true })).toEqual({ ways: 4, of: 36 });
  });
});
