/**
 * Never lose a game: the one current game and the last set-up, in IndexedDB (through `idb`).
 * What a record holds and how it is checked is the game layer's (`decodeStoredGame`); this is
 * only where records are kept.
 *
 * - `GameStore.open()` opens the database; `saveGame` / `loadGame` / `clearGame` keep the one
 *   current game; `saveSetup` / `loadSetup` remember the last players and rules.
 * - `loadGame` never throws for bad data (see `LoadResult`).
 */
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import {
  decodeSetup,
  decodeStoredGame,
  setupRecord,
  type GameInput,
  type LoadResult,
  type StoredGame,
} from '../game';

export const DB_NAME = 'mia-cup';
/** The IndexedDB version (object stores); a newer one was written by a newer app. */
const DB_VERSION = 1;
const GAMES = 'games';
const SETTINGS = 'settings';
const CURRENT = 'current';
const SETUP = 'setup';

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
      return decodeSetup(await this.read(SETTINGS, SETUP));
    } catch {
      return null;
    }
  }

  async saveSetup(input: GameInput): Promise<void> {
    if (this.newer) return;
    await this.db.put(SETTINGS, setupRecord(input), SETUP);
  }

  close(): void {
    this.db.close();
  }
}
