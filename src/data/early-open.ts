/**
 * With a game stored, the app opens its database from its first chunk, while the session's code
 * (xstate, the round machine, the store) still loads: the store then takes this connection over
 * (`GameStore.open`) instead of waiting for a connection of its own. Opening reads and writes
 * nothing, so it may run before this page is the table; it never creates the database.
 */

/** The app's database (`GameStore`'s). */
export const DB_NAME = 'mia-cup';
/** Its object store of games' heads, and the keys in it of the current game and its table view. */
export const GAMES = 'games';
export const CURRENT = 'current';
export const VIEW = 'table-view';

/** The open database, or null when there is none (or no IndexedDB, or it fails). */
export function openEarly(name = DB_NAME): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(null);
      return;
    }
    // No database: opening would create it empty; leave that to the store.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      // Another page upgrades the database before the store took this connection: let it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
  });
}
