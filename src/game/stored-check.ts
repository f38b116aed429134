/**
 * Checks of a stored game's parts without trusting them, pure: a persisted snapshot (its phase
 * and every part of its context) and the logged steps. The lists checked against (phases, event
 * types, claim kinds) are the ones the types are declared from (`types.ts`, `rules`).
 *
 * - `checkedSnapshot(raw, input)`: the snapshot rebuilt in the machine's own shape, or what is
 *   wrong with it (a sentence for the developer console).
 * - `eventIsReadable(event)`: a step the machine can be sent.
 */
import { createActor, type Snapshot } from 'xstate';
import { CLAIM_KINDS, isScore, ruleSetProblems } from '../rules';
import { gameMachine } from './machine';
import {
  EVENT_TYPES,
  PHASES,
  type EventPayloads,
  type GameContext,
  type GameEvent,
  type GameInput,
  type Phase,
} from './types';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isSeat = (value: unknown, seats: number): value is number => isCount(value) && value < seats;
const isClaim = (value: unknown): boolean => value === null || isScore(value);
const isOneOf = <T>(list: readonly T[], value: unknown): value is T => list.includes(value as T);
export const areLives = (value: unknown, seats: number): value is number[] =>
  Array.isArray(value) && value.length === seats && value.every(isCount);

function roundProblem(round: unknown, seats: number): boolean {
  if (!isObject(round)) return true;
  const { claims } = round;
  return !(
    isCount(round.number) &&
    isSeat(round.opener, seats) &&
    Array.isArray(claims) &&
    claims.every(
      (c: unknown) =>
        isObject(c) &&
        isSeat(c.seat, seats) &&
        isScore(c.score) &&
        isOneOf(CLAIM_KINDS, c.kind) &&
        typeof c.kept === 'boolean',
    ) &&
    typeof round.rolled === 'boolean' &&
    typeof round.looked === 'boolean' &&
    (round.lifter === null || isSeat(round.lifter, seats))
  );
}

const isSettlement = (value: unknown, seats: number): boolean =>
  isObject(value) && isObject(value.verdict) && areLives(value.lives, seats);

/** What is wrong with a game's context, or null when it is one the machine can go on with. */
function contextProblem(context: unknown, input: GameInput): string | null {
  if (!isObject(context)) return 'the snapshot has no context';
  const seats = input.players.length;
  const { players, history, warnings, past } = context;
  if (
    !Array.isArray(players) ||
    players.length !== seats ||
    !players.every((p: unknown) => isObject(p) && typeof p.name === 'string' && isCount(p.lives))
  ) {
    return 'the players are unreadable';
  }
  if (ruleSetProblems(context.rules).length > 0) return 'the rules are unreadable';
  if (!isSeat(context.turn, seats) || !isClaim(context.claim)) return 'the turn is unreadable';
  if (roundProblem(context.round, seats)) return 'the round is unreadable';
  if (
    !Array.isArray(history) ||
    !history.every(
      (r: unknown) =>
        isObject(r) &&
        !roundProblem({ ...r, rolled: false, looked: false, lifter: null }, seats) &&
        isSettlement(r.settlement, seats),
    )
  ) {
    return 'the history is unreadable';
  }
  if (context.lastOutcome !== null && !isSettlement(context.lastOutcome, seats)) {
    return 'the last outcome is unreadable';
  }
  if (context.result !== null && !isObject(context.result)) return 'the result is unreadable';
  if (
    !Array.isArray(warnings) ||
    !warnings.every((w) => isObject(w) && typeof w.code === 'string')
  ) {
    return 'the warnings are unreadable';
  }
  const frameIsReadable = (f: unknown) =>
    isObject(f) &&
    isOneOf(PHASES, f.phase) &&
    f.phase !== 'over' &&
    areLives(f.lives, seats) &&
    isSeat(f.turn, seats) &&
    isClaim(f.claim) &&
    !roundProblem(f.round, seats) &&
    isCount(f.historyLength) &&
    f.historyLength <= history.length &&
    isCount(f.warningsLength) &&
    f.warningsLength <= warnings.length;
  if (!Array.isArray(past) || !past.every(frameIsReadable)) return 'the undo steps are unreadable';
  return null;
}

/** The persisted snapshot of a game in `value` with `context`, in the machine's own shape. */
function snapshotOf(input: GameInput, value: Phase, context: GameContext): Snapshot<unknown> {
  const template = createActor(gameMachine, { input }).getPersistedSnapshot();
  return { ...template, value, context } as unknown as Snapshot<unknown>;
}

/** A stored snapshot checked and rebuilt in the machine's shape, or what is wrong with it. */
export function checkedSnapshot(raw: unknown, input: GameInput): Snapshot<unknown> | string {
  if (!isObject(raw)) return 'the snapshot is missing';
  if (raw.status !== 'active') return 'the snapshot is not of a running game';
  if (!isOneOf(PHASES, raw.value)) return 'the snapshot has an unknown phase';
  const problem = contextProblem(raw.context, input);
  if (problem) return problem;
  return snapshotOf(input, raw.value, raw.context as unknown as GameContext);
}

/** What each event that carries more than its type must carry. */
const PAYLOAD_CHECKS: { [T in keyof EventPayloads]: (event: Record<string, unknown>) => boolean } =
  {
    CLAIM: (event) => isScore(event.score),
    PASS_BLIND: (event) => isScore(event.score),
    DICE: ({ dice }) => Array.isArray(dice) && dice.length === 2 && dice.every(isCount),
  };

const hasPayload = (type: string): type is keyof EventPayloads =>
  Object.hasOwn(PAYLOAD_CHECKS, type);

/** A logged step the machine can be sent: a known type, with what that type carries. */
export function eventIsReadable(event: unknown): event is GameEvent {
  if (!isObject(event) || !isOneOf(EVENT_TYPES, event.type)) return false;
  return hasPayload(event.type) ? PAYLOAD_CHECKS[event.type](event) : true;
}
