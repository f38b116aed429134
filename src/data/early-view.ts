/**
 * With a game stored, the first screen draws its table from the table view stored with its last
 * step (`tableViewOf`), read with the database's early opening (`early-open.ts`), before the
 * session's code (xstate, the round machine, the store) is loaded. Anything amiss (no view, a
 * view of another game or format, a game over, a record that does not read) draws nothing, and
 * the restore takes the usual way.
 */
import {
  SCHEMA_VERSION,
  TableViewActor,
  readTableView,
  type GameInput,
  type StoredTableView,
} from '../game';
import type { EarlyOpen } from './early-open';

/** The table drawn from the stored view of the current game, or null. */
export async function drawStoredTable(
  early: Promise<EarlyOpen | null>,
): Promise<TableViewActor | null> {
  const both = (await early)?.records;
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
