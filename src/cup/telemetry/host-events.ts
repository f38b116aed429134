/**
 * The events a replay of a trace through the C core gives, as the host tool prints them
 * (`mia_host events <trace.csv>`: `event,t_ms,value,peak_mg` after a header line).
 */

import type { RecordedEvent } from './trace';

/** An event of a replay (the C tool's line `event,t_ms,value,peak_mg`): as a recorded one. */
export type TraceEvent = RecordedEvent;

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
