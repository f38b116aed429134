/**
 * Checks of a stored game's parts without trusting them, pure: a persisted snapshot (its phase
 * and every part of its context) and the logged steps. The lists checked against (phases, event
 * types, claim kinds) are the ones the types are declared from (`types.ts`, `rules`).
 *
 * - `checkedSnapshot(raw, input)`: the snapshot rebuilt in the machine's own shape, or what is
 *   wrong with it (a sentence for the developer console).
 * - `stepIsReadable(step)`: a logged step the machine can be sent (as often as it repeats).
 */
import { createActor, type Snapshot } from 'xstate';
import { CLAIM_KINDS, TWO_LIFE_REASONS, areDice, isScore, ruleSetProblems } from '../rules';
import { MAX_REPEAT, type LoggedStep } from './log';
import { gameMachine } from './machine';
import {
  EVENT_TYPES,
  PHASES,
  SENSOR_EVENT_TYPES,
  WARNING_CODES,
  type EventPayloads,
  type GameContext,
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

/** A verdict as `rules/settle.ts` makes it: seats at the table, scores, dice, the reason. */
function isVerdict(v: unknown, seats: number): boolean {
  if (!isObject(v) || !isSeat(v.loser, seats) || !isSeat(v.claimer, seats) || !isScore(v.claim)) {
    return false;
  }
  if (v.kind === 'mia-accepted') return v.penalty === 1 && v.twoLivesBecause === null;
  return (
    v.kind === 'lift' &&
    isSeat(v.lifter, seats) &&
    areDice(v.dice) &&
    isScore(v.shown) &&
    typeof v.claimHeld === 'boolean' &&
    (v.penalty === 1 || v.penalty === 2) &&
    (v.twoLivesBecause === null || isOneOf(TWO_LIFE_REASONS, v.twoLivesBecause))
  );
}

/** How a game ended: null while it runs. */
const isResult = (r: unknown, seats: number): boolean =>
  r === null ||
  (isObject(r) &&
    ((r.kind === 'last-standing' && isSeat(r.winner, seats)) ||
      (r.kind === 'first-out' && isSeat(r.loser, seats))));

const isSettlement = (value: unknown, seats: number): boolean =>
  isObject(value) &&
  isVerdict(value.verdict, seats) &&
  areLives(value.lives, seats) &&
  isCount(value.livesLost) &&
  value.livesLost <= 2 &&
  typeof value.eliminated === 'boolean' &&
  (value.nextOpener === null || isSeat(value.nextOpener, seats)) &&
  isResult(value.result, seats);

/** A warning the machine could have raised: a known code, at a seat, counted at least once. */
const isWarning = (w: unknown, seats: number): boolean =>
  isObject(w) &&
  isOneOf(WARNING_CODES, w.code) &&
  isOneOf(SENSOR_EVENT_TYPES, w.event) &&
  isOneOf(PHASES, w.phase) &&
  isSeat(w.turn, seats) &&
  isCount(w.round) &&
  isCount(w.count) &&
  w.count >= 1;

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
  if (!isResult(context.result, seats)) return 'the result is unreadable';
  if (!Array.isArray(warnings) || !warnings.every((w) => isWarning(w, seats))) {
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

/**
 * A logged step the machine can be sent: a known type, with what that type carries; a sensor
 * event may repeat (2 to `MAX_REPEAT` times).
 */
export function stepIsReadable(step: unknown): step is LoggedStep {
  if (!isObject(step) || !isOneOf(EVENT_TYPES, step.type)) return false;
  if (step.repeat !== undefined) {
    const { repeat } = step;
    const repeats = isCount(repeat) && repeat >= 2 && repeat <= MAX_REPEAT;
    if (!repeats || !isOneOf(SENSOR_EVENT_TYPES, step.type)) return false;
  }
  return hasPayload(step.type) ? PAYLOAD_CHECKS[step.type](step) : true;
}
