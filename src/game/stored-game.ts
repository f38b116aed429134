/**
 * A game as it is stored: its input and the log of its accepted steps, with a schema version.
 * Pure: checking a record without trusting it, bringing older records up to date, and turning a
 * record back into a running actor by replaying its steps (from a checkpoint, when there is a
 * readable one). The stores that keep records live in `src/data`.
 *
 * - `readStoredGame(raw)` never throws, whatever `raw` is: it returns `none`, a restored game,
 *   or `{ kind: 'unreadable', raw }` (corrupt, or written by a newer schema), so the UI can say
 *   so and still offer the raw data for download. `detail` is for the developer console.
 *   `decodeStoredGame` is its first half: the checked record, not yet replayed.
 * - The same reader takes a game's export (its fields are a record's, plus words for people).
 */
import { createActor, type Snapshot } from 'xstate';
import { isScore, ruleSetProblems } from '../rules';
import { foldCheckpoints, listsOf, type CheckpointLists } from './checkpoint';
import { inputProblems } from './input';
import { gameMachine, type GameActor } from './machine';
import { withPlayerLimit } from './presets';
import type { GameContext, GameEvent, GameInput, Phase } from './types';

/**
 * The version of the stored record's shape. Raise it when that shape changes, and add a
 * migration from the version before. 2: warnings carry no words (`message` is gone). 3: the
 * rules carry the table's player limit (`maxPlayers`). 4: the input and the log of steps (the
 * snapshot of an older record becomes the log's `base`).
 */
export const SCHEMA_VERSION = 4;
/** The version of the remembered set-up's shape (players and rules). 2: the player limit. */
const SETUP_SCHEMA = 2;
/** No real game comes near this many steps (undo included); a longer log is not replayed. */
const MAX_STEPS = 100_000;

/** One stored game: where it starts, and every accepted step since. */
export interface StoredGame {
  schema: number;
  /** The game's id, for the session scoreboard (absent in records of old versions). */
  id?: string;
  startedAt?: string;
  input: GameInput;
  /**
   * The persisted snapshot the steps start from (a game stored by an earlier version, or
   * imported as a snapshot); null: the steps start from the input.
   */
  base: unknown;
  /** Every accepted step since, oldest first. An undo is a step too. */
  steps: GameEvent[];
  /** Checkpoint segments, oldest first (`checkpoint.ts`): they only save replaying steps. */
  checkpoints?: unknown[];
}

/** The players and rules of the last game set up, to prefill the next one. */
export interface StoredSetup {
  schema: number;
  input: GameInput;
}

export type Unreadable = {
  kind: 'unreadable';
  reason: 'corrupt' | 'newer';
  detail: string;
  raw: unknown;
};

export type LoadResult = { kind: 'none' } | { kind: 'ok'; game: StoredGame } | Unreadable;

/** A stored game brought back: its actor (started), and the checkpoint it was restored from. */
export interface RestoredGame {
  game: StoredGame;
  actor: GameActor;
  /** The checkpoint used (its step count and lists), for the next checkpoint's changes. */
  checkpoint: { at: number; lists: CheckpointLists } | null;
}

export type ReadResult = { kind: 'none' } | ({ kind: 'ok' } & RestoredGame) | Unreadable;

const PHASES: readonly Phase[] = ['opening', 'rolled', 'peeked', 'facing', 'lifting', 'over'];
const EVENT_TYPES = new Set([
  'ROLL',
  'PEEK',
  'CLAIM',
  'PASS_BLIND',
  'LIFT',
  'DICE',
  'ACCEPT_MIA',
  'UNDO',
  'CUP.SHAKE',
  'CUP.LID_OPEN',
  'CUP.LID_CLOSED',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An input stored before the player limit, with one (see `withPlayerLimit`). */
function inputWithLimit(input: unknown): unknown {
  return isObject(input) ? { ...input, rules: withPlayerLimit(input.rules) } : input;
}
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isSeat = (value: unknown, seats: number): value is number => isCount(value) && value < seats;
const isClaim = (value: unknown): boolean => value === null || isScore(value);
const areLives = (value: unknown, seats: number): value is number[] =>
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
        (c.kind === 'rolled' || c.kind === 'blind') &&
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
    PHASES.includes(f.phase as Phase) &&
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
function checkedSnapshot(raw: unknown, input: GameInput): Snapshot<unknown> | string {
  if (!isObject(raw)) return 'the snapshot is missing';
  if (raw.status !== 'active') return 'the snapshot is not of a running game';
  if (!PHASES.includes(raw.value as Phase)) return 'the snapshot has an unknown phase';
  const problem = contextProblem(raw.context, input);
  if (problem) return problem;
  return snapshotOf(input, raw.value as Phase, raw.context as unknown as GameContext);
}

function eventIsReadable(event: unknown): event is GameEvent {
  if (!isObject(event) || typeof event.type !== 'string' || !EVENT_TYPES.has(event.type)) {
    return false;
  }
  if (event.type === 'CLAIM' || event.type === 'PASS_BLIND') return isScore(event.score);
  if (event.type === 'DICE') {
    const { dice } = event;
    return Array.isArray(dice) && dice.length === 2 && dice.every(isCount);
  }
  return true;
}

/** Each migration takes a record of one version to the next. */
const MIGRATIONS: Record<number, (record: Record<string, unknown>) => Record<string, unknown>> = {
  /** 1 to 2: warnings lose their English `message` (the UI words them by code). */
  1: (record) => {
    const snapshot = record.snapshot;
    if (!isObject(snapshot) || !isObject(snapshot.context)) return record;
    const { warnings } = snapshot.context;
    if (!Array.isArray(warnings)) return record;
    const coded = warnings.map((w: unknown) => {
      if (!isObject(w)) return w;
      const rest = { ...w };
      delete rest.message;
      return rest;
    });
    return {
      ...record,
      snapshot: { ...snapshot, context: { ...snapshot.context, warnings: coded } },
    };
  },
  /** 2 to 3: the rules (given and played) carry the table's player limit. */
  2: (record) => {
    const { snapshot } = record;
    const input = inputWithLimit(record.input);
    if (!isObject(snapshot) || !isObject(snapshot.context)) return { ...record, input };
    const context = { ...snapshot.context, rules: withPlayerLimit(snapshot.context.rules) };
    return { ...record, input, snapshot: { ...snapshot, context } };
  },
  /** 3 to 4: the whole snapshot becomes the base of an empty log. */
  3: ({ snapshot, savedAt, ...rest }) => ({
    ...rest,
    ...(typeof savedAt === 'string' ? { startedAt: savedAt } : {}),
    base: snapshot ?? null,
    steps: [],
  }),
};

/** Check a stored record (or a game's export) without trusting it; bring an older one up to date. */
export function decodeStoredGame(raw: unknown): LoadResult {
  if (raw === undefined || raw === null) return { kind: 'none' };
  const unreadable = (reason: 'corrupt' | 'newer', detail: string): Unreadable => ({
    kind: 'unreadable',
    reason,
    detail,
    raw,
  });
  try {
    if (!isObject(raw) || typeof raw.schema !== 'number' || !Number.isInteger(raw.schema)) {
      return unreadable('corrupt', 'the record has no schema version');
    }
    if (raw.schema > SCHEMA_VERSION) {
      return unreadable('newer', `it was saved by a newer version of Mia Cup (${raw.schema})`);
    }
    let record: Record<string, unknown> = raw;
    for (let version = raw.schema; version < SCHEMA_VERSION; version += 1) {
      const migrate = MIGRATIONS[version];
      if (!migrate) return unreadable('corrupt', `unknown schema version ${raw.schema}`);
      record = { ...migrate(record), schema: version + 1 };
    }
    const inputProblem = inputProblems(record.input)[0];
    if (inputProblem) return unreadable('corrupt', `the input is unusable (${inputProblem.code})`);
    const input = record.input as GameInput;
    let base: Snapshot<unknown> | null = null;
    if (record.base !== null && record.base !== undefined) {
      const checked = checkedSnapshot(record.base, input);
      if (typeof checked === 'string') return unreadable('corrupt', checked);
      base = checked;
    } else if (raw.schema < 4) {
      return unreadable('corrupt', 'the snapshot is missing');
    }
    const { steps, checkpoints } = record;
    if (!Array.isArray(steps) || steps.length > MAX_STEPS || !steps.every(eventIsReadable)) {
      return unreadable('corrupt', 'the steps are unreadable');
    }
    const game: StoredGame = {
      schema: SCHEMA_VERSION,
      ...(typeof record.id === 'string' ? { id: record.id } : {}),
      ...(typeof record.startedAt === 'string' ? { startedAt: record.startedAt } : {}),
      input,
      base,
      steps,
      ...(Array.isArray(checkpoints) ? { checkpoints } : {}),
    };
    return { kind: 'ok', game };
  } catch (error) {
    return unreadable('corrupt', `the record is unreadable (${String(error)})`);
  }
}

/** Send the logged steps to the actor; throws at the first one it does not take. */
function replay(actor: GameActor, steps: readonly GameEvent[]): void {
  let failure: unknown = null;
  const watch = actor.subscribe({ error: (error) => (failure = error) });
  try {
    for (const [i, step] of steps.entries()) {
      const before = actor.getSnapshot();
      actor.send(step);
      const after = actor.getSnapshot();
      if (failure !== null || after.status !== 'active') {
        throw new Error(`step ${i + 1} broke the game (${String(failure)})`);
      }
      if (after === before) throw new Error(`step ${i + 1} (${step.type}) is not a legal step`);
    }
  } finally {
    watch.unsubscribe();
  }
}

/** The started actor of a stored snapshot (or a new game), checked after the restore. */
function startFrom(input: GameInput, snapshot: Snapshot<unknown> | null): GameActor {
  const actor = snapshot
    ? createActor(gameMachine, { input, snapshot })
    : createActor(gameMachine, { input });
  let failure: unknown = null;
  const watch = actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  watch.unsubscribe();
  if (failure !== null || actor.getSnapshot().status !== 'active') {
    actor.stop();
    throw new Error(`The stored game does not restore (${String(failure)}).`);
  }
  return actor;
}

/** The newest readable checkpoint that the log reaches, as a snapshot. */
function usableCheckpoint(game: StoredGame): { at: number; snapshot: Snapshot<unknown> } | null {
  if (!game.checkpoints || game.checkpoints.length === 0) return null;
  const folded = foldCheckpoints(game.checkpoints);
  if (!folded || folded.at > game.steps.length || folded.at === 0) return null;
  const { lives, ...rest } = folded.context;
  if (!areLives(lives, game.input.players.length)) return null;
  const context = {
    ...rest,
    rules: { ...game.input.rules },
    players: game.input.players.map((name, seat) => ({ name: name.trim(), lives: lives[seat] })),
  };
  const snapshot = checkedSnapshot({ status: 'active', value: folded.value, context }, game.input);
  return typeof snapshot === 'string' ? null : { at: folded.at, snapshot };
}

/**
 * A running actor for a stored game (started): from its newest readable checkpoint (or its
 * base, or its input), with the steps after it replayed. Throws when the steps do not replay.
 */
export function restoreGame(game: StoredGame): RestoredGame {
  const checkpoint = usableCheckpoint(game);
  if (checkpoint) {
    const actor = startFrom(game.input, checkpoint.snapshot);
    const lists = listsOf(actor.getSnapshot().context);
    try {
      replay(actor, game.steps.slice(checkpoint.at));
      return { game, actor, checkpoint: { at: checkpoint.at, lists } };
    } catch {
      actor.stop(); // the checkpoint and the log disagree: the log is the game
    }
  }
  const actor = startFrom(game.input, game.base as Snapshot<unknown> | null);
  try {
    replay(actor, game.steps);
  } catch (error) {
    actor.stop();
    throw error;
  }
  return { game, actor, checkpoint: null };
}

/** Read a stored record (or an export) and bring its game back; never throws. */
export function readStoredGame(raw: unknown): ReadResult {
  const loaded = decodeStoredGame(raw);
  if (loaded.kind !== 'ok') return loaded;
  try {
    return { kind: 'ok', ...restoreGame(loaded.game) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'unreadable', reason: 'corrupt', detail, raw };
  }
}

/**
 * A record of a running game that starts from its present state (its snapshot as the base, an
 * empty log): for a game whose steps are not known, and for tests.
 */
export function recordOf(actor: GameActor, input: GameInput, id?: string): StoredGame {
  return {
    schema: SCHEMA_VERSION,
    ...(id === undefined ? {} : { id }),
    input,
    base: actor.getPersistedSnapshot(),
    steps: [],
  };
}

/** The record that remembers a set-up. */
export const setupRecord = (input: GameInput): StoredSetup => ({ schema: SETUP_SCHEMA, input });

/** A remembered set-up, checked; null for anything this version cannot use. */
export function decodeSetup(raw: unknown): GameInput | null {
  if (!isObject(raw) || (raw.schema !== SETUP_SCHEMA && raw.schema !== 1)) return null;
  const input = raw.schema === 1 ? inputWithLimit(raw.input) : raw.input;
  return inputProblems(input).length === 0 ? (input as GameInput) : null;
}
