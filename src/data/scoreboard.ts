/**
 * The session scoreboard's storage: finished games' results in their own IndexedDB database,
 * beside (never inside) the game store. What a result is, and how a scoreboard is counted from
 * results, is the game layer's (`resultOf`, `scoreboard`).
 *
 * - `ScoreboardStore`: `record` (idempotent per game id, so an undone and re-finished game
 *   counts once), `forget`, `results`, `reset`.
 * - `Scoreboard`: the page's one scoreboard. It opens the store on first use (retrying a failed
 *   open), and tells its subscribers after every change.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { decodeResult, groupKey, scoreboard, type GameResultRecord, type ScoreLine } from '../game';

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

export class Scoreboard {
  private store: Promise<ScoreboardStore> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly open: () => Promise<ScoreboardStore> = () => ScoreboardStore.open(),
  ) {}

  private opened(): Promise<ScoreboardStore> {
    this.store ??= this.open().catch((error: unknown) => {
      this.store = null;
      throw error;
    });
    return this.store;
  }

  /** The scoreboard of these players, best first. */
  async lines(players: readonly string[]): Promise<ScoreLine[]> {
    return scoreboard(await (await this.opened()).results(players), players);
  }

  record(result: GameResultRecord): Promise<void> {
    return this.change((store) => store.record(result));
  }

  forget(id: string): Promise<void> {
    return this.change((store) => store.forget(id));
  }

  reset(players: readonly string[]): Promise<void> {
    return this.change((store) => store.reset(players));
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async change(write: (store: ScoreboardStore) => Promise<void>): Promise<void> {
    await write(await this.opened());
    for (const listener of this.listeners) listener();
  }
}
