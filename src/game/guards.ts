/**
 * The questions the round machine's guards ask, one each, as pure functions of the game. The
 * machine's `on` maps say which events each phase takes; these say whether one may be taken
 * now. `refusal()` asks the same questions to explain a refused event.
 */
import { isLegalClaim, isMia, type ClaimKind } from '../rules';
import type { GameSnapshot } from './machine';
import type { GameContext } from './types';

/** The seat that first called `score` in the round being played, or null. */
export function firstCallerOf(context: GameContext, score: number): number | null {
  return context.round.claims.find((c) => c.score === score)?.seat ?? null;
}

/** Is a Mia the standing claim? */
export const miaStands = (context: GameContext): boolean =>
  context.claim !== null && isMia(context.claim);

/** Is this claim (after rolling, or handed on blind) legal for the player to act? */
export function claimIsLegal(context: GameContext, score: number, kind: ClaimKind): boolean {
  const { claim: standing, rules, turn } = context;
  const firstCalledStanding = standing !== null && firstCallerOf(context, standing) === turn;
  return isLegalClaim(score, { standing, kind, firstCalledStanding }, rules);
}

/** Does the table let the cup be handed on without rolling or looking? */
export const blindPassAllowed = (context: GameContext): boolean =>
  context.rules.blindPass !== 'off';

/** May the player to act believe by looking under the cup (and does a lid lifted mean that)? */
export const peekAllowed = (context: GameContext): boolean =>
  context.rules.believerLooks && context.claim !== null && !miaStands(context);

/** May the player to act give up a life to the standing Mia without looking? */
export const miaMayBeGivenUp = (context: GameContext): boolean =>
  context.rules.miaAccept && miaStands(context);

/** May the player to act roll (believe) now? Nothing beats a Mia. */
export const mayRoll = (context: GameContext): boolean => !miaStands(context);

/**
 * Has the game moved from its start (a step taken and not undone) without ending? Such a game is
 * set aside, never replaced, when another starts.
 */
export const isUnderway = (snapshot: Pick<GameSnapshot, 'context' | 'hasTag'>): boolean =>
  snapshot.context.past.length > 0 && !snapshot.hasTag('over');
