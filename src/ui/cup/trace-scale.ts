/**
 * The arithmetic of the recorder's plot (`mia-trace-plot`): its axes' ranges and ticks, the
 * lid's open spans, the rows its event labels go in, and polylines thinned to the pixels they
 * cover. Pure: no DOM, no words.
 */
import type { TracePoint } from '../../cup';

/** An axis: its range and where its labelled ticks go (in its unit: mg or ms). */
export interface Axis {
  min: number;
  max: number;
  ticks: number[];
}

function ticksOf(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step || 0; v <= max; v += step) ticks.push(v);
  return ticks;
}

/**
 * The acceleration axis, mg: from 0 (or the half g below a negative reading) up to at least 3 g,
 * growing with the data by half g; a tick every g, every 2 g beyond 8 g of range.
 */
export function gAxis(lowestMg: number, highestMg: number): Axis {
  const min = Math.min(0, Math.floor(lowestMg / 500) * 500);
  const max = Math.max(3000, Math.ceil(highestMg / 500) * 500);
  return { min, max, ticks: ticksOf(min, max, max - min > 8000 ? 2000 : 1000) };
}

const TIME_STEPS = [500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000];

/**
 * The time axis, ms: from 0 to at least 10 s, growing with the recording; ticks at the finest
 * of 0.5, 1, 2, 5, 10, 15 or 30 s that gives at most `maxTicks` intervals.
 */
export function timeAxis(lastMs: number, maxTicks: number): Axis {
  const max = Math.max(10_000, lastMs);
  const step =
    TIME_STEPS.find((s) => max / s <= Math.max(1, maxTicks)) ?? TIME_STEPS[TIME_STEPS.length - 1];
  return { min: 0, max, ticks: ticksOf(0, max, step) };
}

/** A span of time with the lid open. */
export interface LidSpan {
  from: number;
  to: number;
}

/** The spans in which the lid read open, the last one reaching `endMs` if still open. */
export function lidSpans(points: readonly TracePoint[], endMs: number): LidSpan[] {
  const spans: LidSpan[] = [];
  let openAt: number | null = null;
  for (const p of points) {
    if (p.lid === 1 && openAt === null) openAt = p.t;
    if (p.lid === 0 && openAt !== null) {
      spans.push({ from: openAt, to: p.t });
      openAt = null;
    }
  }
  if (openAt !== null) spans.push({ from: openAt, to: Math.max(openAt, endMs) });
  return spans;
}

/** Where a label goes: its row (0 at the top) and which side of its mark. */
export interface LabelPlace {
  row: number;
  side: 'right' | 'left';
}

/**
 * Rows for labels written beside marks at `xs` (ascending, px) so that they do not overlap:
 * each goes in the first row where it clears the last label by 4 px, right of its mark, or left
 * of it where the plot's right edge `right` would cut it; with no row free, in the row whose
 * last label ends first.
 */
export function labelRows(
  marks: readonly { x: number; width: number }[],
  rows: number,
  right: number,
): LabelPlace[] {
  const ends: number[] = Array.from({ length: rows }, () => -Infinity);
  return marks.map(({ x, width }) => {
    const side = x + 3 + width > right ? 'left' : 'right';
    const start = side === 'right' ? x : x - 6 - width;
    let row = ends.findIndex((end) => end + 4 <= start);
    if (row < 0) row = ends.indexOf(Math.min(...ends));
    ends[row] = start + width + 6;
    return { row, side };
  });
}

/**
 * SVG polyline points for one series: each point at (x(t), y(value)); where more than two
 * points fall in one pixel column, only the lowest and highest of them (in their order), so a
 * minute at 100 Hz draws as fast as a second and every spike still shows.
 */
export function polyline(
  points: readonly TracePoint[],
  value: (p: TracePoint) => number | undefined,
  x: (t: number) => number,
  y: (v: number) => number,
): string {
  const out: string[] = [];
  let column = NaN;
  let low: [number, number] | null = null;
  let high: [number, number] | null = null;
  const flush = () => {
    if (!low || !high) return;
    const [first, second] = low[0] <= high[0] ? [low, high] : [high, low];
    out.push(`${column},${y(first[1]).toFixed(1)}`);
    if (second !== first) out.push(`${column},${y(second[1]).toFixed(1)}`);
  };
  points.forEach((p, i) => {
    const v = value(p);
    if (v === undefined) return;
    const c = Math.round(x(p.t));
    if (c !== column) {
      flush();
      column = c;
      low = high = [i, v];
    } else {
      if (v < low![1]) low = [i, v];
      if (v > high![1]) high = [i, v];
    }
  });
  flush();
  return out.join(' ');
}
