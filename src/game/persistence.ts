/**
 * Never lose a game: the running game is stored in IndexedDB (through `idb`) after every accepted
 * step, as the machine's persisted snapshot beside the game's input and a schema version.
 *
 * - `GameStore.open()` opens the database; `saveGame` / `loadGame` / `clearGame` keep the one
 *   current game; `saveSetup` / `loadSetup` remember the last players and rules.
 * - `loadGame` never throws for bad data: a record it cannot read (corrupt, or written by a newer
 *   schema) comes back as `{ kind: 'unreadable', raw }`, so the UI can say so and still offer
 *   the raw data for download.
 * - `restoreGame` turns a stored game back into a running actor, or throws when it cannot.
 */
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { createActor, type Actor, type Snapshot } from 'xstate';
import { ruleSetProblems } from '../rules';
import { inputProblems } from './input';
import { gameMachine } from './machine';
import type { GameInput, Phase } from './types';

/** The version of the stored record's shape. Raise it when that shape changes. */
export const SCHEMA_VERSION = 1;
export const DB_NAME = 'mia-cup';
/** The IndexedDB version (object stores); a newer one was written by a newer app. */
const DB_VERSION = 1;
const GAMES = 'games';
const SETTINGS = 'settings';
const CURRENT = 'current';
const SETUP = 'setup';

export type GameActor = Actor<typeof gameMachine>;

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

export type LoadResult =
  | { kind: 'none' }
  | { kind: 'ok'; game: StoredGame }
  | { kind: 'unreadable'; reason: 'corrupt' | 'newer'; detail: string; raw: unknown };

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

/** Check a stored record without trusting it. */
export function decodeStoredGame(raw: unknown): LoadResult {
  if (raw === undefined || raw === null) return { kind: 'none' };
  const unreadable = (reason: 'corrupt' | 'newer', detail: string): LoadResult => ({
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
  if (raw.schema !== SCHEMA_VERSION) {
    return unreadable('corrupt', `unknown schema version ${raw.schema}`);
  }
  const inputProblem = inputProblems(raw.input)[0];
  if (inputProblem) return unreadable('corrupt', inputProblem);
  const problem = snapshotProblem(raw.snapshot);
  if (problem) return unreadable('corrupt', problem);
  return { kind: 'ok', game: raw as unknown as StoredGame };
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

/** The one current game and the last setup, in IndexedDB. */
export class GameStore {
  private constructor(
    private readonly name: string,
    private readonly db: IDBPDatabase,
    /** The database was written by a newer app: read it, never write it. */
    readonly newer: boolean,
  ) {}

  static async open(name = DB_NAME): Promise<GameStore> {
    try {
      const db = await openDB(name, DB_VERSION, {
        upgrade(database) {
          if (!database.objectStoreNames.contains(GAMES)) database.createObjectStore(GAMES);
          if (!database.objectStoreNames.contains(SETTINGS)) database.createObjectStore(SETTINGS);
        },
      });
      return new GameStore(name, db, false);
    } catch (error) {
      if ((error as DOMException)?.name !== 'VersionError') throw error;
      return new GameStore(name, await openDB(name), true);
    }
  }

  private async read(store: string, key: string): Promise<unknown> {
    if (!this.db.objectStoreNames.contains(store)) return undefined;
    return this.db.get(store, key);
  }

  async loadGame(): Promise<LoadResult> {
    let raw: unknown;
    try {
      raw = await this.read(GAMES, CURRENT);
    } catch (error) {
      return { kind: 'unreadable', reason: 'corrupt', detail: String(error), raw: null };
    }
    if (this.newer && raw !== undefined) {
      return {
        kind: 'unreadable',
        reason: 'newer',
        detail: 'it was saved by a newer version of Mia Cup',
        raw,
      };
    }
    return decodeStoredGame(raw);
  }

  async saveGame(record: StoredGame): Promise<void> {
    if (this.newer) throw new Error('The stored data belongs to a newer version of Mia Cup.');
    await this.db.put(GAMES, record, CURRENT);
  }

  /**
   * Forget the current game. A database written by a newer app cannot be written, so it is
   * deleted and made afresh: use the store this returns.
   */
  async clearGame(): Promise<GameStore> {
    if (!this.newer) {
      await this.db.delete(GAMES, CURRENT);
      return this;
    }
    this.db.close();
    await deleteDB(this.name, { blocked: () => undefined });
    return GameStore.open(this.name);
  }

  async loadSetup(): Promise<GameInput | null> {
    try {
      const raw = await this.read(SETTINGS, SETUP);
      if (!isObject(raw) || raw.schema !== SCHEMA_VERSION) return null;
      return inputProblems(raw.input).length === 0 ? (raw.input as GameInput) : null;
    } catch {
      return null;
    }
  }

  async saveSetup(input: GameInput): Promise<void> {
    if (this.newer) return;
    const record: StoredSetup = { schema: SCHEMA_VERSION, input };
    await this.db.put(SETTINGS, record, SETUP);
  }

  close(): void {
    this.db.close();
  }
}
