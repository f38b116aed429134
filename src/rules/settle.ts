/**
 * Settling a round: who loses, how many lives, why (as data the UI can explain), who opens the
 * next round, and whether the game is over.
 */
import { compareScores } from './ranking';
import type { RuleSet } from './rule-set';
import { isMia, scoreOf, type Dice, type Score } from './scores';
import { nextSeatInPlay, playersInPlay, seatOrNextInPlay } from './seats';

/**
 * Why a loss cost two lives: the lifted Mia claim was real (`true-mia`); a Mia was called
 * (`mia-called`, 'any-mia'); a Mia lay under the cup (`mia-under-cup`, 'any-mia'); a Mia claim
 * was a bluff (`mia-bluff`, miaBluffCostsTwo); a caught lie (`lie`, lieCostsTwo).
 */
export const TWO_LIFE_REASONS = [
  'true-mia',
  'mia-called',
  'mia-under-cup',
  'mia-bluff',
  'lie',
] as const;

export type TwoLifeReason = (typeof TWO_LIFE_REASONS)[number];

/** The result of a lift: the dice shown against the claim. */
export interface LiftVerdict {
  kind: 'lift';
  /** Seat that lifted. */
  lifter: number;
  /** Seat whose claim was lifted (the last to hand the cup on, blind or not). */
  claimer: number;
  claim: Score;
  /** The dice shown, high die first. */
  dice: [number, number];
  /** The score the dice show. */
  shown: Score;
  /** The dice show at least the claim: the lifter loses. */
  claimHeld: boolean;
  loser: number;
  /** The lives the rules take (1 or 2). */
  penalty: 1 | 2;
  /** Why the penalty is 2, or null when it is 1. */
  twoLivesBecause: TwoLifeReason | null;
}

/** A Mia claim given up without looking. */
export interface MiaAcceptedVerdict {
  kind: 'mia-accepted';
  /** Seat that gave up a life. */
  loser: number;
  /** Seat that called (or handed on) the Mia. */
  claimer: number;
  claim: Score;
  penalty: 1;
  twoLivesBecause: null;
}

export type Verdict = LiftVerdict | MiaAcceptedVerdict;

type SettleRules = Pick<
  RuleSet,
  'doubles' | 'littleMia' | 'miaPenalty' | 'miaBluffCostsTwo' | 'lieCostsTwo'
>;

function twoLifeReason(
  claim: Score,
  shown: Score,
  claimHeld: boolean,
  rules: SettleRules,
): TwoLifeReason | null {
  if (rules.miaPenalty === 'any-mia') {
    if (isMia(claim)) return 'mia-called';
    if (isMia(shown)) return 'mia-under-cup';
  } else if (claimHeld && isMia(claim)) {
    return 'true-mia';
  }
  if (!claimHeld && isMia(claim) && rules.miaBluffCostsTwo) return 'mia-bluff';
  if (!claimHeld && rules.lieCostsTwo) return 'lie';
  return null;
}

/** Settle a lift of `claim` (made by `claimer`) by `lifter`, given the dice under the cup. */
export function settleLift(
  lift: { lifter: number; claimer: number; claim: Score; dice: Dice },
  rules: SettleRules,
): LiftVerdict {
  const shown = scoreOf(lift.dice);
  const claimHeld = compareScores(shown, lift.claim, rules) >= 0;
  const reason = twoLifeReason(lift.claim, shown, claimHeld, rules);
  return {
    kind: 'lift',
    lifter: lift.lifter,
    claimer: lift.claimer,
    claim: lift.claim,
    dice: [Math.floor(shown / 10), shown % 10],
    shown,
    claimHeld,
    loser: claimHeld ? lift.lifter : lift.claimer,
    penalty: reason ? 2 : 1,
    twoLivesBecause: reason,
  };
}

/** Settle a Mia given up without looking: the player facing it loses one life. */
export function settleMiaAccepted(accept: {
  accepter: number;
  claimer: number;
  claim: Score;
}): MiaAcceptedVerdict {
  return {
    kind: 'mia-accepted',
    loser: accept.accepter,
    claimer: accept.claimer,
    claim: accept.claim,
    penalty: 1,
    twoLivesBecause: null,
  };
}

/** How the game ended. */
export type GameResult =
  { kind: 'last-standing'; winner: number } | { kind: 'first-out'; loser: number };

/** What a verdict does to the table: lives after it, the next opener or the result. */
export interface Settlement {
  verdict: Verdict;
  /** Lives actually lost (the penalty, capped so that lives never go below 0). */
  livesLost: number;
  lives: number[];
  /** The loser has no lives left and is out. */
  eliminated: boolean;
  /** Seat to open the next round (null when the game is over). */
  nextOpener: number | null;
  result: GameResult | null;
}

/** Apply a verdict to the lives, and decide who opens next or how the game ended. */
export function applyVerdict(
  verdict: Verdict,
  livesBefore: readonly number[],
  rules: Pick<RuleSet, 'starter' | 'end'>,
): Settlement {
  const lives = [...livesBefore];
  const livesLost = Math.min(verdict.penalty, lives[verdict.loser]);
  lives[verdict.loser] -= livesLost;
  const eliminated = lives[verdict.loser] === 0;
  let result: GameResult | null = null;
  if (rules.end === 'first-out' && eliminated) {
    result = { kind: 'first-out', loser: verdict.loser };
  } else if (playersInPlay(lives) <= 1) {
    result = { kind: 'last-standing', winner: lives.findIndex((l) => l > 0) };
  }
  return {
    verdict,
    livesLost,
    lives,
    eliminated,
    nextOpener: result ? null : nextOpener(verdict, lives, rules.starter),
    result,
  };
}

/** Who opens the next round; a seat that is out passes it on to the next player still in. */
export function nextOpener(
  verdict: Pick<Verdict, 'loser' | 'claimer'>,
  lives: readonly number[],
  starter: RuleSet['starter'],
): number {
  switch (starter) {
    case 'loser':
      return seatOrNextInPlay(verdict.loser, lives);
    case 'after-loser':
      return nextSeatInPlay(verdict.loser, lives);
    case 'claimer':
      return seatOrNextInPlay(verdict.claimer, lives);
  }
}
