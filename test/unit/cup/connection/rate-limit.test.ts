/**
 * A device that floods the app with sensor events (issue #31): a replay's worth passes at once,
 * then a few a second; the rest is not applied, and the panel is told once a link.
 */
import { describe, expect, it } from 'vitest';
import type { CupEvent } from '../../../../firmware-protocol/codec';
import type { CupSensorEvent, CupWarning } from '../../../../src/cup';
import {
  EVENTS_PER_SECOND,
  EventStream,
  MAX_EVENT_BURST,
} from '../../../../src/cup/connection/event-stream';
import { RateLimit } from '../../../../src/cup/connection/rate-limit';

const lid = (seq: number, timeMs: number): CupEvent =>
  ({
    type: seq % 2 ? 'lid_opened' : 'lid_closed',
    seq,
    timeMs,
    ...(seq % 2 ? {} : { openMs: 1 }),
  }) as CupEvent;

describe('RateLimit', () => {
  it('lets a burst through, then earns one more every 1/perSecond s, up to the burst', () => {
    const limit = new RateLimit(3, 2);
    expect([0, 0, 0, 0].map((t) => limit.take(t))).toEqual([true, true, true, false]);
    expect(limit.take(499)).toBe(false);
    expect(limit.take(500)).toBe(true);
    expect([60_000, 60_000, 60_000, 60_000].map((t) => limit.take(t))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limit.take(59_000)).toBe(false); // a clock that goes back earns nothing
  });
});

describe('a device that floods the event stream', () => {
  it('applies a burst and then a few a second; the rest is cut, with one warning a link', () => {
    let now = 1_000_000;
    const applied: CupSensorEvent[] = [];
    const warnings: CupWarning[] = [];
    const stream = new EventStream({
      apply: (e) => applied.push(e),
      warn: (w) => warnings.push(w),
      replay: () => Promise.reject(new Error('unused')),
      advanced: () => {},
      movedOnAt: () => -Infinity,
      now: () => now,
    });
    stream.setLinked(true);
    stream.release(0);
    let seq = 0;
    const flood = (count: number) => {
      for (let i = 0; i < count; i++) stream.offer(lid((seq += 1), seq));
    };
    flood(10_000);
    expect(applied).toHaveLength(MAX_EVENT_BURST);
    expect(warnings).toEqual([{ code: 'too-many-events' }]);
    now += 10_000;
    flood(10_000);
    expect(applied).toHaveLength(MAX_EVENT_BURST + 10 * EVENTS_PER_SECOND);
    expect(warnings).toHaveLength(1); // said once on this link
    // Applied in order, none twice: the cut ones are skipped, not held back.
    const seqs = applied.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    // On a new link the warning is given again if it floods again.
    stream.setLinked(false);
    stream.setLinked(true);
    flood(100);
    expect(warnings).toHaveLength(2);
  });
});
