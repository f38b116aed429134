/**
 * A telemetry recording: the frames of one stream in; the rows, the gaps and the trace file
 * (`trace-file.ts`, the format of `firmware-protocol/reference/traces/`) out. Times are ms from
 * the stream's first frame. A lost frame (a missing telemetry number) is a gap, marked in the
 * file with a `# gap:` comment line where it belongs; the C host tool and the simulated cup skip
 * comment lines, so a replay simply has no readings there. Pure: no GATT, no DOM.
 */
import {
  telemetrySamples,
  type Config,
  type TelemetryEndReason,
  type TelemetryFrame,
} from '../../../firmware-protocol/codec';
import type { CupSensorEvent } from '../events';
import { traceCsv } from './trace-file';

/** The simulated cup's replay reads the parsed file by this name. */
export type { ParsedTrace } from './trace-file';

export interface TraceRow {
  /** ms from the recording's start. */
  t: number;
  accel?: { x: number; y: number; z: number };
  /** The lid reading: 1 open, 0 closed (as the cup's settings read it). */
  lid?: 0 | 1;
}

/** Frames that never arrived: numbers `fromSeq..toSeq`, between two readings' times. */
export interface TraceGap {
  fromSeq: number;
  toSeq: number;
  /** The time of the last reading before the gap, and of the first after it (null: none). */
  afterMs: number | null;
  beforeMs: number | null;
}

export interface TraceMeta {
  label: string;
  note: string;
  rateHz: number;
  /** The cup's Config while recording (the replay runs with it), or null for the defaults. */
  config: Config | null;
  /** Extra facts for the header: which cup, when, firmware. */
  recordedAt?: Date;
  cup?: string | null;
  firmware?: string | null;
}

/** One reading for a live plot: x, y, z and |a| in milli-g, or the lid. */
export interface TracePoint {
  t: number;
  magnitudeMg?: number;
  x?: number;
  y?: number;
  z?: number;
  lid?: 0 | 1;
}

/** A cup event the app saw live while recording, at its time on the recording's clock. */
export interface RecordedEvent {
  type: CupSensorEvent['type'];
  /** ms from the recording's start. */
  t: number;
  /** shake_ended: its duration; lid_closed: the open time. */
  value: number | null;
  peakMg: number | null;
}

/** Collects the frames of one stream and turns them into rows, gaps and a CSV. */
export class TraceBuilder {
  /** The cup time of the stream's first frame (ms since boot), once one arrived. */
  originMs: number | null = null;
  /** How the stream ended, once it has. */
  ended: TelemetryEndReason | null = null;
  private readonly frames: TelemetryFrame[] = [];
  private highestSeq = -1;

  /** A decoded frame; returns the readings it brings, for a live plot. */
  add(frame: TelemetryFrame): TracePoint[] {
    this.originMs ??= frame.timeMs;
    this.frames.push(frame);
    this.highestSeq = Math.max(this.highestSeq, frame.seq);
    if (frame.kind === 'end') this.ended = frame.reason;
    if (frame.kind === 'lid') return [{ t: this.rel(frame.timeMs), lid: frame.open ? 1 : 0 }];
    return telemetrySamples(frame).map((s) => ({
      t: this.rel(s.timeMs),
      magnitudeMg: Math.round(Math.hypot(s.x, s.y, s.z)),
      x: s.x,
      y: s.y,
      z: s.z,
    }));
  }

  /** Milliseconds from the recording's start for a cup time. */
  rel(cupMs: number): number {
    return ((cupMs - (this.originMs ?? cupMs)) | 0) as number;
  }

  get frameCount(): number {
    return this.frames.length;
  }

  /** The readings, ordered by time (equal times keep their frame order). */
  rows(): TraceRow[] {
    const rows: (TraceRow & { order: number })[] = [];
    for (const frame of this.sorted()) {
      if (frame.kind === 'lid') {
        rows.push({ t: this.rel(frame.timeMs), lid: frame.open ? 1 : 0, order: rows.length });
      }
      for (const s of telemetrySamples(frame)) {
        rows.push({
          t: this.rel(s.timeMs),
          accel: { x: s.x, y: s.y, z: s.z },
          order: rows.length,
        });
      }
    }
    rows.sort((a, b) => a.t - b.t || a.order - b.order);
    return rows.map(({ order: _order, ...row }) => row);
  }

  /**
   * The missing numbers of the stream, as ranges. `total` is how many frames the stream had
   * (from the stop Reply, or the `end` frame); without it, the highest number seen + 1.
   */
  gaps(total: number | null = null): TraceGap[] {
    const count = total ?? (this.ended !== null ? this.highestSeq + 1 : this.highestSeq + 1);
    const bySeq = new Map(this.frames.map((f) => [f.seq, f]));
    const gaps: TraceGap[] = [];
    for (let seq = 0; seq < count; seq++) {
      if (bySeq.has(seq)) continue;
      const last = gaps.at(-1);
      if (last && last.toSeq === seq - 1) {
        last.toSeq = seq;
        continue;
      }
      gaps.push({ fromSeq: seq, toSeq: seq, afterMs: null, beforeMs: null });
    }
    for (const gap of gaps) {
      const before = bySeq.get(gap.fromSeq - 1);
      const after = bySeq.get(gap.toSeq + 1);
      gap.afterMs = before ? this.rel(lastTime(before)) : null;
      gap.beforeMs = after ? this.rel(after.timeMs) : null;
    }
    return gaps;
  }

  /** The trace file, with the events the app saw while recording. */
  csv(meta: TraceMeta, total: number | null = null, events: readonly RecordedEvent[] = []): string {
    return traceCsv(meta, this.rows(), this.gaps(total), events, this.originMs ?? 0);
  }

  private sorted(): TelemetryFrame[] {
    return [...this.frames].sort((a, b) => a.seq - b.seq);
  }
}

function lastTime(frame: TelemetryFrame): number {
  return frame.kind === 'accel2' ? frame.timeMs + frame.intervalMs : frame.timeMs;
}
