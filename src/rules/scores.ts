/**
 * Scores: two dice read high die first (a 5 and a 3 is 53). There are 21 distinct scores.
 */

/** A score written high die first: 21, 54, 66. */
export type Score = number;

/** Two dice as players enter them, in any order. */
export type Dice = readonly [number, number];

/** Mia: a 2 and a 1. It beats everything. */
export const MIA: Score = 21;

/** True for a whole number of pips a six-sided die can show. */
export function isDieFace(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

/** True when both values are die faces. */
export function areDice(dice: unknown): dice is Dice {
  return Array.isArray(dice) && dice.length === 2 && isDieFace(dice[0]) && isDieFace(dice[1]);
}

/** The score two dice show: the high die is the tens, the low die the units. */
export function scoreOf(dice: Dice): Score {
  const [a, b] = dice;
  return Math.max(a, b) * 10 + Math.min(a, b);
}

export const isMia = (score: Score): boolean => score === MIA;
export const isDouble = (score: Score): boolean => score % 11 === 0;

/** Every distinct score, in reading order (11, 21, 22, 31, ...). */
export const ALL_SCORES: readonly Score[] = Object.freeze(
  Array.from({ length: 6 }, (_, hi) =>
    Array.from({ length: hi + 1 }, (_, lo) => (hi + 1) * 10 + lo + 1),
  ).flat(),
);

/** True for one of the 21 scores (rejects 13, 77, 2.5, '21'). */
export function isScore(value: unknown): value is Score {
  return typeof value === 'number' && ALL_SCORES.includes(value);
}

/** How many of the 36 equally likely rolls show this score: 1 for a double, else 2. */
export function waysToRoll(score: Score): number {
  return isDouble(score) ? 1 : 2;
}
