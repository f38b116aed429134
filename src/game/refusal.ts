/**
 * Why the round machine refuses an event, as a code with parameters (the UI words it). The
 * machine alone decides: `refusal()` is null exactly when `snapshot.can(event)` is true, and
 * otherwise explains the refusal by asking the guards' questions (`guards.ts`).
 */
import { isLegalClaim, isScore, type ClaimKind, type Score } from '../rules';
import { blindPassAllowed, claimIsLegal, miaStands } from './guards';
import type { GameSnapshot } from './machine';
import type { GameContext, GameEvent, Phase } from './types';

export type Refusal =
  | {
      code:
        | 'game-over'
        | 'awaiting-dice'
        | 'roll-first'
        | 'already-rolled'
        | 'claim-first'
        | 'nothing-to-lift'
        | 'already-believed'
        | 'mia-stands'
        | 'no-looking'
        | 'no-blind-pass'
        | 'not-a-mia'
        | 'no-mia-accept'
        | 'bad-dice'
        | 'nothing-to-undo';
    }
  | { code: 'not-a-score'; score: number }
  /** The claim does not beat the standing one. */
  | { code: 'claim-too-low'; standing: Score }
  /** The player first called the standing score this round: a blind pass must raise it. */
  | { code: 'must-raise'; standing: Score };

export type RefusalCode = Refusal['code'];

/** Why an illegal claim is refused. */
function claimTrouble(context: GameContext, score: number, kind: ClaimKind): Refusal {
  const standing = context.claim;
  if (!isScore(score) || standing === null) return { code: 'not-a-score', score };
  if (miaStands(context)) return { code: 'mia-stands' };
  // Legal but for having first called the standing score: a repeat must raise.
  const situation = { standing, kind, firstCalledStanding: false };
  return isLegalClaim(score, situation, context.rules)
    ? { code: 'must-raise', standing }
    : { code: 'claim-too-low', standing };
}

/** Why this claim (after rolling, or handed on blind) is refused, or null when it is legal. */
export function claimRefusal(context: GameContext, score: number, kind: ClaimKind): Refusal | null {
  return claimIsLegal(context, score, kind) ? null : claimTrouble(context, score, kind);
}

/** Facing a claim, every event but LIFT can be refused. */
function facingTrouble(context: GameContext, event: GameEvent): Refusal {
  switch (event.type) {
    case 'PEEK':
      return { code: context.rules.believerLooks ? 'mia-stands' : 'no-looking' };
    case 'PASS_BLIND':
      if (!blindPassAllowed(context)) return { code: 'no-blind-pass' };
      return claimTrouble(context, event.score, 'blind');
    case 'ACCEPT_MIA':
      return { code: context.rules.miaAccept ? 'not-a-mia' : 'no-mia-accept' };
    case 'DICE':
      return { code: 'nothing-to-lift' };
    case 'ROLL':
      return { code: 'mia-stands' };
    default:
      return { code: 'roll-first' };
  }
}

/** Why `event` is refused in `phase` (only asked when the machine refused it). */
function trouble(phase: Phase, context: GameContext, event: GameEvent): Refusal {
  if (event.type === 'UNDO') return { code: 'nothing-to-undo' };
  switch (phase) {
    case 'over':
      return { code: 'game-over' };
    case 'opening':
      return {
        code:
          event.type === 'LIFT' || event.type === 'ACCEPT_MIA' ? 'nothing-to-lift' : 'roll-first',
      };
    case 'rolled':
      if (event.type === 'CLAIM') return claimTrouble(context, event.score, 'rolled');
      return { code: event.type === 'ROLL' ? 'already-rolled' : 'claim-first' };
    case 'peeked':
      if (event.type === 'CLAIM') return claimTrouble(context, event.score, 'rolled');
      return { code: 'already-believed' };
    case 'facing':
      return facingTrouble(context, event);
    case 'lifting':
      return { code: event.type === 'DICE' ? 'bad-dice' : 'awaiting-dice' };
  }
}

/**
 * Why the machine in `snapshot` refuses `event`, or null when it accepts it (exactly when
 * `snapshot.can(event)`). Sensor events are always accepted: one that fits no rule is a warning.
 */
export function refusal(
  snapshot: Pick<GameSnapshot, 'value' | 'context' | 'can'>,
  event: GameEvent,
): Refusal | null {
  if (snapshot.can(event)) return null;
  return trouble(snapshot.value as Phase, snapshot.context, event);
}
