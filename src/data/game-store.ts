/**
 * Never lose a game: the one current game and the last set-up, in IndexedDB (through `idb`).
 * What a record holds and how it is checked is the game layer's (`readStoredGame`); this is
 * only where records are kept. The database itself (its version, object stores and keys, and
 * opening or upgrading it) is `game-db.ts`'s.
 *
 * A game is kept as its head (`games`, key `current`: id, input, and the snapshot its log starts
 * from, if any), its steps (`steps`, key [id, step number]) and its checkpoints (`checkpoints`,
 * key [id, step count]). Each write is one transaction: a step and the checkpoint written with it
 * are both stored or neither, so a browser killed during a write comes back to the step before
 * or the step after. A different current game is replaced only when the caller says so (it has
 * read it); otherwise it is set aside (`games`, key `aside:<id>`), never overwritten.
 *
 * - `GameStore.open()` opens the database; `load()` reads and restores the current game and
 *   never throws for bad data (see `ReadResult`); `write()` adds a game's steps;
 *   `saveSetup` / `loadSetup` remember the last players and rules; `asideGames()` and
 *   `forgetAside()` give the games set aside back, or let them go.
 */
import { deleteDB, type IDBPDatabase } from 'idb';
import {
  SCHEMA_VERSION,
  decodeSetup,
  readStoredGame,
  setupRecord,
  type GameInput,
  type LoadResult,
  type LoggedStep,
  type ReadResult,
  type StoredGame,
  type StoredTableView,
} from '../game';
import { storedBytes, unpack, type Packed } from './compress';
import { DB_NAME } from './early-open';
import {
  CHECKPOINTS,
  CURRENT,
  GAMES,
  SETTINGS,
  SETUP,
  STEPS,
  STORES,
  VIEW,
  deleteLog,
  isAside,
  openGameDb,
  range,
  type OpenOptions,
  type WriteTransaction,
} from './game-db';

export type { OpenOptions };

/** What a game's head record holds: all of the game but its steps and checkpoints. */
export type GameHead = Omit<StoredGame, 'steps' | 'checkpoints'> & { id: string };

/** One write: a game's new steps, maybe its head first and a checkpoint. */
export interface WriteBatch {
  id: string;
  /** The game's head, when it is not stored yet. */
  head?: GameHead;
  /** The head may replace a different current game (the caller read it): its steps go. */
  replaces?: boolean;
  /** The steps to add, numbered from 0 (the first step after the head). */
  steps: { seq: number; event: LoggedStep }[];
  checkpoint?: { at: number; packed: Packed };
  /** The table after these steps (`tableViewOf`): a restore draws it first. */
  view?: StoredTableView;
}

export class GameStore {
  /** The connection was closed from outside: open a new store. */
  lost = false;

  private constructor(
    private readonly name: string,
    private readonly db: IDBPDatabase,
    /** The database was written by a newer app: read it, never write it. */
    readonly newer: boolean,
  ) {}

  static async open(name = DB_NAME, options: OpenOptions = {}): Promise<GameStore> {
    let store: GameStore | null = null;
    const lose = () => {
      if (!store || store.lost) return;
      store.lost = true;
      store.db.close();
      options.onLost?.();
    };
    const { db, newer } = await openGameDb(name, options, lose);
    store = new GameStore(name, db, newer);
    return store;
  }

  private has(store: string): boolean {
    return this.db.objectStoreNames.contains(store);
  }

  /** The current game as stored, head, steps and checkpoints in one record (not yet checked). */
  async readRaw(): Promise<unknown> {
    if (!this.has(GAMES)) return undefined;
    return this.assemble(await this.db.get(GAMES, CURRENT));
  }

  /** The current game's table view, as stored (not checked). */
  tableView = (): Promise<unknown> => this.db.get(GAMES, VIEW);

  /** The current game, brought back (or why it cannot be). Never throws. */
  async load(): Promise<ReadResult> {
    let raw: unknown;
    try {
      raw = await this.readRaw();
    } catch (error) {
      return { kind: 'unreadable', reason: 'corrupt', detail: String(error), raw: null };
    }
    if (this.newer && raw !== undefined) {
      const detail = 'it was saved by a newer version of Mia Cup';
      return { kind: 'unreadable', reason: 'newer', detail, raw };
    }
    return readStoredGame(raw);
  }

  /** The current game's record, checked (not replayed). Never throws. */
  loadGame = async (): Promise<LoadResult> =>
    this.load().then((r) => (r.kind === 'ok' ? { kind: 'ok', game: r.game } : r));

  /** Is this game's head stored, and how many of its steps follow one another from the first? */
  async progress(id: string): Promise<{ head: boolean; steps: number }> {
    const head = (await this.db.get(GAMES, CURRENT)) as
      { id?: unknown; schema?: unknown } | undefined;
    if (head?.id !== id || head.schema !== SCHEMA_VERSION) return { head: false, steps: 0 };
    const keys = (await this.db.getAllKeys(STEPS, range(id))) as [string, number][];
    let steps = 0;
    while (steps < keys.length && keys[steps][1] === steps) steps += 1;
    return { head: true, steps };
  }

  /** Write a batch in one transaction. Returns about how many bytes it stored. */
  async write(batch: WriteBatch): Promise<number> {
    if (this.newer) throw new Error('The stored data belongs to a newer version of Mia Cup.');
    if (this.lost) throw new Error('The storage was closed.');
    const tx: WriteTransaction = this.db.transaction([...STORES], 'readwrite');
    const done = tx.done;
    const requests: Promise<unknown>[] = [];
    let bytes = 0;
    try {
      const { id, head } = batch;
      if (head) {
        const current = (await tx.objectStore(GAMES).get(CURRENT)) as { id?: unknown } | undefined;
        if (current !== undefined && current.id !== id) await this.setAside(tx, current, batch);
        await tx.objectStore(GAMES).put(head, CURRENT);
        bytes += storedBytes(head);
      }
      for (const { seq, event } of batch.steps) {
        requests.push(tx.objectStore(STEPS).put(event, [id, seq]));
        bytes += storedBytes(event) + id.length + 8;
      }
      if (batch.checkpoint) {
        const { at, packed } = batch.checkpoint;
        requests.push(tx.objectStore(CHECKPOINTS).put(packed, [id, at]));
        bytes += storedBytes(packed) + id.length + 8;
      }
      if (batch.view) {
        requests.push(tx.objectStore(GAMES).put(batch.view, VIEW));
        bytes += storedBytes(batch.view) + VIEW.length;
      }
      // Committed now, not once the page has heard every request succeed: a page reloaded right
      // after a tap would otherwise take the step's uncommitted write away with it.
      tx.commit();
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already finished
      }
      await Promise.allSettled([...requests, done]);
      throw error;
    }
    await Promise.all([...requests, done]);
    return bytes;
  }

  /** A different current game: forget it (the caller read it), or keep it aside. */
  private async setAside(
    tx: WriteTransaction,
    current: { id?: unknown },
    batch: Pick<WriteBatch, 'replaces'>,
  ): Promise<void> {
    const old = typeof current.id === 'string' ? current.id : null;
    if (!batch.replaces) {
      await tx.objectStore(GAMES).put(current, `aside:${old ?? Date.now()}`);
    } else if (old !== null) {
      await deleteLog(tx, old);
    }
  }

  /** The games set aside, each as one record (head, steps and checkpoints; not checked). */
  async asideGames(): Promise<{ key: string; raw: unknown }[]> {
    if (!this.has(GAMES)) return [];
    const keys = (await this.db.getAllKeys(GAMES)).filter(isAside);
    return Promise.all(
      keys.map(async (key) => ({ key, raw: await this.assemble(await this.db.get(GAMES, key)) })),
    );
  }

  /** Make a set-aside game current (one transaction): the current one set aside or forgotten. */
  async takeBack(key: string, keepCurrent: boolean): Promise<void> {
    if (!isAside(key) || this.newer) return;
    const tx = this.db.transaction([...STORES], 'readwrite');
    const games = tx.objectStore(GAMES);
    const head = (await games.get(key)) as { id?: unknown } | undefined;
    if (head === undefined) return;
    const current = (await games.get(CURRENT)) as { id?: unknown } | undefined;
    if (current !== undefined && current.id !== head.id) {
      await this.setAside(tx, current, { replaces: !keepCurrent });
    }
    await games.put(head, CURRENT);
    await games.delete(key);
    await games.delete(VIEW); // the resumed game's is written with its next step
    await tx.done;
  }

  /** Let a set-aside game go, with its steps and checkpoints. */
  async forgetAside(key: string): Promise<void> {
    if (!isAside(key) || this.newer) return;
    const tx = this.db.transaction([...STORES], 'readwrite');
    const head = (await tx.objectStore(GAMES).get(key)) as { id?: unknown } | undefined;
    const current = (await tx.objectStore(GAMES).get(CURRENT)) as { id?: unknown } | undefined;
    if (typeof head?.id === 'string' && head.id !== current?.id) {
      await deleteLog(tx, head.id);
    }
    await tx.objectStore(GAMES).delete(key);
    await tx.done;
  }

  /** A game's head with its steps and checkpoints, as one record (an old record as it is). */
  private async assemble(head: unknown): Promise<unknown> {
    if (typeof head !== 'object' || head === null || !this.has(STEPS)) return head;
    const { id, schema } = head as Record<string, unknown>;
    if (schema !== SCHEMA_VERSION || typeof id !== 'string') return head;
    const tx = this.db.transaction([STEPS, CHECKPOINTS], 'readonly');
    const [steps, packed] = await Promise.all([
      tx.objectStore(STEPS).getAll(range(id)),
      tx.objectStore(CHECKPOINTS).getAll(range(id)),
    ]);
    const checkpoints = await Promise.all(packed.map(unpack));
    return { ...head, steps, checkpoints: checkpoints.filter((c) => c !== null) };
  }

  /** Store a whole record as the current game, replacing the one there (for imports and tests). */
  async saveGame(record: StoredGame): Promise<void> {
    const { schema, startedAt, input, base, steps } = record;
    const id = record.id ?? 'game';
    await this.write({
      id,
      head: { schema, id, input, base, ...(startedAt ? { startedAt } : {}) },
      replaces: true,
      steps: steps.map((event, seq) => ({ seq, event })),
    });
  }

  /**
   * Forget the current game. A database written by a newer app cannot be written, so it is
   * deleted and made afresh: use the store this returns.
   */
  async clearGame(): Promise<GameStore> {
    if (!this.newer) {
      const tx = this.db.transaction([...STORES], 'readwrite');
      const head = (await tx.objectStore(GAMES).get(CURRENT)) as { id?: unknown } | undefined;
      if (typeof head?.id === 'string') {
        await deleteLog(tx, head.id);
      }
      await tx.objectStore(GAMES).delete(CURRENT);
      await tx.objectStore(GAMES).delete(VIEW);
      await tx.done;
      return this;
    }
    this.db.close();
    await deleteDB(this.name, { blocked: () => undefined });
    return GameStore.open(this.name);
  }

  async loadSetup(): Promise<GameInput | null> {
    try {
      if (!this.has(SETTINGS)) return null;
      return decodeSetup(await this.db.get(SETTINGS, SETUP));
    } catch {
      return null;
    }
  }

  async saveSetup(input: GameInput): Promise<void> {
    if (this.newer || this.lost) return;
    await this.db.put(SETTINGS, setupRecord(input), SETUP);
  }

  close(): void {
    this.db.close();
  }
}
