/**
 * The firmware model's telemetry stream (PROTOCOL.md 4.7, a 1.1 addition), frame for frame as
 * the C core packs it: the lid reading in effect first, samples in pairs (`accel2`), a waiting
 * sample sent alone before a lid change or when the next one is more than 255 ms later, an
 * `end` frame on stop or at the limit. Its own sequence numbers; a dropped frame spends its
 * number. Readings come in with the cup's time (ms since boot).
 */
import {
  TELEMETRY_MAX_RATE_HZ,
  type TelemetryEndReason,
  type TelemetryFrame,
} from '../../../firmware-protocol/codec';
import type { CupFaults } from './faults';

export interface TelemetrySink {
  /** Send a frame (the stream has already numbered it). */
  send(frame: TelemetryFrame): void;
}

export class SimTelemetry {
  running = false;
  /** Drop the next N frames instead of sending them (their numbers are spent): a gap. */
  dropNext = 0;
  /** Frames dropped so far. */
  dropped = 0;
  private seq = 0;
  private startMs = 0;
  private limitMs = 0;
  private held: { timeMs: number; x: number; y: number; z: number } | null = null;
  private lid: { open: boolean; reading: number } | null = null;
  private sentLid: { open: boolean; reading: number } | null = null;
  private decimate = 1;
  private skip = 0;

  constructor(
    private readonly sink: TelemetrySink,
    private readonly faults: CupFaults = {},
  ) {}

  /** The rate a stream runs at for an accelerometer at `rateHz` (at most 100 Hz). */
  static rate(rateHz: number): number {
    return Math.floor(rateHz / Math.ceil(rateHz / TELEMETRY_MAX_RATE_HZ));
  }

  /** Starts a stream at cup time `nowMs`; false when one is running (`busy`). */
  start(nowMs: number, seconds: number, rateHz: number): boolean {
    if (this.running) return false;
    this.running = true;
    this.seq = this.faults.telemetryFromOne ? 1 : 0;
    this.startMs = nowMs;
    this.limitMs = seconds * 1000;
    this.decimate = Math.ceil(rateHz / TELEMETRY_MAX_RATE_HZ);
    this.skip = 0;
    this.held = null;
    this.sentLid = null;
    if (this.lid) this.sendLid(nowMs);
    return true;
  }

  /** How many frames the stream will have had once stopped now (the Reply's count). */
  framesAfterStop(): number {
    return (this.seq + (this.held ? 1 : 0) + 1) & 0xffff;
  }

  /** Stops with an `end` frame; returns the stream's frame count (0 when none ran). */
  stop(nowMs: number, reason: TelemetryEndReason = 'stop'): number {
    if (!this.running) return 0;
    this.flushHeld();
    if (this.faults.telemetryNoEnd && reason === 'stop') this.seq = (this.seq + 1) & 0xffff;
    else this.emit({ seq: 0, kind: 'end', timeMs: nowMs >>> 0, reason });
    this.running = false;
    return this.seq;
  }

  /** The link ended: no frame, nothing more. */
  drop(): void {
    this.running = false;
    this.held = null;
  }

  accel(nowMs: number, x: number, y: number, z: number): void {
    if (this.overLimit(nowMs)) return;
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    this.skip = this.decimate - 1;
    const held = this.held;
    if (held && nowMs - held.timeMs <= 0xff) {
      this.held = null;
      this.emit({
        seq: 0,
        kind: 'accel2',
        timeMs: held.timeMs >>> 0,
        intervalMs: nowMs - held.timeMs,
        x: held.x,
        y: held.y,
        z: held.z,
        x2: x,
        y2: y,
        z2: z,
      });
      return;
    }
    this.flushHeld();
    this.held = { timeMs: nowMs, x, y, z };
  }

  /** A lid reading: `open` as the cup's settings read it, and the raw value. */
  lidReading(nowMs: number, open: boolean, reading = open ? 1 : 0): void {
    this.lid = { open, reading };
    if (this.overLimit(nowMs)) return;
    const sent = this.sentLid;
    if (!sent || sent.open !== open || sent.reading !== reading) this.sendLid(nowMs);
  }

  /** Time passes: the stream ends at its limit. */
  tick(nowMs: number): void {
    this.overLimit(nowMs);
  }

  private overLimit(nowMs: number): boolean {
    if (this.running && nowMs - this.startMs >= this.limitMs) {
      this.stop(this.startMs + this.limitMs, 'limit');
      return true;
    }
    return !this.running;
  }

  private sendLid(nowMs: number): void {
    if (!this.lid) return;
    this.flushHeld();
    this.sentLid = { ...this.lid };
    this.emit({ seq: 0, kind: 'lid', timeMs: nowMs >>> 0, ...this.lid });
  }

  private flushHeld(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    this.emit({
      seq: 0,
      kind: 'accel',
      timeMs: held.timeMs >>> 0,
      x: held.x,
      y: held.y,
      z: held.z,
    });
  }

  private emit(frame: TelemetryFrame): void {
    const numbered = { ...frame, seq: this.seq };
    this.seq = (this.seq + 1) & 0xffff;
    if (this.dropNext > 0) {
      this.dropNext--;
      this.dropped++;
      return;
    }
    this.sink.send(numbered);
  }
}
