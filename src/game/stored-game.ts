/**
 * A game as it is stored: its input and the log of its accepted steps, with a schema version;
 * and the remembered set-up. Only the shapes and their versions live here, with the records a
 * running game and a set-up are written as:
 *
 * - `stored-decode.ts` checks a record (or a game's export) without trusting it, bringing an
 *   older one up to date (`stored-migrations.ts`, checks in `stored-check.ts`); never throws.
 * - `stored-restore.ts` turns a checked record back into a running actor by replaying its
 *   steps (from a checkpoint, when there is a readable one).
 *
 * The stores that keep records live in `src/data`.
 */
import type { LoggedStep } from './log';
import type { GameActor } from './machine';
import type { GameInput } from './types';

/**
 * The version of the stored record's shape. Raise it when that shape changes, and add a
 * migration from the version before (`stored-migrations.ts`). 2: warnings carry no words
 * (`message` is gone). 3: the rules carry the table's player limit (`maxPlayers`). 4: the input
 * and the log of steps (the snapshot of an older record becomes the log's `base`). 5: warnings
 * carry a `count`, and a step that only counted a warning again is a `repeat` of its step.
 */
export const SCHEMA_VERSION = 5;
/** The version of the remembered set-up's shape (players and rules). 2: the player limit. */
export const SETUP_SCHEMA = 2;

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
  /** Every accepted step since, oldest first (`log.ts`). An undo is a step too. */
  steps: LoggedStep[];
  /** Checkpoint segments, oldest first (`checkpoint.ts`): they only save replaying steps. */
  checkpoints?: unknown[];
}

/** The players and rules of the last game set up, to prefill the next one. */
export interface StoredSetup {
  schema: number;
  input: GameInput;
}

/** A record that cannot be used: corrupt, or written by a newer schema. `raw` is kept to offer. */
export type Unreadable = {
  kind: 'unreadable';
  reason: 'corrupt' | 'newer';
  /** For the developer console. */
  detail: string;
  raw: unknown;
};

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
