/**
 * One table per device: of all the pages (tabs, windows, the installed app) that show Mia Cup,
 * exactly one is the table and writes the game; the others wait. The table is whoever holds the
 * Web Lock `mia-cup-table`. A waiting page queues for the lock, so it becomes the table by itself
 * when the table's page closes. Taking over is a handover over a BroadcastChannel: the waiting
 * page asks, the table stops writing, finishes the writes it has begun and answers, and only
 * then does the new page take the lock (with `steal`, so that it gets it before any other page
 * that waits). A table that does not answer (a frozen page) loses the lock after `patience`
 * anyway: its lock's loss stops its writing too. No DOM, no words.
 */

const LOCK = 'mia-cup-table';
const CHANNEL = 'mia-cup-table';

export interface TableHooks {
  /** This page is now the table: load the stored game and write from now on. */
  onTable(): void;
  /**
   * This page is not the table: `taken` when another page took the table from it (after
   * `onRelease`), false when another page already was the table when this one opened.
   */
  onElsewhere(taken: boolean): void;
  /** Another page takes over: stop writing and finish the writes already begun. */
  onRelease(): Promise<void>;
}

type Message = { type: 'take'; from: string } | { type: 'released'; to: string };

export class TableLock {
  readonly id =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Math.random().toString(36).slice(2);
  /** Whether this page is the table. */
  holding = false;
  private channel: BroadcastChannel | null = null;
  private waiting: AbortController | null = null;
  private release: (() => void) | null = null;
  private handedOver: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly hooks: TableHooks,
    private readonly patience = 5_000,
  ) {}

  /** Become the table if no other page is; otherwise wait for it (and report `elsewhere`). */
  async open(): Promise<void> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) {
      // No Web Locks (an old browser): this page is the table, as before.
      this.holding = true;
      this.hooks.onTable();
      return;
    }
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent<Message>) => void this.receive(event.data);
    }
    const got = await new Promise<boolean>((answered) => {
      locks
        .request(LOCK, { ifAvailable: true }, (lock) => {
          answered(lock !== null);
          return lock ? this.hold() : undefined;
        })
        .catch(() => this.lost());
    });
    if (!got) {
      this.hooks.onElsewhere(false);
      this.wait();
    }
  }

  /** Take the table over from the page that has it (the waiting page's button). */
  async takeOver(): Promise<void> {
    if (this.holding || this.closed) return;
    const answered = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.patience);
      this.handedOver = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.post({ type: 'take', from: this.id });
    await answered;
    this.handedOver = null;
    if (this.holding || this.closed) return;
    this.waiting?.abort();
    this.waiting = null;
    navigator.locks.request(LOCK, { steal: true }, () => this.hold()).catch(() => this.lost());
  }

  /** Stop taking part (the page goes away): release the table, stop waiting. */
  close(): void {
    this.closed = true;
    this.waiting?.abort();
    this.release?.();
    this.channel?.close();
  }

  private hold(): Promise<void> {
    this.holding = true;
    this.hooks.onTable();
    return new Promise<void>((resolve) => (this.release = resolve));
  }

  /** The lock was taken (stolen) or given up: this page is no longer the table. */
  private lost(): void {
    if (!this.holding) return;
    this.holding = false;
    this.release = null;
    if (this.closed) return;
    this.hooks.onElsewhere(true);
    this.wait();
  }

  /** Queue for the lock: this page becomes the table when the table's page goes away. */
  private wait(): void {
    if (this.closed || this.waiting) return;
    const waiting = new AbortController();
    this.waiting = waiting;
    navigator.locks
      .request(LOCK, { signal: waiting.signal }, () => {
        this.waiting = null;
        return this.hold();
      })
      .then(
        () => this.lost(),
        () => {
          if (this.waiting === waiting) this.waiting = null;
          this.lost();
        },
      );
  }

  private async receive(message: Message): Promise<void> {
    if (message.type === 'released') {
      if (message.to === this.id) this.handedOver?.();
      return;
    }
    if (!this.holding) return;
    // Another page takes over: stop writing, finish what was begun, then say so. The lock is
    // kept until the other page steals it, so that no third page slips in between.
    await this.hooks.onRelease();
    this.post({ type: 'released', to: message.from });
  }

  private post(message: Message): void {
    this.channel?.postMessage(message);
  }
}
