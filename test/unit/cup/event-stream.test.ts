import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CupEvent } from '../../../firmware-protocol/codec';
import { CupRequestError, type CupSensorEvent, type CupWarning } from '../../../src/cup';
import { EventStream } from '../../../src/cup/event-stream';

const lid = (seq: number, timeMs: number): CupEvent => ({ type: 'lid_opened', seq, timeMs });

function setUp(replay: (since: number) => Promise<{ firstSeq: number; count: number }>) {
  const applied: CupSensorEvent[] = [];
  const warnings: CupWarning[] = [];
  const seen: (number | null)[] = [];
  const stream = new EventStream(
    {
      apply: (e) => applied.push(e),
      warn: (w) => warnings.push(w),
      replay,
      advanced: (last) => seen.push(last),
    },
    10_000,
  );
  stream.setLinked(true);
  return { stream, applied, warnings, seen };
}

describe('EventStream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies fresh events and remembers the newest number', () => {
    const { stream, applied, seen } = setUp(() => Promise.reject(new Error('unused')));
    stream.baseline(0);
    stream.now(5_000);
    stream.offer(lid(1, 4_000));
    expect(applied.map((e) => [e.type, e.seq, e.replayed])).toEqual([['lid-opened', 1, false]]);
    expect(seen).toEqual([1]);
  });

  it('an event older than the limit by the cup clock is a warning, not a move', () => {
    const { stream, applied, warnings } = setUp(() => Promise.reject(new Error('unused')));
    stream.baseline(0);
    stream.now(75_000);
    stream.offer(lid(1, 15_000));
    expect(applied).toEqual([]);
    expect(warnings).toMatchObject([{ code: 'stale-event', ageMs: 60_000 }]);
  });

  it('compares times across the u32 wrap of the cup clock', () => {
    const { stream, applied } = setUp(() => Promise.reject(new Error('unused')));
    stream.baseline(0);
    stream.now(2_000); // just after the wrap
    stream.offer(lid(1, 0xffffffff - 1_000)); // 3 s earlier, before the wrap
    expect(applied).toHaveLength(1);
  });

  it('retries a replay the cup is too busy for, then fills the gap in order', async () => {
    let calls = 0;
    const { stream, applied } = setUp(async (since) => {
      calls++;
      if (calls === 1) throw new CupRequestError('replay_since', 'busy');
      queueMicrotask(() => stream.offer(lid(since + 1, 100)));
      return { firstSeq: since + 1, count: 1 };
    });
    stream.baseline(0);
    stream.offer(lid(2, 200)); // 1 is missing
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(2);
    expect(applied.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('gives up on a gap the cup cannot fill: warns, then applies what it held', async () => {
    const { stream, applied, warnings } = setUp(async () => ({ firstSeq: 4, count: 0 }));
    stream.baseline(0);
    stream.offer(lid(3, 100));
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual([{ code: 'events-lost', count: 2 }]);
    expect(applied.map((e) => e.seq)).toEqual([3]);
  });
});
