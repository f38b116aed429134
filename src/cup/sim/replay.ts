/**
 * The simulated cup replays a recorded trace: its readings go out on the telemetry stream (when
 * one runs) and the events that trace gives (the C host tool's `mia_host events` output, or a
 * `.expected.csv` read as exact times) are logged at their times. The model has no detectors of
 * its own, so the events come with the trace: what the C core makes of it.
 */
import type { CupEvent as WireEvent } from '../../../firmware-protocol/codec';
import type { CupFirmware } from './firmware';
import type { ParsedTrace } from '../telemetry/trace';

/** An event of a replay: the C tool's line `event,t_ms,value,peak_mg`. */
export interface TraceEvent {
  type: 'shake_started' | 'shake_ended' | 'lid_opened' | 'lid_closed';
  /** ms from the trace's start. */
  t: number;
  /** shake_ended: its duration; lid_closed: the open time. */
  value: number | null;
  peakMg: number | null;
}

const TYPES = new Set(['shake_started', 'shake_ended', 'lid_opened', 'lid_closed']);

/** Reads `mia_host events` output (`event,t_ms,value,peak_mg` and a header). */
export function parseTraceEvents(text: string): TraceEvent[] {
  const events: TraceEvent[] = [];
  for (const line of text.split(/\r?\n/)) {
    const [type, t, value, peak] = line.split(',');
    if (!TYPES.has(type) || t === undefined) continue;
    const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));
    events.push({
      type: type as TraceEvent['type'],
      t: Number(t),
      value: num(value),
      peakMg: num(peak),
    });
  }
  return events;
}

/** One moment of a replay: the readings and events at one time, in order. */
export interface ReplayStep {
  t: number;
  run: (fw: CupFirmware, startMs: number) => void;
}

/** The replay as steps ordered by time; readings first, then the events they gave. */
export function replaySteps(trace: ParsedTrace, events: readonly TraceEvent[]): ReplayStep[] {
  const steps: (ReplayStep & { order: number })[] = [];
  for (const row of trace.rows) {
    steps.push({
      t: row.t,
      order: steps.length,
      run: (fw, start) => {
        const at = (start + row.t) >>> 0;
        if (row.accel) fw.sample(row.accel.x, row.accel.y, row.accel.z, at);
        if (row.lid !== undefined) fw.lidReading(row.lid === 1, at);
      },
    });
  }
  for (const e of events) {
    steps.push({
      t: e.t,
      order: steps.length,
      run: (fw, start) => fw.logSensed(wireEvent(e, (start + e.t) >>> 0)),
    });
  }
  steps.sort((a, b) => a.t - b.t || a.order - b.order);
  return steps;
}

function wireEvent(e: TraceEvent, timeMs: number): WireEvent {
  switch (e.type) {
    case 'shake_ended':
      return { type: e.type, seq: 0, timeMs, durationMs: e.value ?? 0, peakMg: e.peakMg ?? 0 };
    case 'lid_closed':
      return { type: e.type, seq: 0, timeMs, openMs: e.value ?? 0 };
    default:
      return { type: e.type, seq: 0, timeMs };
  }
}

/**
 * Plays a trace into the cup, starting at its clock now. `wait(ms)` paces it (resolve at once
 * for as fast as possible); it is called with the time to the next step.
 */
export async function replayTrace(
  fw: CupFirmware,
  trace: ParsedTrace,
  events: readonly TraceEvent[],
  wait: (ms: number) => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const steps = replaySteps(trace, events);
  const start = fw.clock;
  let last = steps[0]?.t ?? 0;
  for (const step of steps) {
    if (step.t > last) await wait(step.t - last);
    last = step.t;
    step.run(fw, start);
  }
}
