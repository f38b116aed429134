/**
 * What each step does to the game, as pure functions of the context: the round machine's
 * actions call them (`machine.ts`), so they can be read and tested without the machine.
 */
import {
  applyVerdict,
  nextSeatInPlay,
  settleLift,
  settleMiaAccepted,
  type ClaimKind,
  type Dice,
  type Settlement,
} from '../rules';
import { inputProblems } from './input';
import type {
  GameContext,
  GameEvent,
  GameInput,
  GameWarning,
  Phase,
  Round,
  UndoFrame,
  WarningCode,
} from './types';

function newRound(number: number, opener: number): Round {
  return { number, opener, claims: [], rolled: false, looked: false, lifter: null };
}

/** The context of a new game. Throws (with the problems' codes) when the input is unusable. */
export function initialContext(given: GameInput | undefined): GameContext {
  const problems = inputProblems(given);
  if (problems.length > 0) {
    throw new Error(`Cannot start the game: ${problems.map((p) => p.code).join(', ')}`);
  }
  const input = given!;
  const opener = input.opener ?? 0;
  return {
    rules: { ...input.rules },
    players: input.players.map((name) => ({ name: name.trim(), lives: input.rules.startingLives })),
    turn: opener,
    claim: null,
    round: newRound(1, opener),
    history: [],
    lastOutcome: null,
    result: null,
    warnings: [],
    past: [],
  };
}

const lastClaimer = (context: GameContext): number => context.round.claims.at(-1)!.seat;
const lives = (context: GameContext): number[] => context.players.map((p) => p.lives);

/** The settlement a DICE or ACCEPT_MIA event brings (the guard and the action share it). */
export function settlementOf(context: GameContext, event: GameEvent): Settlement {
  const claimer = lastClaimer(context);
  const claim = context.claim!;
  const verdict =
    event.type === 'DICE'
      ? settleLift(
          { lifter: context.turn, claimer, claim, dice: event.dice as Dice },
          context.rules,
        )
      : settleMiaAccepted({ accepter: context.turn, claimer, claim });
  return applyVerdict(verdict, lives(context), context.rules);
}

/** The game as it is before a step taken in `phase`, as UNDO restores it. */
export function undoFrame(context: GameContext, phase: Phase): UndoFrame {
  return {
    phase,
    lives: lives(context),
    turn: context.turn,
    claim: context.claim,
    round: context.round,
    historyLength: context.history.length,
    warningsLength: context.warnings.length,
  };
}

/** The game before its last step. The last outcome and result are those of the rounds kept. */
export function undone(context: GameContext): Partial<GameContext> {
  const frame = context.past.at(-1)!;
  const history = context.history.slice(0, frame.historyLength);
  const lastOutcome = history.at(-1)?.settlement ?? null;
  return {
    players: context.players.map((p, seat) => ({ ...p, lives: frame.lives[seat] })),
    turn: frame.turn,
    claim: frame.claim,
    round: frame.round,
    lastOutcome,
    result: lastOutcome?.result ?? null,
    history,
    warnings: context.warnings.slice(0, frame.warningsLength),
    past: context.past.slice(0, -1),
  };
}

/** A claim made by the player to act; the turn passes to the next player in play. */
export function claimed(
  context: GameContext,
  score: number,
  kind: ClaimKind,
): Partial<GameContext> {
  const kept = kind === 'rolled' && !context.round.rolled;
  const claims = [...context.round.claims, { seat: context.turn, score, kind, kept }];
  return {
    claim: score,
    turn: nextSeatInPlay(context.turn, lives(context)),
    round: { ...context.round, claims, rolled: false, looked: false },
  };
}

/** The round settled by the dice or a Mia given up: the game ends, or the next round opens. */
export function settled(context: GameContext, event: GameEvent): Partial<GameContext> {
  const settlement = settlementOf(context, event);
  const players = context.players.map((p, seat) => ({ ...p, lives: settlement.lives[seat] }));
  const { number, opener, claims } = context.round;
  const history = [...context.history, { number, opener, claims, settlement }];
  const base = { players, history, lastOutcome: settlement };
  if (settlement.result) return { ...base, result: settlement.result };
  const next = settlement.nextOpener!;
  return { ...base, turn: next, claim: null, round: newRound(number + 1, next) };
}

/**
 * A sensor event that fits no rule: a new warning, or, when the same event already fitted no
 * rule for the same reason since the last step, one more on that warning's count. So a cup
 * that keeps saying the same thing adds one warning per step of the game, not one per event.
 */
export function warned(
  context: GameContext,
  code: WarningCode,
  event: GameWarning['event'],
  phase: Phase,
): Partial<GameContext> {
  const { warnings } = context;
  const since = context.past.at(-1)?.warningsLength ?? 0;
  for (let i = warnings.length - 1; i >= since; i -= 1) {
    if (warnings[i].code !== code || warnings[i].event !== event) continue;
    const counted = [...warnings];
    counted[i] = { ...warnings[i], count: warnings[i].count + 1 };
    return { warnings: counted };
  }
  const warning = { code, event, phase, turn: context.turn, round: context.round.number, count: 1 };
  return { warnings: [...warnings, warning] };
}
