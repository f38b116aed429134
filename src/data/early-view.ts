/**
 * With a game stored, the first screen draws its table from the table view stored with its last
 * step (`tableViewOf`), read here from the database opened early, before the session's code
 * (xstate, the round machine, the store) is loaded: one read of two records. Anything amiss (no
 * view, a view of another game or format, a game over, a record that does not read) draws
 * nothing, and the restore takes the usual way. Reads only: it may run before this page is the
 * table.
 */
import {
  SCHEMA_VERSION,
  TableViewActor,
  readTableView,
  type GameInput,
  type StoredTableView,
} from '../game';
import { CURRENT, GAMES, VIEW } from './early-open';

/** The two records, or undefined when they cannot be read. */
function readBoth(db: IDBDatabase): Promise<[unknown, unknown] | undefined> {
  return new Promise((resolve) => {
    try {
      if (!db.objectStoreNames.contains(GAMES)) return resolve(undefined);
      const games = db.transaction(GAMES, 'readonly').objectStore(GAMES);
      const head = games.get(CURRENT);
      const view = games.get(VIEW);
      view.onsuccess = () => resolve([head.result, view.result]);
      view.onerror = head.onerror = (event) => {
        event.preventDefault();
        resolve(undefined);
      };
    } catch {
      resolve(undefined);
    }
  });
}

/** The table drawn from the stored view of the current game, or null. */
export async function drawStoredTable(
  early: Promise<IDBDatabase | null>,
): Promise<TableViewActor | null> {
  const db = await early;
  const both = db && (await readBoth(db));
  if (!both) return null;
  const [head, raw] = both as [{ schema?: unknown; id?: unknown; input?: GameInput }, unknown];
  if (head?.schema !== SCHEMA_VERSION || typeof head.id !== 'string') return null;
  try {
    const view = readTableView(raw, head.id, head.input!);
    return view && new TableViewActor(view, raw as StoredTableView);
  } catch {
    return null; // a head whose input does not read: the store will say so
  }
}
