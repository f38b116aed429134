/**
 * Which claims may follow the standing one.
 *
 * A claim must beat the standing claim. Where `equalClaims`, it may also equal it, except a Mia,
 * which nothing follows. Where blind passes may `repeat`, a blind pass may hand on the same
 * score (Mia included), except by the player who first called that score this round: when it
 * comes back round to them, they must raise.
 */
import { compareScores, scoresHighFirst } from './ranking';
import type { RuleSet } from './rule-set';
import { isMia, isScore, type Score } from './scores';

/** How a claim was made: after rolling (or looking), or handed on blind. */
export const CLAIM_KINDS = ['rolled', 'blind'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** Who is claiming, relative to the standing claim. */
export interface ClaimSituation {
  /** The standing claim of the round, or null when the round is being opened. */
  standing: Score | null;
  kind: ClaimKind;
  /** The claiming player first called the standing score this round. */
  firstCalledStanding: boolean;
}

type ClaimRules = Pick<RuleSet, 'doubles' | 'littleMia' | 'equalClaims' | 'blindPass'>;

/** May the standing claim be matched (not beaten) in this situation? */
export function mayEqual(situation: ClaimSituation, rules: ClaimRules): boolean {
  const { standing, kind, firstCalledStanding } = situation;
  if (standing === null) return false;
  if (kind === 'blind' && rules.blindPass === 'repeat' && !firstCalledStanding) return true;
  return rules.equalClaims && !isMia(standing);
}

/** Is `score` a claim the player may make in this situation? */
export function isLegalClaim(score: Score, situation: ClaimSituation, rules: ClaimRules): boolean {
  if (!isScore(score)) return false;
  if (situation.kind === 'blind' && (rules.blindPass === 'off' || situation.standing === null)) {
    return false;
  }
  if (situation.standing === null) return true;
  const cmp = compareScores(score, situation.standing, rules);
  return cmp > 0 || (cmp === 0 && mayEqual(situation, rules));
}

/** Every legal claim in this situation, strongest first (empty when none is). */
export function legalClaims(situation: ClaimSituation, rules: ClaimRules): Score[] {
  return scoresHighFirst(rules).filter((score) => isLegalClaim(score, situation, rules));
}
