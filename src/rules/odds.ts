/**
 * Odds a referee can show: of the 36 equally likely rolls of two dice, how many reach (are at
 * least) or beat a claim, as exact fractions of 36.
 */
import { compareScores, type Ranking } from './ranking';
import { ALL_SCORES, waysToRoll, type Score } from './scores';

/** An exact chance out of 36 rolls. */
export interface Chance {
  readonly ways: number;
  readonly of: 36;
}

function count(claim: Score, ranking: Ranking, keep: (cmp: number) => boolean): Chance {
  let ways = 0;
  for (const score of ALL_SCORES) {
    if (keep(compareScores(score, claim, ranking))) ways += waysToRoll(score);
  }
  return { ways, of: 36 };
}

/** Rolls that show at least the claim (the claim would survive a lift). */
export const chanceToReach = (claim: Score, ranking: Ranking): Chance =>
  count(claim, ranking, (cmp) => cmp >= 0);

/** Rolls that show strictly more than the claim. */
export const chanceToBeat = (claim: Score, ranking: Ranking): Chance =>
  count(claim, ranking, (cmp) => cmp > 0);

/** A chance as a percentage, rounded to one decimal. */
export const percent = (chance: Chance): number => Math.round((chance.ways / 36) * 1000) / 10;

/** What the odds say about a standing claim: how often a fresh roll reaches it and beats it. */
export interface ClaimOdds {
  readonly reach: Chance;
  readonly beat: Chance;
}

/** The odds a referee shows for a claim under a table's ranking. */
export const claimOdds = (claim: Score, ranking: Ranking): ClaimOdds => ({
  reach: chanceToReach(claim, ranking),
  beat: chanceToBeat(claim, ranking),
});
