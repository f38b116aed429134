/**
 * A telemetry recording as a trace file: the frames of one stream in, the rows, the gaps and the
 * CSV out, in exactly the format of `firmware-protocol/reference/traces/` (its README): `# key:
 * value` header lines, then `t_ms,x_mg,y_mg,z_mg,lid` rows, an empty field where a row has no
 * reading. Times are ms from the stream's first frame. A lost frame (a missing telemetry
 * number) is marked with a `# gap:` comment line where it belongs; the C host tool and the
 * simulated cup skip comment lines, so a replay simply has no readings there.
 * Pure: no GATT, no DOM.
 */
import {
  telemetrySamples,
  type Config,
  type TelemetryEndReason,
  type TelemetryFrame,
} from '../../../firmware-protocol/codec';

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

/** One reading for a live plot: |a| in milli-g, or the lid. */
export interface TracePoint {
  t: number;
  magnitudeMg?: number;
  lid?: 0 | 1;
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

  /** The trace file. */
  csv(meta: TraceMeta, total: number | null = null): string {
    return traceCsv(meta, this.rows(), this.gaps(total), this.originMs ?? 0);
  }

  private sorted(): TelemetryFrame[] {
    return [...this.frames].sort((a, b) => a.seq - b.seq);
  }
}

function lastTime(frame: TelemetryFrame): number {
  return frame.kind === 'accel2' ? frame.timeMs + frame.intervalMs : frame.timeMs;
}

/** One line of header text: no line breaks, no leading or trailing space. */
export function oneLine(text: string, max = 200): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}

export function traceCsv(
  meta: TraceMeta,
  rows: readonly TraceRow[],
  gaps: readonly TraceGap[],
  originMs: number,
): string {
  const lines = [`# trace: ${oneLine(meta.label) || 'recording'}`];
  const about = oneLine(meta.note);
  if (about) lines.push(`# about: ${about}`);
  lines.push(`# rate_hz: ${meta.rateHz}`, '# lid: digital');
  const c = meta.config;
  if (c) {
    lines.push(
      `# config: threshold_mg=${c.shakeThresholdMg} min_ms=${c.shakeMinMs} ` +
        `gap_ms=${c.shakeGapMs} debounce_ms=${c.lidDebounceMs}`,
    );
  }
  const facts = [
    meta.recordedAt ? `recorded ${meta.recordedAt.toISOString()}` : null,
    meta.cup ? `cup ${oneLine(meta.cup, 40)}` : null,
    meta.firmware ? `firmware ${oneLine(meta.firmware, 20)}` : null,
    `t_ms 0 is ${originMs >>> 0} ms since the cup booted`,
  ].filter((f): f is string => f !== null);
  lines.push(`# sensor: telemetry recording, ${facts.join(', ')}`);
  const lost = gaps.reduce((n, g) => n + g.toSeq - g.fromSeq + 1, 0);
  lines.push(`# gaps: ${gaps.length} (${lost} frames lost)`);
  lines.push('t_ms,x_mg,y_mg,z_mg,lid');
  const pending = [...gaps];
  for (const row of rows) {
    while (pending.length > 0 && (pending[0].beforeMs ?? Infinity) <= row.t) {
      lines.push(gapLine(pending.shift()!));
    }
    const a = row.accel;
    lines.push(`${row.t},${a ? `${a.x},${a.y},${a.z}` : ',,'},${row.lid ?? ''}`);
  }
  for (const gap of pending) lines.push(gapLine(gap));
  return lines.join('\n') + '\n';
}

function gapLine(gap: TraceGap): string {
  const frames =
    gap.fromSeq === gap.toSeq ? `frame ${gap.fromSeq}` : `frames ${gap.fromSeq}..${gap.toSeq}`;
  const span =
    gap.afterMs !== null && gap.beforeMs !== null
      ? `, no readings between ${gap.afterMs} and ${gap.beforeMs} ms`
      : gap.afterMs !== null
        ? `, no readings after ${gap.afterMs} ms`
        : '';
  return `# gap: ${frames} lost${span}`;
}

/** A trace file read back: its header keys and its rows (comment lines skipped). */
export interface ParsedTrace {
  header: Record<string, string>;
  rows: TraceRow[];
}

export function parseTrace(text: string): ParsedTrace {
  const header: Record<string, string> = {};
  const rows: TraceRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    const key = /^# ([a-z_]+): (.*)$/.exec(line);
    if (key) {
      header[key[1]] ??= key[2];
      continue;
    }
    if (!/^-?\d/.test(line)) continue; // the column header, comments, blank lines
    const [t, x, y, z, lid] = line.split(',').map((f) => (f.trim() === '' ? null : Number(f)));
    if (t === null || t === undefined || Number.isNaN(t)) continue;
    const row: TraceRow = { t };
    if (x != null && y != null && z != null) row.accel = { x, y, z };
    if (lid != null) row.lid = lid ? 1 : 0;
    rows.push(row);
  }
  return { header, rows };
}
