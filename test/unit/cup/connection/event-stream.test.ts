import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CupEvent, CupState } from '../../../../firmware-protocol/codec';
import { CupRequestError, type CupSensorEvent, type CupWarning } from '../../../../src/cup';
import {
  EventStream,
  MAX_HELD_EVENTS,
  type StreamPosition,
} from '../../../../src/cup/connection/event-stream';

const lid = (seq: number, timeMs: number): CupEvent => ({ type: 'lid_opened', seq, timeMs });
const booted = (timeMs: number, bootId: number | null): CupEvent => ({
  type: 'booted',
  seq: 0,
  timeMs,
  bootId,
});

/** A State taken at `timeMs` on the cup's clock, of the boot `bootId` (null: a 1.0 cup). */
const state = (timeMs: number, bootId: number | null, lastSeq = 0): CupState => ({
  lidOpen: false,
  shaking: false,
  charging: false,
  batteryPercent: 80,
  lastSeq,
  timeMs,
  shakeCount: 0,
  lidOpenCount: 0,
  oldestSeq: 0,
  owned: false,
  proven: false,
  bootId,
});

/** The app's clock reads 1,000,000 ms; the table last moved by hand at `movedOnAt`. */
function setUp(
  replay: (since: number) => Promise<{ firstSeq: number; count: number }> = () =>
    Promise.reject(new Error('unused')),
  movedOnAt = -Infinity,
) {
  const applied: CupSensorEvent[] = [];
  const warnings: CupWarning[] = [];
  const positions: StreamPosition[] = [];
  const stream = new EventStream({
    apply: (e) => applied.push(e),
    warn: (w) => warnings.push(w),
    replay,
    advanced: (p) => positions.push(p),
    movedOnAt: () => movedOnAt,
    now: () => 1_000_000,
  });
  stream.setLinked(true);
  return { stream, applied, warnings, positions };
}

describe('EventStream: events as moves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies events in order, at their time on the app clock, and remembers the position', () => {
    const { stream, applied, positions } = setUp();
    stream.state(state(5_000, 7));
    stream.release(0);
    stream.offer(lid(1, 4_000));
    expect(applied.map((e) => [e.type, e.seq, e.at])).toEqual([['lid_opened', 1, 999_000]]);
    expect(positions.at(-1)).toEqual({ bootId: 7, lastSeq: 1 });
  });

  it('never drops an event for its age: a lift from a minute ago still counts', () => {
    const { stream, applied, warnings } = setUp();
    stream.state(state(75_000, 7));
    stream.release(0);
    stream.offer(lid(1, 15_000)); // 60 s before the State
    expect(warnings).toEqual([]);
    expect(applied.map((e) => e.at)).toEqual([940_000]);
  });

  it('an event from before a step entered by hand is a warning, one after it is a move', () => {
    const { stream, applied, warnings } = setUp(undefined, 970_000);
    stream.state(state(75_000, 7));
    stream.release(0);
    stream.offer(lid(1, 15_000)); // happened at 940,000: the table moved on at 970,000
    stream.offer(lid(2, 50_000)); // at 975,000: after the step by hand
    expect(warnings).toMatchObject([{ code: 'late-event', event: { seq: 1, at: 940_000 } }]);
    expect(applied.map((e) => e.seq)).toEqual([2]);
  });

  it('holds what arrives while syncing; a first link counts from its start, what came before is no move', () => {
    const { stream, applied } = setUp();
    stream.hold();
    stream.state(state(1_000, 7, 9)); // State when the link opened: number 9 is the newest
    stream.offer(lid(9, 900)); // notified at once, made before the link
    stream.offer(lid(10, 950));
    stream.offer(lid(11, 960));
    expect(applied).toEqual([]);
    stream.release(11, 9);
    expect(applied.map((e) => e.seq)).toEqual([10, 11]);
  });

  it('asks a first link for what the cup logged since its start and did not notify', async () => {
    const { stream, applied } = setUp((since) => {
      for (let seq = since + 1; seq <= 11; seq++) stream.offer(lid(seq, 900 + seq));
      return Promise.resolve({ firstSeq: since + 1, count: 11 - since });
    });
    stream.hold();
    stream.state(state(1_000, 7, 9));
    stream.release(11, 9); // made while the link proved itself: logged, not notified
    await vi.advanceTimersByTimeAsync(0);
    expect(applied.map((e) => [e.seq, e.replayed])).toEqual([
      [10, true],
      [11, true],
    ]);
  });

  it('after a claim (counted from now) nothing held is a move: the lift that confirmed it', () => {
    const { stream, applied } = setUp();
    stream.hold();
    stream.state(state(1_000, 7, 9));
    stream.offer(lid(10, 950));
    stream.release(10);
    expect(applied).toEqual([]);
    stream.offer(lid(11, 1_200));
    expect(applied.map((e) => e.seq)).toEqual([11]);
  });
});

describe('EventStream: events belong to one link', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drops what a link held when it closes before it was released (a refused device)', () => {
    const { stream, applied } = setUp();
    stream.hold(); // a stranger's link: it sends a lift before any proof, then is refused
    stream.offer(lid(1, 900));
    stream.offer(lid(2, 950));
    stream.setLinked(false);
    stream.hold(); // the table's own cup
    stream.setLinked(true);
    stream.state(state(1_000, 7, 4));
    stream.release(4);
    expect(applied).toEqual([]);
    stream.offer(lid(5, 1_100)); // its own events count
    expect(applied.map((e) => e.seq)).toEqual([5]);
  });

  it('a new link starts with nothing held, even when the last one never closed cleanly', () => {
    const { stream, applied } = setUp();
    stream.hold();
    stream.offer(lid(1, 900));
    stream.hold(); // set up again without a close in between
    stream.release(3);
    expect(applied).toEqual([]);
  });

  it(`holds at most ${MAX_HELD_EVENTS} events; the rest are asked for again by the gap's replay`, async () => {
    const asked: number[] = [];
    const { stream, applied } = setUp(async (since) => {
      asked.push(since);
      return { firstSeq: since + 1, count: 0 };
    });
    stream.hold();
    for (let seq = 1; seq <= 1_000; seq++) stream.offer(lid(seq, seq));
    stream.release(0);
    expect(applied.map((e) => e.seq)).toEqual(
      Array.from({ length: MAX_HELD_EVENTS }, (_, i) => i + 1),
    );
    stream.offer(lid(1_001, 1_001)); // the next live event shows the gap
    expect(asked).toEqual([MAX_HELD_EVENTS]);
  });
});

describe('EventStream: a cup that restarted while away', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a new boot id means the cup restarted: its events are asked for from booted on', async () => {
    const asked: number[] = [];
    const { stream, warnings, positions } = setUp(async (since) => {
      asked.push(since);
      return { firstSeq: 0, count: 3 };
    });
    stream.follow({ bootId: 0xaaaa, lastSeq: 2 }); // seen 0..2 of the old boot
    stream.state(state(800, 0xbbbb, 2)); // the new boot also has numbers up to 2
    expect(warnings).toEqual([{ code: 'cup-restarted' }]);
    expect(positions.at(-1)).toEqual({ bootId: 0xbbbb, lastSeq: 65535 });
    stream.release(2);
    expect(asked).toEqual([65535]);
  });

  it('the replayed booted event starts the count without a second warning', () => {
    const { stream, applied, warnings } = setUp(async () => ({ firstSeq: 0, count: 2 }));
    stream.follow({ bootId: 0xaaaa, lastSeq: 2 });
    stream.state(state(800, 0xbbbb, 1));
    stream.release(1);
    stream.offer(booted(0, 0xbbbb));
    stream.offer(lid(1, 500));
    expect(warnings).toEqual([{ code: 'cup-restarted' }]);
    expect(applied.map((e) => e.seq)).toEqual([1]);
  });

  it('the same boot id is no restart: replay since the last number seen', async () => {
    const asked: number[] = [];
    const { stream, warnings } = setUp(async (since) => {
      asked.push(since);
      return { firstSeq: since + 1, count: 0 };
    });
    stream.follow({ bootId: 0xaaaa, lastSeq: 2 });
    stream.state(state(90_000, 0xaaaa, 5));
    stream.release(5);
    expect(warnings).toEqual([]);
    expect(asked).toEqual([2]);
  });

  it('a 1.0 cup (no boot id): a clock behind the newest time seen means a restart', () => {
    const { stream, warnings } = setUp(async () => ({ firstSeq: 0, count: 1 }));
    stream.state(state(50_000, null, 4));
    stream.release(4);
    stream.state(state(300, null, 2)); // read after a reconnect: the clock went back
    expect(warnings).toEqual([{ code: 'cup-restarted' }]);
    expect(stream.lastSeen).toBe(65535);
  });

  it('a 1.0 clock that wraps forward past 2^32 ms is no restart', () => {
    const { stream, warnings } = setUp();
    stream.state(state(0xffffff00, null));
    stream.state(state(2_000, null));
    expect(warnings).toEqual([]);
  });
});

describe('EventStream: gaps', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a replay the cup is too busy for, then fills the gap in order', async () => {
    let calls = 0;
    const { stream, applied } = setUp(async (since) => {
      calls++;
      if (calls === 1) throw new CupRequestError('replay_since', 'busy');
      queueMicrotask(() => stream.offer(lid(since + 1, 100)));
      return { firstSeq: since + 1, count: 1 };
    });
    stream.release(0);
    stream.offer(lid(2, 200)); // 1 is missing
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(2);
    expect(applied.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('gives up on a gap the cup cannot fill: warns, then applies what it held', async () => {
    const { stream, applied, warnings } = setUp(async () => ({ firstSeq: 4, count: 0 }));
    stream.release(0);
    stream.offer(lid(3, 100));
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual([{ code: 'events-lost', count: 2 }]);
    expect(applied.map((e) => e.seq)).toEqual([3]);
  });
});
