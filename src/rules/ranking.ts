/**
 * Ranking: which score beats which, under a table's settings.
 *
 * Mia (21) beats everything. Doubles beat every non-double; their order is a setting
 * (`ones-high`: 11 > 22 > ... > 66, `sixes-high`: 66 > ... > 11). Non-doubles rank
 * 65 > 64 > ... > 41 > 32 > 31. With `littleMia` (the Danish ranking) 31 moves up to rank
 * just under Mia.
 */
import { ALL_SCORES, MIA, isDouble, type Score } from './scores';

export type DoublesOrder = 'ones-high' | 'sixes-high';

/** The settings that decide the order of scores. */
export interface Ranking {
  readonly doubles: DoublesOrder;
  readonly littleMia: boolean;
}

const LITTLE_MIA: Score = 31;

const NON_DOUBLES_HIGH_FIRST: readonly Score[] = ALL_SCORES.filter(
  (s) => !isDouble(s) && s !== MIA,
).sort((a, b) => b - a);

const DOUBLES_ONES_HIGH: readonly Score[] = [11, 22, 33, 44, 55, 66];

const cache = new Map<string, readonly Score[]>();

/** All 21 scores, strongest first, under the given ranking. */
export function scoresHighFirst(ranking: Ranking): readonly Score[] {
  const key = `${ranking.doubles}/${ranking.littleMia}`;
  let order = cache.get(key);
  if (!order) {
    const doubles =
      ranking.doubles === 'ones-high' ? DOUBLES_ONES_HIGH : [...DOUBLES_ONES_HIGH].reverse();
    const rest = ranking.littleMia
      ? NON_DOUBLES_HIGH_FIRST.filter((s) => s !== LITTLE_MIA)
      : NON_DOUBLES_HIGH_FIRST;
    order = Object.freeze([MIA, ...(ranking.littleMia ? [LITTLE_MIA] : []), ...doubles, ...rest]);
    cache.set(key, order);
  }
  return order;
}

/** Strength of a score: 20 for Mia down to 0 for the weakest. Throws on a non-score. */
export function strength(score: Score, ranking: Ranking): number {
  const order = scoresHighFirst(ranking);
  const index = order.indexOf(score);
  if (index < 0) throw new RangeError(`${score} is not a Mia score`);
  return order.length - 1 - index;
}

/** Negative when `a` ranks below `b`, 0 when equal, positive when `a` beats `b`. */
export function compareScores(a: Score, b: Score, ranking: Ranking): number {
  return strength(a, ranking) - strength(b, ranking);
}
