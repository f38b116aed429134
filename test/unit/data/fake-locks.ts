/**
 * Fakes of the page's Web Locks manager and BroadcastChannels, for `TableLock` (and the app
 * machine's table stories): several pages of one device in one test, no timers.
 */
type Callback = (lock: Lock | null) => unknown;

/** One exclusive lock, as `navigator.locks` grants it: queue, `ifAvailable`, `steal`, `signal`. */
export class FakeLocks {
  private held: { fail: (error: Error) => void } | null = null;
  private queue: (() => void)[] = [];

  request(name: string, a: LockOptions | Callback, b?: Callback): Promise<unknown> {
    const options = typeof a === 'function' ? {} : a;
    const callback = (typeof a === 'function' ? a : b)!;
    return new Promise((resolve, reject) => {
      const grant = () => {
        const held = { fail: reject };
        this.held = held;
        void Promise.resolve()
          .then(() => callback({ name, mode: 'exclusive' }))
          .then(resolve, reject)
          .finally(() => {
            if (this.held !== held) return; // stolen meanwhile
            this.held = null;
            this.queue.shift()?.();
          });
      };
      if (options.steal) {
        const old = this.held;
        this.held = null;
        old?.fail(new DOMException('The lock was stolen', 'AbortError'));
        grant();
      } else if (!this.held) {
        grant();
      } else if (options.ifAvailable) {
        void Promise.resolve()
          .then(() => callback(null))
          .then(resolve, reject);
      } else {
        const entry = () => grant();
        this.queue.push(entry);
        options.signal?.addEventListener('abort', () => {
          const at = this.queue.indexOf(entry);
          if (at < 0) return;
          this.queue.splice(at, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      }
    });
  }
}

/** BroadcastChannels of one name: a message reaches every other open one, a moment later. */
export class FakeChannels {
  private open = new Set<FakeChannel>();
  make = (): BroadcastChannel => new FakeChannel(this.open) as unknown as BroadcastChannel;
}
class FakeChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(private readonly open: Set<FakeChannel>) {
    open.add(this);
  }
  postMessage(data: unknown): void {
    for (const other of this.open) {
      if (other !== this) queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
    }
  }
  close(): void {
    this.open.delete(this);
  }
}
