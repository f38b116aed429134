import {
  seqAdd,
  seqDistance,
  seqIsNewer,
  type CupEvent as WireEvent,
} from '../../../firmware-protocol/codec';

/** What the tracker says about one event frame. */
export interface Offered {
  /** Events now ready to apply, oldest first (the offered one and any it unblocked). */
  deliver: WireEvent[];
  /** Numbers are missing before it: ask the cup to replay since this number. */
  gapSince: number | null;
  /** A `booted` event: the cup restarted and the count starts again. */
  restarted: boolean;
}

/** Events held while a gap is open; more than this and the oldest missing ones are given up. */
const MAX_HELD = 256;

/**
 * Sequence numbers of the cup's events (PROTOCOL.md section 6): u16, wrapping, compared with
 * serial number arithmetic. Drops duplicates, holds events that arrive after a gap until the
 * replay fills it, and hands events on strictly in order.
 */
export class SequenceTracker {
  private last: number | null = null;
  private readonly held = new Map<number, WireEvent>();
  /** A restart was noticed (boot id, clock): the coming `booted` is expected, not news. */
  private awaitingBoot = false;

  /** The newest sequence number handed on, or null before the first. */
  get lastSeen(): number | null {
    return this.last;
  }

  /** Events waiting for a gap to be filled. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Forget everything (another cup). */
  reset(lastSeen: number | null = null): void {
    this.last = lastSeen;
    this.held.clear();
    this.awaitingBoot = false;
  }

  /** The cup restarted while away: count from `fromBoot` (65535: everything from `booted`). */
  expectBoot(fromBoot: number): void {
    this.reset(fromBoot);
    this.awaitingBoot = true;
  }

  /** Take `seq` as seen when nothing is known yet (a first connection: State's last number). */
  baseline(seq: number): void {
    if (this.last === null) this.last = seq;
  }

  offer(event: WireEvent): Offered {
    const result: Offered = { deliver: [], gapSince: null, restarted: false };
    if (event.type === 'booted') {
      // Always number 0, always first after a boot: the count starts again.
      result.restarted = this.last !== null && !this.awaitingBoot;
      this.awaitingBoot = false;
      this.held.clear();
      this.last = event.seq;
      result.deliver.push(event);
      return result;
    }
    if (this.last === null) {
      this.last = event.seq;
      result.deliver.push(event);
      return result;
    }
    if (!seqIsNewer(event.seq, this.last) || this.held.has(event.seq)) return result; // seen
    if (event.seq === seqAdd(this.last, 1)) {
      this.last = event.seq;
      result.deliver.push(event, ...this.drain());
      return result;
    }
    // A gap: hold it until the replay brings the missing ones.
    this.held.set(event.seq, event);
    result.gapSince = this.last;
    if (this.held.size > MAX_HELD) result.deliver.push(...this.giveUp());
    return result;
  }

  /**
   * The cup no longer has the events before `first` (its replay starts there): skip to just
   * before it. Returns how many numbers were skipped and the held events this released.
   */
  skipTo(first: number): { skipped: number; deliver: WireEvent[] } {
    if (this.last === null || !seqIsNewer(first, seqAdd(this.last, 1))) {
      return { skipped: 0, deliver: [] };
    }
    const skipped = seqDistance(first, seqAdd(this.last, 1));
    this.last = seqAdd(first, -1);
    for (const seq of [...this.held.keys()]) {
      if (!seqIsNewer(seq, this.last)) this.held.delete(seq);
    }
    return { skipped, deliver: this.drain() };
  }

  /**
   * Stop waiting for the missing numbers: hand on every held event, oldest first. Returns the
   * events and how many numbers were never seen.
   */
  giveUp(): WireEvent[] {
    const out: WireEvent[] = [];
    while (this.held.size > 0 && this.last !== null) {
      const last = this.last;
      const next = [...this.held.keys()].reduce((a, b) =>
        seqDistance(a, last) <= seqDistance(b, last) ? a : b,
      );
      this.last = seqAdd(next, -1);
      out.push(...this.drain());
    }
    return out;
  }

  /** Missing numbers between the last seen and the oldest held event. */
  get missing(): number {
    if (this.last === null || this.held.size === 0) return 0;
    const last = this.last;
    const oldest = Math.min(...[...this.held.keys()].map((seq) => seqDistance(seq, last)));
    return oldest - 1;
  }

  private drain(): WireEvent[] {
    const out: WireEvent[] = [];
    while (this.last !== null) {
      const next = seqAdd(this.last, 1);
      const event = this.held.get(next);
      if (!event) break;
      this.held.delete(next);
      this.last = next;
      out.push(event);
    }
    return out;
  }
}
