/**
 * With a game stored, the database is opened, and the current game's head and table view read,
 * before the session's code (xstate, the round machine, the store) loads: the table is drawn
 * from the view (`early-view.ts`), and the store then takes this connection over
 * (`GameStore.open`) instead of waiting for a connection of its own. In a build, the page's head
 * starts it before the first chunk has loaded (`scripts/restore-preload-plugin.ts`, with
 * `openAndRead`'s own source); otherwise the first chunk does. It reads only, so it may run
 * before this page is the table; it never creates the database.
 */

/** The app's database (`GameStore`'s). */
export const DB_NAME = 'mia-cup';
/** Its object store of games' heads, and the keys in it of the current game and its table view. */
export const GAMES = 'games';
export const CURRENT = 'current';
export const VIEW = 'table-view';
/** Where the page's head leaves the opening it started. */
export const EARLY_GLOBAL = '__miaEarlyOpen';

/** The database opened early, and what was read from it. */
export interface EarlyOpen {
  db: IDBDatabase;
  /** The stored head and table view (either may be undefined), unless they did not read. */
  records?: [unknown, unknown];
}

/**
 * Open the database and read two records of one object store in one transaction; null when
 * there is no database (or no IndexedDB, or it fails). Self-contained, with no name from outside
 * its body: the build writes its source into the page's head.
 */
export function openAndRead(
  name: string,
  store: string,
  keys: [string, string],
): Promise<EarlyOpen | null> {
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
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another page upgrades the database before the store took this connection: let it.
      db.onversionchange = () => db.close();
      try {
        const games = db.transaction(store, 'readonly').objectStore(store);
        const head = games.get(keys[0]);
        const view = games.get(keys[1]);
        view.onsuccess = () => resolve({ db, records: [head.result, view.result] });
        view.onerror = head.onerror = (event) => {
          event.preventDefault();
          resolve({ db });
        };
      } catch {
        resolve({ db }); // no such object store: the store will make it
      }
    };
  });
}

/** The opening the page's head started (taken once), or one started now. */
export function openEarly(name = DB_NAME): Promise<EarlyOpen | null> {
  const page = globalThis as { [EARLY_GLOBAL]?: Promise<EarlyOpen | null> };
  const started = name === DB_NAME ? page[EARLY_GLOBAL] : undefined;
  if (started) delete page[EARLY_GLOBAL];
  return started ?? openAndRead(name, GAMES, [CURRENT, VIEW]);
}
