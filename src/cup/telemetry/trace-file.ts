/**
 * The trace file of a recording, written and read back, in the format of
 * `firmware-protocol/reference/traces/` (its README, "Traces"): `# key: value` header lines,
 * then `t_ms,x_mg,y_mg,z_mg,lid` rows, an empty field where a row has no reading. Comment lines
 * carry what only the app knows, where it belongs in time: each lost telemetry frame (`# gap:`)
 * and each cup event the app saw live (`# event: shake_ended t_ms=2440 duration_ms=1410
 * peak_mg=3721`, counted by a `# events:` header line), which `mia_host compare` checks a
 * replay against. Every reader of traces skips comment lines, so older tools read these files.
 * Pure: no GATT, no DOM.
 */
import type { RecordedEvent, TraceGap, TraceMeta, TraceRow } from './trace';

/** One line of header text: no line breaks, no leading or trailing space. */
export function oneLine(text: string, max = 200): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}

export function traceCsv(
  meta: TraceMeta,
  rows: readonly TraceRow[],
  gaps: readonly TraceGap[],
  events: readonly RecordedEvent[],
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
  lines.push(`# events: ${events.length} seen live by the app`);
  lines.push('t_ms,x_mg,y_mg,z_mg,lid');
  // A gap's line goes before the first reading after it; an event's after the readings of its
  // time (the reading that made it).
  const pendingGaps = [...gaps];
  const pendingEvents = [...events].sort((a, b) => a.t - b.t);
  for (const row of rows) {
    while (pendingEvents.length > 0 && pendingEvents[0].t < row.t) {
      lines.push(eventLine(pendingEvents.shift()!));
    }
    while (pendingGaps.length > 0 && (pendingGaps[0].beforeMs ?? Infinity) <= row.t) {
      lines.push(gapLine(pendingGaps.shift()!));
    }
    const a = row.accel;
    lines.push(`${row.t},${a ? `${a.x},${a.y},${a.z}` : ',,'},${row.lid ?? ''}`);
  }
  for (const gap of pendingGaps) lines.push(gapLine(gap));
  for (const event of pendingEvents) lines.push(eventLine(event));
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

/** The name of an event's value in its line: a shake's duration, or the lid's open time. */
const valueKey = (type: RecordedEvent['type']) =>
  type === 'lid_closed' ? 'open_ms' : 'duration_ms';

function eventLine(e: RecordedEvent): string {
  const value = e.value === null ? '' : ` ${valueKey(e.type)}=${e.value}`;
  const peak = e.peakMg === null ? '' : ` peak_mg=${e.peakMg}`;
  return `# event: ${e.type} t_ms=${e.t}${value}${peak}`;
}

const EVENT_TYPES: readonly string[] = ['shake_started', 'shake_ended', 'lid_opened', 'lid_closed'];

/** An `# event:` line's content (after `# event: `), or null if it is not one. */
function parseEventLine(text: string): RecordedEvent | null {
  const [type, ...fields] = text.trim().split(/\s+/);
  if (!EVENT_TYPES.includes(type)) return null;
  const values = new Map(
    fields.map((f) => f.split('=')).map(([key, value]) => [key, Number(value)] as const),
  );
  const t = values.get('t_ms');
  if (t === undefined || !Number.isInteger(t)) return null;
  const e = type as RecordedEvent['type'];
  return {
    type: e,
    t,
    value: values.get(valueKey(e)) ?? null,
    peakMg: values.get('peak_mg') ?? null,
  };
}

/**
 * A trace file read back: its header keys, its rows, and the events the app saw live (from a
 * recording; none in other traces). Other comment lines are skipped.
 */
export interface ParsedTrace {
  header: Record<string, string>;
  rows: TraceRow[];
  events: RecordedEvent[];
}

export function parseTrace(text: string): ParsedTrace {
  const header: Record<string, string> = {};
  const rows: TraceRow[] = [];
  const events: RecordedEvent[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('# event: ')) {
      const event = parseEventLine(line.slice('# event: '.length));
      if (event) events.push(event);
      continue;
    }
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
  return { header, rows, events };
}
