import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CupDisconnectedError, CupTimeoutError } from '../../../../src/cup';
import { GattQueue } from '../../../../src/cup/link/queue';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('GattQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one operation at a time, in order', async () => {
    const queue = new GattQueue(1_000);
    const started: string[] = [];
    const a = deferred<string>();
    const b = deferred<string>();
    const pa = queue.run('a', () => (started.push('a'), a.promise));
    const pb = queue.run('b', () => (started.push('b'), b.promise));
    await Promise.resolve();
    expect(started).toEqual(['a']); // b waits for a
    a.resolve('A');
    await expect(pa).resolves.toBe('A');
    expect(started).toEqual(['a', 'b']);
    b.resolve('B');
    await expect(pb).resolves.toBe('B');
    const c = queue.run('c', () => (started.push('c'), Promise.resolve('C')));
    await expect(c).resolves.toBe('C'); // nothing left running: the next starts at once
  });

  it('goes on after a failed operation', async () => {
    const queue = new GattQueue(1_000);
    const failed = queue.run('bad', () => Promise.reject(new Error('GATT error')));
    const next = queue.run('good', () => Promise.resolve(2));
    await expect(failed).rejects.toThrow('GATT error');
    await expect(next).resolves.toBe(2);
  });

  it('times out an operation that never answers and starts the next', async () => {
    const queue = new GattQueue(500);
    const hung = queue.run('hung', () => new Promise<never>(() => {}));
    let nextStarted = false;
    const next = queue.run('next', () => ((nextStarted = true), Promise.resolve('ok')));
    const check = expect(hung).rejects.toBeInstanceOf(CupTimeoutError);
    await vi.advanceTimersByTimeAsync(499);
    expect(nextStarted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    await expect(next).resolves.toBe('ok');
  });

  it('a per-operation timeout overrides the default', async () => {
    const queue = new GattQueue(5_000);
    const hung = queue.run('hung', () => new Promise<never>(() => {}), 100);
    const check = expect(hung).rejects.toMatchObject({ what: 'hung', ms: 100 });
    await vi.advanceTimersByTimeAsync(100);
    await check;
  });

  it('rejects the running and every queued operation on disconnect, and later ones at once', async () => {
    const queue = new GattQueue(1_000);
    const running = deferred<number>();
    const p1 = queue.run('one', () => running.promise);
    const p2 = queue.run('two', () => Promise.resolve(2));
    const p3 = queue.run('three', () => Promise.resolve(3));
    queue.rejectAll();
    await expect(p1).rejects.toBeInstanceOf(CupDisconnectedError);
    await expect(p2).rejects.toBeInstanceOf(CupDisconnectedError);
    await expect(p3).rejects.toBeInstanceOf(CupDisconnectedError);
    running.resolve(1); // a late answer changes nothing
    await expect(queue.run('later', () => Promise.resolve(4))).rejects.toBeInstanceOf(
      CupDisconnectedError,
    );
  });

  it('turns a synchronous throw into a rejection', async () => {
    const queue = new GattQueue(1_000);
    await expect(
      queue.run('throws', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(queue.run('after', () => Promise.resolve('fine'))).resolves.toBe('fine');
  });
});
