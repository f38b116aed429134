/**
 * How the game's storage is doing, for the table to show: whether every step is stored or
 * storing fails (and why), and whether the browser granted persistent storage. No words: the UI
 * says them. Also asks for persistent storage (`navigator.storage.persist()`).
 */

/** Why steps are not being stored. */
export type StorageProblem =
  /** IndexedDB is missing, refused, blocked or failed to open (or to upgrade). */
  | 'unavailable'
  /** A write was refused for want of space (QuotaExceededError). */
  | 'full'
  /** The stored data was cleared, or the connection closed, and storing again failed. */
  | 'lost'
  /** Any other failed write. */
  | 'failed';

export type StorageStatus = { state: 'stored' } | { state: 'failing'; problem: StorageProblem };

/** Whether the browser keeps the data even when space runs low. */
export type Persistence = 'granted' | 'not-granted' | 'unknown';

export interface StorageState {
  status: StorageStatus;
  persistence: Persistence;
}

/** The storage state, observable. */
export class StorageWatch {
  private state: StorageState = { status: { state: 'stored' }, persistence: 'unknown' };
  private readonly listeners = new Set<(state: StorageState) => void>();

  get value(): StorageState {
    return this.state;
  }

  /** Listen to every change; returns the way to stop. */
  subscribe(listener: (state: StorageState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(change: Partial<StorageState>): void {
    const next = { ...this.state, ...change };
    const same =
      next.persistence === this.state.persistence &&
      next.status.state === this.state.status.state &&
      (next.status.state === 'stored' ||
        (this.state.status.state === 'failing' &&
          next.status.problem === this.state.status.problem));
    if (same) return;
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }
}

/** What a failed open or write means for the table. */
export function problemOf(error: unknown, opening: boolean): StorageProblem {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'QuotaExceededError') return 'full';
  if (opening) return 'unavailable';
  if (name === 'InvalidStateError') return 'lost';
  return 'failed';
}

/** Ask the browser to keep this site's data (once per game); says whether it does. */
export async function askPersistence(ask = true): Promise<Persistence> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persisted !== 'function') return 'unknown';
  try {
    if (await storage.persisted()) return 'granted';
    if (!ask || typeof storage.persist !== 'function') return 'not-granted';
    return (await storage.persist()) ? 'granted' : 'not-granted';
  } catch {
    return 'unknown';
  }
}
