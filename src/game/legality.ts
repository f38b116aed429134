/**
 * Why an event is refused, as a pure function of the machine's state: the guards of the round
 * machine ask it, and the UI shows its message. `refusal(...) === null` exactly when
 * `snapshot.can(event)` is true.
 */
import { areDice, isLegalClaim, isMia, isScore, type ClaimKind } from '../rules';
import type { GameContext, GameEvent, Phase } from './types';

export type RefusalCode =
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
  | 'not-a-score'
  | 'claim-too-low'
  | 'must-raise'
  | 'not-a-mia'
  | 'no-mia-accept'
  | 'bad-dice'
  | 'nothing-to-undo';

export interface Refusal {
  code: RefusalCode;
  /** English words the UI can show. */
  message: string;
}

const MESSAGES: Record<RefusalCode, string> = {
  'game-over': 'The game is over.',
  'awaiting-dice': 'The cup is lifted: enter the dice it shows first.',
  'roll-first': 'Roll the dice first.',
  'already-rolled': 'The dice have been rolled: announce a score.',
  'claim-first': 'Announce a score first.',
  'nothing-to-lift': 'There is no claim to lift yet.',
  'already-believed':
    'You looked at the dice, so you believed: keep them or re-roll, then announce.',
  'mia-stands':
    'Nothing beats a Mia: the only answer is to lift it (or give it up, where the table allows).',
  'no-looking': 'At this table, believing means rolling without looking.',
  'no-blind-pass': 'This table does not allow handing the cup on blind.',
  'not-a-score': 'That is not a Mia score: scores read high die first, like 21, 54 or 66.',
  'claim-too-low': 'The claim must beat the standing one.',
  'must-raise': 'You called this score first: now you must raise it.',
  'not-a-mia': 'Only a Mia claim can be given up without looking.',
  'no-mia-accept': 'This table does not allow giving up a Mia without looking.',
  'bad-dice': 'Each die shows 1 to 6.',
  'nothing-to-undo': 'There is nothing to undo.',
};

const refuse = (code: RefusalCode): Refusal => ({ code, message: MESSAGES[code] });

/** The seat that first called `score` in the round being played, or null. */
export function firstCallerOf(context: GameContext, score: number): number | null {
  return context.round.claims.find((c) => c.score === score)?.seat ?? null;
}

/** Is this claim (after rolling, or handed on blind) legal for the player to act? */
export function claimRefusal(context: GameContext, score: number, kind: ClaimKind): Refusal | null {
  if (!isScore(score)) return refuse('not-a-score');
  const { claim: standing, rules, turn } = context;
  const firstCalledStanding = standing !== null && firstCallerOf(context, standing) === turn;
  if (isLegalClaim(score, { standing, kind, firstCalledStanding }, rules)) return null;
  if (standing !== null && isMia(standing)) return refuse('mia-stands');
  const raiseOnly = isLegalClaim(score, { standing, kind, firstCalledStanding: false }, rules);
  return refuse(raiseOnly ? 'must-raise' : 'claim-too-low');
}

/** What is wrong with an event in this phase, or null when the machine accepts it. */
function phaseRefusal(phase: Phase, event: GameEvent): Refusal | null {
  if (event.type === 'UNDO' || event.type.startsWith('CUP.')) return null;
  if (phase === 'over') return refuse('game-over');
  const allowed: Record<Exclude<Phase, 'over'>, readonly GameEvent['type'][]> = {
    opening: ['ROLL'],
    rolled: ['CLAIM'],
    peeked: ['ROLL', 'CLAIM'],
    facing: ['ROLL', 'PEEK', 'PASS_BLIND', 'LIFT', 'ACCEPT_MIA'],
    lifting: ['DICE'],
  };
  if (allowed[phase].includes(event.type)) return null;
  if (phase === 'lifting') return refuse('awaiting-dice');
  if (phase === 'rolled') return refuse(event.type === 'ROLL' ? 'already-rolled' : 'claim-first');
  if (phase === 'peeked') return refuse('already-believed');
  if (phase === 'opening') {
    return refuse(
      event.type === 'LIFT' || event.type === 'ACCEPT_MIA' ? 'nothing-to-lift' : 'roll-first',
    );
  }
  // facing: CLAIM without rolling, or DICE with nothing lifted
  return refuse(event.type === 'DICE' ? 'nothing-to-lift' : 'roll-first');
}

/**
 * Why the machine in `snapshot` refuses `event`, or null when it accepts it. Sensor events are
 * always accepted (one that fits no rule becomes a warning).
 */
export function refusal(
  snapshot: { value: unknown; context: GameContext },
  event: GameEvent,
): Refusal | null {
  const phase = snapshot.value as Phase;
  const { context } = snapshot;
  const wrongPhase = phaseRefusal(phase, event);
  if (wrongPhase) return wrongPhase;
  const standingIsMia = context.claim !== null && isMia(context.claim);
  switch (event.type) {
    case 'ROLL':
      return phase === 'facing' && standingIsMia ? refuse('mia-stands') : null;
    case 'PEEK':
      if (!context.rules.believerLooks) return refuse('no-looking');
      return standingIsMia ? refuse('mia-stands') : null;
    case 'CLAIM':
      return claimRefusal(context, event.score, 'rolled');
    case 'PASS_BLIND':
      if (context.rules.blindPass === 'off') return refuse('no-blind-pass');
      return claimRefusal(context, event.score, 'blind');
    case 'ACCEPT_MIA':
      if (!context.rules.miaAccept) return refuse('no-mia-accept');
      return standingIsMia ? null : refuse('not-a-mia');
    case 'DICE':
      return areDice(event.dice) ? null : refuse('bad-dice');
    case 'UNDO':
      return context.past.length > 0 ? null : refuse('nothing-to-undo');
    default:
      return null;
  }
}
