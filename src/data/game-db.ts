/**
 * The game store's IndexedDB database: its version, its object stores and keys, and opening it
 * (taking over a connection opened early, upgrading an older database, reading a newer one).
 * What is kept in it, and how, is `game-store.ts`'s.
 *
 * - `games`: a game's head (key `current`, or `aside:<id>` for a game set aside), and the current
 *   game's table view (key `table-view`, written with each of its steps).
 * - `settings`: the last set-up (key `setup`).
 * - `steps`: a game's steps, key [id, step number].
 * - `checkpoints`: a game's checkpoints, key [id, step count].
 */
import { openDB, wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { CURRENT, GAMES, VIEW, type EarlyOpen } from './early-open';

export { CURRENT, GAMES, VIEW };

/** The IndexedDB version (object stores); a newer one was written by a newer app. 2: steps. */
const DB_VERSION = 2;
export const SETTINGS = 'settings';
export const STEPS = 'steps';
export const CHECKPOINTS = 'checkpoints';
export const STORES = [GAMES, SETTINGS, STEPS, CHECKPOINTS] as const;
/** The key in `settings`. */
export const SETUP = 'setup';

export const isAside = (key: IDBValidKey): key is string =>
  typeof key === 'string' && key.startsWith('aside:');
/** Every key of one game's steps or checkpoints. */
export const range = (id: string) => IDBKeyRange.bound([id, 0], [id, Infinity]);
export type WriteTransaction = IDBPTransaction<unknown, string[], 'readwrite'>;

/** Delete one game's steps and checkpoints (its head is the caller's). */
export async function deleteLog(tx: WriteTransaction, id: string): Promise<void> {
  await tx.objectStore(STEPS).delete(range(id));
  await tx.objectStore(CHECKPOINTS).delete(range(id));
}

export interface OpenOptions {
  /** The database waits for another page to let go of it (an upgrade). */
  onBlocked?: () => void;
  /** The connection was closed from outside (the data was cleared, or a newer app opens it). */
  onLost?: () => void;
  /** A connection opened ahead (`openEarly`): taken over when it is at this app's version. */
  early?: Promise<EarlyOpen | null>;
}

/**
 * Open (or create, or upgrade) the database. `lose` runs when the connection is closed from
 * outside. `newer`: the database was written by a newer app, opened at its own version to be
 * read, never written.
 */
export async function openGameDb(
  name: string,
  options: OpenOptions,
  lose: () => void,
): Promise<{ db: IDBPDatabase; newer: boolean }> {
  if (typeof indexedDB === 'undefined') throw new Error('This browser offers no IndexedDB.');
  const early = (await options.early)?.db;
  if (
    early &&
    early.version === DB_VERSION &&
    STORES.every((s) => early.objectStoreNames.contains(s))
  ) {
    early.onversionchange = null;
    early.addEventListener('versionchange', lose);
    early.addEventListener('close', lose);
    return { db: wrap(early), newer: false };
  }
  early?.close(); // an older database: opened again below, to be upgraded
  try {
    const db = await openDB(name, DB_VERSION, {
      upgrade(database, _old, _new, transaction) {
        try {
          for (const s of STORES) {
            if (!database.objectStoreNames.contains(s)) database.createObjectStore(s);
          }
        } catch {
          // The open fails (AbortError) and the database stays as it was.
          transaction.done.catch(() => undefined);
          transaction.abort();
        }
      },
      blocked: () => options.onBlocked?.(),
      blocking: lose,
      terminated: lose,
    });
    return { db, newer: false };
  } catch (error) {
    if ((error as DOMException)?.name !== 'VersionError') throw error;
    return { db: await openDB(name, undefined, { terminated: lose }), newer: true };
  }
}
