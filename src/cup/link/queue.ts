import { CupDisconnectedError } from '../errors';
import { withTimeout } from './timeout';

interface Job {
  what: string;
  run: () => Promise<unknown>;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * GATT operations one at a time: Web Bluetooth rejects a second operation while one is in
 * progress ("GATT operation already in progress"), and a cup is a small device. Each operation
 * gets a timeout; `rejectAll` (on a disconnect) rejects the running one and everything queued.
 */
export class GattQueue {
  private readonly jobs: Job[] = [];
  private running: Job | null = null;
  private closed = false;

  constructor(private readonly defaultTimeoutMs = 5_000) {}

  run<T>(what: string, operation: () => Promise<T>, timeoutMs = this.defaultTimeoutMs): Promise<T> {
    if (this.closed)
      return Promise.reject(new CupDisconnectedError(`${what}: the cup is not connected.`));
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({
        what,
        run: operation,
        timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  /** Rejects the running and every queued operation; later `run` calls reject at once. */
  rejectAll(error: Error = new CupDisconnectedError()): void {
    this.closed = true;
    const running = this.running;
    this.running = null;
    running?.reject(error);
    for (const job of this.jobs.splice(0)) job.reject(error);
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const job = this.jobs.shift();
    if (!job) return;
    this.running = job;
    let started: Promise<unknown>;
    try {
      started = job.run();
    } catch (error) {
      started = Promise.reject(error);
    }
    withTimeout(started, job.timeoutMs, job.what).then(
      (value) => this.finish(job, () => job.resolve(value)),
      (error: unknown) => this.finish(job, () => job.reject(error)),
    );
  }

  private finish(job: Job, settle: () => void): void {
    if (this.running !== job) return; // rejected by rejectAll already
    this.running = null;
    settle();
    this.pump();
  }
}
