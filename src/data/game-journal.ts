/**
 * One game's log of steps, in memory and in the store. Each accepted step is appended in
 * memory at once and written in the background, a few at a time, with the table as it is after
 * them (`tableViewOf`: a restore draws it first): a step costs a few dozen bytes, the view
 * about a hundred per write, and every `CHECKPOINT_EVERY` steps a checkpoint adds what changed since the last one.
 * A sensor event that only counts a warning again is not a new step: the step that raised that
 * warning gets one more `repeat` (and is written again), so a cup that keeps saying the same
 * thing cannot grow the log.
 *
 * When storing fails (no IndexedDB, a refused write, cleared data), the game goes on: the steps
 * stay in memory, the status says so once, and writing is tried again with each new step, after
 * a growing pause, and on `retry()`. After any failure the store is checked before writing
 * again, so a cleared database gets the whole game back and nothing stored is written over.
 */
import {
  SCHEMA_VERSION,
  checkpointOf,
  listsOf,
  tableViewOf,
  type CheckpointLists,
  type GameEvent,
  type GameSnapshot,
  type LoggedStep,
  type StepKind,
  type StoredGame,
} from '../game';
import { pack } from './compress';
import type { GameHead, GameStore, WriteBatch } from './game-store';
import { problemOf, type StorageStatus } from './storage-state';

/** Steps between two checkpoints: a restore replays at most this many... */
export const CHECKPOINT_EVERY = 64;
/** ...or this many events, counting each repeat of a step (a warning said again and again). */
export const CHECKPOINT_EVENTS = 1_024;
/** The pauses before writing is tried again by itself (the last one repeats). */
const RETRY_PAUSES_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface JournalOptions {
  head: GameHead;
  /** The steps so far (those of a restored game), oldest first. */
  steps: LoggedStep[];
  /** The checkpoint the game was restored from. */
  checkpoint: { at: number; lists: CheckpointLists } | null;
  /** The head may replace another current game: it was read, and this game follows it. */
  replaces: boolean;
  /** The game now (after every step appended so far). */
  snapshot: () => Pick<GameSnapshot, 'value' | 'context' | 'can'>;
  /** The store to write to; opens one when needed, throws when storage cannot be used. */
  store: () => Promise<GameStore>;
  /** A store that failed a write: the next `store()` opens a new one. */
  failed: (store: GameStore) => void;
  onStatus: (status: StorageStatus) => void;
  onSaving: (saving: boolean) => void;
  timers?: Timers;
}

/** A failed open (`opening`) or write, with what failed. */
class WriteFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly opening: boolean,
    readonly store?: GameStore,
  ) {
    super('Storing the game failed.');
  }
}

export class GameJournal {
  readonly steps: LoggedStep[];
  /** About how many bytes this journal wrote (head, steps, checkpoints). */
  bytesWritten = 0;
  private written: number;
  /**
   * Where the steps that only raised warnings since the last step of the game begin (none
   * before it, nor any a checkpoint covers, is changed): a warning counted again repeats one.
   */
  private warningsFrom: number;
  /** The first step changed (a repeat more) since it may have been written; and how often. */
  private changed = Infinity;
  private changes = 0;
  private headStored: boolean;
  private checkedIn: GameStore | null;
  private chain: { at: number; lists: CheckpointLists } | null;
  private running = false;
  private stopped = false;
  private failures = 0;
  private timer: unknown = null;
  private current: Promise<void> = Promise.resolve();
  /** The store was closed from outside, and the game is not stored again yet. */
  private lost = false;
  private readonly timers: Timers;

  constructor(private readonly o: JournalOptions) {
    this.steps = [...o.steps];
    this.warningsFrom = this.steps.length;
    this.written = 0;
    this.headStored = false;
    this.checkedIn = null;
    this.chain = o.checkpoint;
    this.timers = o.timers ?? {
      setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
    };
  }

  get id(): string {
    return this.o.head.id;
  }

  /** Steps not stored yet (or changed since). */
  get unsaved(): number {
    const from = Math.min(this.written, this.changed);
    return this.steps.length - from + (this.headStored ? 0 : 1);
  }

  /**
   * A change of the game, and what kind (`stepKind`): kept now, stored soon. A warning counted
   * again repeats the step of this run of warnings that raised it.
   */
  log(event: GameEvent, kind: StepKind): void {
    const from = this.warningsFrom;
    let raised = -1;
    if (kind === 'counted') {
      for (let i = this.steps.length - 1; i >= from && raised < 0; i -= 1) {
        if (this.steps[i].type === event.type) raised = i;
      }
    }
    if (raised >= 0) {
      const step = this.steps[raised];
      this.steps[raised] = { ...step, repeat: (step.repeat ?? 1) + 1 };
      this.changed = Math.min(this.changed, raised);
      this.changes += 1;
    } else {
      this.steps.push(event);
      if (kind === 'step') this.warningsFrom = this.steps.length;
    }
    this.flush();
  }

  /** Write what is not stored yet (now, not after the pause). */
  retry(): void {
    this.flush();
  }

  /** The store was closed from outside (its data may be gone): check it, and store again. */
  recheck(): void {
    this.checkedIn = null;
    this.lost = true;
    this.flush();
  }

  /** The game as stored: head and every step (what an export holds). */
  record(): StoredGame {
    return { ...this.o.head, steps: [...this.steps] };
  }

  /** Stop writing (another game takes over). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Until every step so far is stored, or storing failed once more. */
  async settled(): Promise<void> {
    while (this.running) await this.current;
  }

  flush(): void {
    if (this.running || this.stopped || (this.unsaved === 0 && this.checkedIn !== null)) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.current = this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    this.o.onSaving(true);
    try {
      while (!this.stopped && (this.unsaved > 0 || this.checkedIn === null)) {
        await this.writeNext();
      }
      this.failures = 0;
      this.lost = false;
      if (!this.stopped) this.o.onStatus({ state: 'stored' });
    } catch (error) {
      if (!this.stopped) this.failed(error);
    } finally {
      this.running = false;
      this.o.onSaving(false);
    }
  }

  /** Whether the steps since the last checkpoint, to `at`, make a restore replay enough. */
  private checkpointDue(at: number): boolean {
    const from = this.chain?.at ?? 0;
    if (at - from >= CHECKPOINT_EVERY) return true;
    let events = 0;
    for (let i = from; i < at; i += 1) events += this.steps[i].repeat ?? 1;
    return events >= CHECKPOINT_EVENTS;
  }

  private failed(error: unknown): void {
    const { store, opening, cause } =
      error instanceof WriteFailure ? error : new WriteFailure(error, false);
    if (store) this.o.failed(store);
    if (this.failures === 0) console.warn('Mia Cup could not store the game:', cause);
    this.checkedIn = null;
    const pause = RETRY_PAUSES_MS[Math.min(this.failures, RETRY_PAUSES_MS.length - 1)];
    this.failures += 1;
    const problem = this.lost ? 'lost' : problemOf(cause, opening);
    this.o.onStatus({ state: 'failing', problem });
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, pause);
  }

  private async writeNext(): Promise<void> {
    let store: GameStore;
    try {
      store = await this.o.store();
    } catch (cause) {
      throw new WriteFailure(cause, true);
    }
    try {
      if (store !== this.checkedIn) {
        // What does this store hold of the game? (Nothing, after the data was cleared.)
        const stored = await store.progress(this.id);
        this.headStored = stored.head;
        this.written = Math.min(stored.steps, this.steps.length);
        if (!stored.head || stored.steps < (this.chain?.at ?? 0)) this.chain = null;
        this.checkedIn = store;
        if (this.unsaved === 0) return;
      }
      const at = this.steps.length;
      const from = Math.min(this.written, this.changed);
      const changes = this.changes;
      const snapshot = this.o.snapshot();
      const batch: WriteBatch = {
        id: this.id,
        steps: this.steps.slice(from, at).map((event, i) => ({ seq: from + i, event })),
        view: tableViewOf(snapshot, this.id, at),
      };
      if (!this.headStored) Object.assign(batch, { head: this.o.head, replaces: this.o.replaces });
      let chain = this.chain;
      if (this.checkpointDue(at)) {
        const segment = checkpointOf(snapshot, at, this.chain?.lists ?? null);
        chain = { at, lists: listsOf(snapshot.context) };
        this.warningsFrom = Math.max(this.warningsFrom, at); // the checkpoint holds them now
        batch.checkpoint = { at, packed: await pack(segment) };
      }
      if (this.stopped) return;
      this.bytesWritten += await store.write(batch);
      this.written = at;
      if (this.changes === changes) this.changed = Infinity; // else: changed again meanwhile
      this.headStored = true;
      this.chain = chain;
    } catch (cause) {
      throw new WriteFailure(cause, false, store);
    }
  }
}

/** A new game's head. */
export const headOf = (
  id: string,
  input: GameHead['input'],
  base: unknown = null,
  startedAt = new Date().toISOString(),
): GameHead => ({ schema: SCHEMA_VERSION, id, startedAt, input, base });

/** A new game's id. */
export const newGameId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
