/**
 * A game as it is stored: the machine's persisted snapshot beside the game's input and a schema
 * version. Pure: checking a record without trusting it, bringing older records up to date, and
 * turning a record back into a running actor. The stores that keep records live in `src/data`.
 *
 * - `decodeStoredGame` never throws: a record it cannot read (corrupt, or written by a newer
 *   schema) comes back as `{ kind: 'unreadable', raw }`, so the UI can say so and still offer
 *   the raw data for download. `detail` is for the developer console, not for players.
 * - `restoreGame` turns a stored game back into a running actor, or throws when it cannot.
 */
import { createActor, type Snapshot } from 'xstate';
import { ruleSetProblems } from '../rules';
import { inputProblems } from './input';
import { withPlayerLimit } from './presets';
import { gameMachine, type GameActor } from './machine';
import type { GameInput, Phase } from './types';

/**
 * The version of the stored record's shape. Raise it when that shape changes, and add a
 * migration from the version before. 2: warnings carry no words (`message` is gone). 3: the
 * rules carry the table's player limit (`maxPlayers`).
 */
export const SCHEMA_VERSION = 3;
/** The version of the remembered set-up's shape (players and rules). 2: the player limit. */
const SETUP_SCHEMA = 2;

/** An input stored before the player limit, with one (see `withPlayerLimit`). */
function inputWithLimit(input: unknown): unknown {
  return isObject(input) ? { ...input, rules: withPlayerLimit(input.rules) } : input;
}

/** One stored game. */
export interface StoredGame {
  schema: number;
  savedAt: string;
  /** The game's id, for the session scoreboard (absent in records of older versions). */
  id?: string;
  input: GameInput;
  /** `actor.getPersistedSnapshot()` */
  snapshot: unknown;
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

const PHASES: readonly Phase[] = ['opening', 'rolled', 'peeked', 'facing', 'lifting', 'over'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** What is wrong with a persisted snapshot's shape, or null when it looks like a game. */
function snapshotProblem(snapshot: unknown): string | null {
  if (!isObject(snapshot)) return 'the snapshot is missing';
  if (snapshot.status !== 'active') return 'the snapshot is not of a running game';
  if (!PHASES.includes(snapshot.value as Phase)) return 'the snapshot has an unknown phase';
  const context = snapshot.context;
  if (!isObject(context)) return 'the snapshot has no context';
  const players = context.players;
  if (
    !Array.isArray(players) ||
    !players.every((p) => isObject(p) && typeof p.name === 'string' && typeof p.lives === 'number')
  ) {
    return 'the players are unreadable';
  }
  if (ruleSetProblems(context.rules).length > 0) return 'the rules are unreadable';
  if (typeof context.turn !== 'number' || !isObject(context.round))
    return 'the round is unreadable';
  for (const list of ['history', 'warnings', 'past'] as const) {
    if (!Array.isArray(context[list])) return `the ${list} is unreadable`;
  }
  return null;
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
};

/** Check a stored record without trusting it, and bring an older one up to date. */
export function decodeStoredGame(raw: unknown): LoadResult {
  if (raw === undefined || raw === null) return { kind: 'none' };
  const unreadable = (reason: 'corrupt' | 'newer', detail: string): Unreadable => ({
    kind: 'unreadable',
    reason,
    detail,
    raw,
  });
  if (!isObject(raw) || typeof raw.schema !== 'number') {
    return unreadable('corrupt', 'the record has no schema version');
  }
  if (raw.schema > SCHEMA_VERSION) {
    return unreadable('newer', `it was saved by a newer version of Mia Cup (${raw.schema})`);
  }
  let record = raw;
  for (let version = raw.schema; version < SCHEMA_VERSION; version += 1) {
    const migrate = MIGRATIONS[version];
    if (!migrate) return unreadable('corrupt', `unknown schema version ${raw.schema}`);
    record = { ...migrate(record), schema: version + 1 };
  }
  const inputProblem = inputProblems(record.input)[0];
  if (inputProblem) return unreadable('corrupt', `the input is unusable (${inputProblem.code})`);
  const problem = snapshotProblem(record.snapshot);
  if (problem) return unreadable('corrupt', problem);
  return { kind: 'ok', game: record as unknown as StoredGame };
}

/** A running actor for a stored game (started). Throws when the snapshot does not restore. */
export function restoreGame(game: StoredGame): GameActor {
  const actor = createActor(gameMachine, {
    input: game.input,
    snapshot: game.snapshot as Snapshot<unknown>,
  });
  actor.start();
  const problem = snapshotProblem(actor.getPersistedSnapshot());
  if (problem) {
    actor.stop();
    throw new Error(`The stored game does not restore: ${problem}.`);
  }
  return actor;
}

/** The record to store for a running game. */
export function recordOf(actor: GameActor, input: GameInput, id?: string): StoredGame {
  return {
    schema: SCHEMA_VERSION,
    savedAt: new Date().toISOString(),
    ...(id === undefined ? {} : { id }),
    input,
    snapshot: actor.getPersistedSnapshot(),
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
