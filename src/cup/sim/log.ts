/**
 * The firmware model's event log (PROTOCOL.md section 6): u16 sequence numbers from `booted`
 * (0), a ring buffer of frames as sent, and the events a `replay_since` asks for.
 */
import {
  encodeEvent,
  seqAdd,
  seqDistance,
  type CupEvent as WireEvent,
} from '../../../firmware-protocol/codec';

const seqOf = (frame: Uint8Array) => frame[1] | (frame[2] << 8);

export class SimLog {
  private frames: Uint8Array[] = [];
  private last = 0;

  constructor(readonly capacity: number) {}

  /** The number of the newest event. */
  get lastSeq(): number {
    return this.last;
  }

  /** The number of the oldest event still held. */
  get oldestSeq(): number {
    return this.frames.length > 0 ? seqOf(this.frames[0]) : this.last;
  }

  /** A boot: the log empties and starts again at `booted` (number 0). */
  boot(timeMs: number, bootId: number | null): void {
    this.frames = [];
    this.last = 0;
    this.append(encodeEvent({ type: 'booted', seq: 0, timeMs, bootId }));
  }

  /** Logs an event under the next number; returns its frame. */
  add(event: WireEvent): Uint8Array {
    this.last = seqAdd(this.last, 1);
    const frame = encodeEvent({ ...event, seq: this.last });
    this.append(frame);
    return frame;
  }

  /**
   * What `replay_since(since)` sends: the held events newer than `since` up to the newest, and
   * the number of the first (the newest + 1 when there are none). `ignoreWrap` is a
   * deliberate fault (tests of the conformance check): plain integer comparison.
   */
  since(since: number, ignoreWrap = false): { firstSeq: number; frames: Uint8Array[] } {
    const d = seqDistance(this.last, since);
    const frames = this.frames.filter((frame) => {
      if (ignoreWrap) return seqOf(frame) > since && seqOf(frame) <= this.last; // a fault
      const ahead = seqDistance(seqOf(frame), since);
      return ahead >= 1 && ahead <= d;
    });
    return { firstSeq: frames.length > 0 ? seqOf(frames[0]) : seqAdd(this.last, 1), frames };
  }

  private append(frame: Uint8Array): void {
    this.frames.push(frame);
    if (this.frames.length > this.capacity) this.frames.shift();
  }
}
