import { describe, expect, it } from 'vitest';
import type { CupEvent } from '../../../../firmware-protocol/codec';
import { SequenceTracker } from '../../../../src/cup/connection/sequence';

const ev = (seq: number, type: CupEvent['type'] = 'shake_started'): CupEvent =>
  ({ type, seq, timeMs: seq * 10 }) as CupEvent;
const seqs = (events: CupEvent[]) => events.map((e) => e.seq);

describe('SequenceTracker', () => {
  it('hands on events in order and drops duplicates', () => {
    const t = new SequenceTracker();
    t.baseline(4);
    expect(seqs(t.offer(ev(5)).deliver)).toEqual([5]);
    expect(seqs(t.offer(ev(6)).deliver)).toEqual([6]);
    const again = t.offer(ev(5));
    expect(again).toEqual({ deliver: [], gapSince: null, restarted: false });
    expect(again.deliver).toEqual([]);
    expect(t.offer(ev(6))).toEqual({ deliver: [], gapSince: null, restarted: false });
    expect(t.lastSeen).toBe(6);
  });

  it('takes the first event as the start when nothing is known', () => {
    const t = new SequenceTracker();
    expect(seqs(t.offer(ev(40)).deliver)).toEqual([40]);
    expect(t.lastSeen).toBe(40);
  });

  it('holds events after a gap, asks for a replay, and applies the replay in order', () => {
    const t = new SequenceTracker();
    t.baseline(10);
    const after = t.offer(ev(13));
    expect(after.gapSince).toBe(10);
    expect(after.deliver).toEqual([]);
    expect(t.offer(ev(14)).gapSince).toBe(10);
    expect(t.missing).toBe(2);
    // The replay: 11, 12, then 13 and 14 again (already held: duplicates).
    expect(seqs(t.offer(ev(11)).deliver)).toEqual([11]);
    expect(seqs(t.offer(ev(12)).deliver)).toEqual([12, 13, 14]);
    expect(t.offer(ev(13))).toEqual({ deliver: [], gapSince: null, restarted: false });
    expect(t.offer(ev(14))).toEqual({ deliver: [], gapSince: null, restarted: false });
    expect(t.lastSeen).toBe(14);
    expect(t.heldCount).toBe(0);
  });

  it('wraps from 65535 to 0', () => {
    const t = new SequenceTracker();
    t.baseline(65534);
    expect(seqs(t.offer(ev(65535)).deliver)).toEqual([65535]);
    expect(seqs(t.offer(ev(0)).deliver)).toEqual([0]);
    expect(seqs(t.offer(ev(1)).deliver)).toEqual([1]);
    expect(t.offer(ev(65535))).toEqual({ deliver: [], gapSince: null, restarted: false });
  });

  it('sees a gap across the wrap', () => {
    const t = new SequenceTracker();
    t.baseline(65534);
    expect(t.offer(ev(1)).gapSince).toBe(65534);
    expect(t.missing).toBe(2);
    expect(seqs(t.offer(ev(65535)).deliver)).toEqual([65535]);
    expect(seqs(t.offer(ev(0)).deliver)).toEqual([0, 1]);
  });

  it('skips numbers the cup no longer has and releases what it held', () => {
    const t = new SequenceTracker();
    t.baseline(100);
    t.offer(ev(150));
    const { skipped, deliver } = t.skipTo(120);
    expect(skipped).toBe(19);
    expect(deliver).toEqual([]);
    expect(t.lastSeen).toBe(119);
    expect(seqs(t.offer(ev(120)).deliver)).toEqual([120]);
  });

  it('gives up on a gap: held events go out oldest first', () => {
    const t = new SequenceTracker();
    t.baseline(1);
    t.offer(ev(7));
    t.offer(ev(4));
    t.offer(ev(5));
    expect(t.missing).toBe(2);
    expect(seqs(t.giveUp())).toEqual([4, 5, 7]);
    expect(t.lastSeen).toBe(7);
  });

  it('a booted event restarts the count', () => {
    const t = new SequenceTracker();
    t.baseline(300);
    const booted = t.offer(ev(0, 'booted'));
    expect(booted.restarted).toBe(true);
    expect(t.lastSeen).toBe(0);
    expect(seqs(t.offer(ev(1)).deliver)).toEqual([1]);
  });

  it('treats numbers more than half the space behind as old', () => {
    const t = new SequenceTracker();
    t.baseline(40_000);
    expect(t.offer(ev(40_000 - 32_767))).toEqual({ deliver: [], gapSince: null, restarted: false });
  });
});
