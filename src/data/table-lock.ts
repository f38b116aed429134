/**
 * One table per device: of all the pages (tabs, windows, the installed app) that show Mia Cup,
 * exactly one is the table and writes the game; the others wait. The table is whoever holds the
 * Web Lock `mia-cup-table`. A waiting page that is visible queues for the lock, so it becomes the
 * table by itself when the table's page closes; a hidden one (a tab in the background) queues
 * only once it is shown. Taking over is a handover over a BroadcastChannel: the waiting page
 * asks, the table stops writing, finishes the writes it has begun and answers, and only then does
 * the new page take the lock (with `steal`, so that it gets it before any other page that
 * waits). A table that does not answer (a frozen page) loses the lock after `patience` anyway:
 * its lock's loss stops its writing too.
 *
 * A reload keeps the table where it was: the table's page notes as it goes that it was the table
 * (in its tab's sessionStorage), and, reloaded, takes the table back from a page that got it
 * meanwhile. A waiting page given the lock by a page that went away holds it for a grace before
 * it becomes the table, and gives it back at once if the reloaded page asks within it. No words;
 * the page is reached only through a `TableEnvironment` (tests give fakes).
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

/** What the lock needs of the page: tests give fakes. */
export interface TableEnvironment {
  locks: LockManager | undefined;
  channel: (() => BroadcastChannel) | null;
  /** Whether the page is shown (not a tab in the background, not minimized). */
  visible(): boolean;
  /** Call `changed` whenever the page is shown or hidden. */
  onVisibility(changed: () => void): void;
  /**
   * How long a page that finds the table taken waits for it before saying another page has it:
   * a page being reloaded finds the lock still held by its former self for a moment. None when
   * not given.
   */
  grace?: () => Promise<void>;
  /** Whether this page is the table's page reloaded (it was the table when it went away). */
  wasTable?(): boolean;
  /** As the page goes away (not into the back-forward cache), note `isTable()` for `wasTable`. */
  onLeave?(isTable: () => boolean): void;
}

/** The page's grace (see `TableEnvironment.grace`): longer than a reload on a slow tablet. */
const RELOAD_GRACE = 2_000;
/** Where a tab notes that its page was the table as it went away (sessionStorage). */
const WAS_TABLE = 'mia-cup.was-table';

const pageEnvironment = (): TableEnvironment => {
  const hasDocument = typeof document !== 'undefined';
  return {
    get locks() {
      return typeof navigator === 'undefined' ? undefined : navigator.locks;
    },
    channel: typeof BroadcastChannel === 'function' ? () => new BroadcastChannel(CHANNEL) : null,
    visible: () => !hasDocument || document.visibilityState !== 'hidden',
    onVisibility: (changed) => {
      if (hasDocument) document.addEventListener('visibilitychange', changed);
    },
    grace: () => new Promise((resolve) => setTimeout(resolve, RELOAD_GRACE)),
    wasTable: () => {
      try {
        const was = sessionStorage.getItem(WAS_TABLE) === '1';
        sessionStorage.removeItem(WAS_TABLE);
        return was;
      } catch {
        return false; // no sessionStorage: a reloaded table page asks like any other
      }
    },
    onLeave: (isTable) =>
      addEventListener('pagehide', (event) => {
        try {
          if (!event.persisted && isTable()) sessionStorage.setItem(WAS_TABLE, '1');
        } catch {
          // no sessionStorage
        }
      }),
  };
};

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
  /** Holding the lock in the grace after the table's page went away: a 'take' ends it. */
  private deferred: (() => void) | null = null;
  /** This page said it is not the table (a lock it is given now comes from a page gone away). */
  private saidElsewhere = false;
  private closed = false;

  constructor(
    private readonly hooks: TableHooks,
    private readonly patience = 5_000,
    private readonly page: TableEnvironment = pageEnvironment(),
  ) {}

  /** Become the table if no other page is; otherwise wait for it (and report `elsewhere`). */
  async open(): Promise<void> {
    if (this.closed) return;
    const { locks } = this.page;
    if (!locks) {
      // No Web Locks (an old browser): this page is the table, as before.
      this.holding = true;
      this.hooks.onTable();
      return;
    }
    const returning = this.page.wasTable?.() ?? false;
    this.page.onLeave?.(() => this.holding);
    if (this.page.channel) {
      this.channel = this.page.channel();
      this.channel.onmessage = (event: MessageEvent<Message>) => void this.receive(event.data);
    }
    this.page.onVisibility(() => {
      if (this.holding || this.closed) return;
      if (this.page.visible()) this.wait();
      else this.unqueue();
    });
    const got = await new Promise<boolean>((answered) => {
      locks
        .request(LOCK, { ifAvailable: true }, (lock) => {
          answered(lock !== null);
          return lock ? this.hold() : undefined;
        })
        .catch(() => this.lost());
    });
    if (!got) {
      // Queue first: after a reload the lock is freed a moment later and comes to this page,
      // which then never shows "open in another window".
      this.wait();
      // The table's page reloaded, and another page got the lock meanwhile: take it back.
      if (returning) return this.takeOver();
      await this.page.grace?.();
      if (!this.holding && !this.closed) this.elsewhere(false);
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
    if (this.holding || this.closed || !this.page.locks) return;
    this.unqueue();
    this.page.locks.request(LOCK, { steal: true }, () => this.hold()).catch(() => this.lost());
  }

  /** Stop taking part (the page goes away): release the table, stop waiting. */
  close(): void {
    this.closed = true;
    this.unqueue();
    this.release?.();
    this.channel?.close();
  }

  private hold(): Promise<void> {
    this.deferred = null;
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
    this.elsewhere(true);
    this.wait();
  }

  private elsewhere(taken: boolean): void {
    this.saidElsewhere = true;
    this.hooks.onElsewhere(taken);
  }

  /**
   * The lock came to this waiting page because the table's page went away: hold it for the
   * grace, in case that page is reloading and asks for it back, then be the table. Resolves
   * false when it was asked back (the lock is then let go).
   */
  private async defer(): Promise<boolean> {
    const grace = this.page.grace;
    if (!this.saidElsewhere || !grace) return true;
    let end = () => {};
    const asked = new Promise<boolean>((resolve) => (end = () => resolve(false)));
    this.deferred = end;
    const kept = await Promise.race([grace().then(() => true), asked]);
    if (this.deferred === end) this.deferred = null;
    return kept && !this.closed;
  }

  /**
   * Queue for the lock while the page is shown: it becomes the table when the table's page goes
   * away. (Hidden, it queues when it is shown again.)
   */
  private wait(): void {
    const { locks } = this.page;
    if (this.closed || this.waiting || !locks || !this.page.visible()) return;
    const waiting = new AbortController();
    this.waiting = waiting;
    let gaveBack = false;
    locks
      .request(LOCK, { signal: waiting.signal }, async () => {
        this.waiting = null;
        if (await this.defer()) return this.hold();
        gaveBack = true; // asked back in the grace: it was let go
      })
      .then(
        () => (gaveBack ? this.wait() : this.lost()),
        () => {
          if (this.waiting === waiting) this.waiting = null;
          if (!gaveBack && !this.deferred) return this.lost();
          this.deferred?.(); // taken in the grace (stolen): never the table, so wait again
          this.wait();
        },
      );
  }

  /** Leave the queue for the lock. */
  private unqueue(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.abort();
  }

  private async receive(message: Message): Promise<void> {
    if (message.type === 'released') {
      if (message.to === this.id) this.handedOver?.();
      return;
    }
    if (this.deferred) {
      // The table's page, reloaded, asks for the table back: this page never became the table.
      this.deferred();
      this.post({ type: 'released', to: message.from });
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
