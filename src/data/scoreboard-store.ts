/**
 * The session scoreboard's storage: finished games' results in their own IndexedDB database,
 * beside (never inside) the game store: `record` (idempotent per game id, so an undone and
 * re-finished game counts once), `forget`, `results`, `reset`. What a result is, and how a
 * scoreboard is counted from results, is the game layer's (`resultOf`, `scoreboard`).
 */
import { openDB, type IDBPDatabase } from 'idb';
import { decodeResult, groupKey, type GameResultRecord } from '../game';

export const SCOREBOARD_DB = 'mia-cup-scoreboard';
/** The IndexedDB version (object stores and indexes). */
const DB_VERSION = 1;
const RESULTS = 'results';
const BY_GROUP = 'group';

export class ScoreboardStore {
  private constructor(private readonly db: IDBPDatabase) {}

  static async open(name = SCOREBOARD_DB): Promise<ScoreboardStore> {
    const db = await openDB(name, DB_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(RESULTS)) {
          const store = database.createObjectStore(RESULTS, { keyPath: 'id' });
          store.createIndex(BY_GROUP, 'group');
        }
      },
    });
    return new ScoreboardStore(db);
  }

  /** Keep a finished game's result (replacing an earlier result of the same game). */
  async record(result: GameResultRecord): Promise<void> {
    await this.db.put(RESULTS, result);
  }

  /** Drop a game's result (it was undone back into play). */
  async forget(id: string): Promise<void> {
    await this.db.delete(RESULTS, id);
  }

  /** The readable results of one group of players, oldest first. */
  async results(players: readonly string[]): Promise<GameResultRecord[]> {
    const raw: unknown[] = await this.db.getAllFromIndex(RESULTS, BY_GROUP, groupKey(players));
    return raw
      .map(decodeResult)
      .filter((r): r is GameResultRecord => r !== null)
      .sort((a, b) => a.endedAt.localeCompare(b.endedAt));
  }

  /** Forget every result of one group of players. */
  async reset(players: readonly string[]): Promise<void> {
    const tx = this.db.transaction(RESULTS, 'readwrite');
    const keys = await tx.store.index(BY_GROUP).getAllKeys(groupKey(players));
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}
