/**
 * The story of a game, from its rounds: per-player statistics, lives over rounds, placements.
 * Dice are only ever seen at a lift, so what depends on the dice (bluffs, lies low, Mias rolled)
 * is counted at lifts.
 */
import { compareScores, isMia, type RuleSet } from '../rules';
import type { ClaimRecord, GameContext, RoundRecord } from './types';

export interface PlayerStats {
  /** Lifts this player made, and of those, the ones where the claim was a bluff. */
  liftsMade: number;
  liftsWon: number;
  /** Lifted while holding a claim the dice did not reach. */
  timesCaught: number;
  /** Claimed more than their own dice, lifted, and someone else paid (a later blind pass). */
  bluffsSurvived: number;
  /** Claimed less than their own dice, and it came out at a lift. */
  liesLow: number;
  blindPasses: number;
  /** Mias found under the cup after this player rolled them. */
  miasRolled: number;
  /** Claims of Mia, rolled or blind. */
  miasClaimed: number;
  /** Lives lost, by cause. */
  livesLost: { caught: number; wrongLift: number; miaGivenUp: number };
}

const emptyStats = (): PlayerStats => ({
  liftsMade: 0,
  liftsWon: 0,
  timesCaught: 0,
  bluffsSurvived: 0,
  liesLow: 0,
  blindPasses: 0,
  miasRolled: 0,
  miasClaimed: 0,
  livesLost: { caught: 0, wrongLift: 0, miaGivenUp: 0 },
});

/** The claim made on the dice that lie under the cup: the last one made after rolling or looking. */
const lastSeenClaim = (claims: readonly ClaimRecord[]): ClaimRecord | undefined =>
  claims.findLast((c) => c.kind === 'rolled');

function countRound(stats: PlayerStats[], round: RoundRecord, rules: RuleSet) {
  for (const claim of round.claims) {
    if (claim.kind === 'blind') stats[claim.seat].blindPasses += 1;
    if (isMia(claim.score)) stats[claim.seat].miasClaimed += 1;
  }
  const { verdict, livesLost } = round.settlement;
  if (verdict.kind === 'mia-accepted') {
    stats[verdict.loser].livesLost.miaGivenUp += livesLost;
    return;
  }
  const lifter = stats[verdict.lifter];
  lifter.liftsMade += 1;
  if (verdict.claimHeld) {
    lifter.livesLost.wrongLift += livesLost;
  } else {
    lifter.liftsWon += 1;
    stats[verdict.claimer].timesCaught += 1;
    stats[verdict.claimer].livesLost.caught += livesLost;
  }
  const roller = lastSeenClaim(round.claims);
  if (!roller) return;
  const cmp = compareScores(roller.score, verdict.shown, rules);
  if (cmp > 0 && roller.seat !== verdict.loser) stats[roller.seat].bluffsSurvived += 1;
  if (cmp < 0) stats[roller.seat].liesLow += 1;
  if (isMia(verdict.shown)) stats[roller.seat].miasRolled += 1;
}

/** Statistics per seat, from the finished rounds (and the blind passes of the round under way). */
export function playerStats(context: Pick<GameContext, 'players' | 'history' | 'round' | 'rules'>) {
  const stats = context.players.map(emptyStats);
  for (const round of context.history) countRound(stats, round, context.rules);
  // Once the game is over, the last round is both in the history and still the current one.
  const roundIsRecorded = context.history.at(-1)?.number === context.round.number;
  for (const claim of roundIsRecorded ? [] : context.round.claims) {
    if (claim.kind === 'blind') stats[claim.seat].blindPasses += 1;
    if (isMia(claim.score)) stats[claim.seat].miasClaimed += 1;
  }
  return stats;
}

/** Lives per seat before the first round and after each finished round: one line per player. */
export function livesOverRounds(
  context: Pick<GameContext, 'players' | 'history' | 'rules'>,
): number[][] {
  const start = context.players.map(() => context.rules.startingLives);
  return context.players.map((_, seat) => [
    start[seat],
    ...context.history.map((round) => round.settlement.lives[seat]),
  ]);
}

/**
 * Places 1..n once the game is over: the winner first (or, where the first player out loses,
 * that player last), then by lives left, then by who went out later. Players equal on all of
 * these share a place, and the places after them are skipped (1, 2, 2, 4).
 */
export function placements(context: Pick<GameContext, 'players' | 'history' | 'result'>): number[] {
  const outAt = context.players.map((_, seat) => {
    const index = context.history.findIndex((round) => round.settlement.lives[seat] === 0);
    return index < 0 ? context.history.length : index;
  });
  const score = (seat: number): [number, number, number] => {
    const result = context.result;
    const decided =
      result?.kind === 'last-standing'
        ? result.winner === seat
          ? 1
          : 0
        : result?.loser === seat
          ? -1
          : 0;
    return [decided, context.players[seat].lives, outAt[seat]];
  };
  const scores = context.players.map((_, seat) => score(seat));
  const ahead = (x: number[], y: number[]) =>
    x[0] > y[0] || (x[0] === y[0] && (x[1] > y[1] || (x[1] === y[1] && x[2] > y[2])));
  return scores.map((mine) => 1 + scores.filter((other) => ahead(other, mine)).length);
}
