/**
 * The parts of the recorder's plot (`mia-trace-plot`) as SVG: the g axis with its grid, the
 * time axis, the detector's threshold band, the lid band, the cup's events and the lost frames.
 * Each draws into a `PlotFrame` (pixels; the element sizes it to its width).
 */
import { svg } from 'lit';
import { msg, str } from '@lit/localize';
import type { RecordedEvent, TraceGap } from '../../cup';
import { numberFormat } from '../text/formatters';
import type { Axis, LabelPlace, LidSpan } from './trace-scale';

export interface PlotFrame {
  /** The plot area: left..right, top..bottom (the lid band below it: lidTop..lidBottom). */
  left: number;
  right: number;
  top: number;
  bottom: number;
  lidTop: number;
  lidBottom: number;
  /** Label rows for the events, above `top`. */
  labelRow: (row: number) => number;
  x: (t: number) => number;
  y: (mg: number) => number;
}

/** Approximate width of a label in the plot's 12 px text (for laying labels out). */
export const labelWidth = (text: string) => Math.ceil(text.length * 6.6);

const px = (v: number) => v.toFixed(1);

/** A tick's number as the table's language writes it: "-1", "2.5" ("2,5" in German). */
const tickNumber = (v: number) => numberFormat({ maximumFractionDigits: 1 }).format(v);

/** "1 g", "-1 g". */
const gText = (mg: number) => `${tickNumber(mg / 1000)} g`;

/** "0 s", "2.5 s". */
const sText = (ms: number) => `${tickNumber(ms / 1000)} s`;

export function gAxisPart(f: PlotFrame, axis: Axis) {
  return svg`<g class="y-axis" data-testid="plot-y-axis">
    ${axis.ticks.map((mg) => {
      const y = f.y(mg);
      return svg`<g data-mg=${mg}>
        <line class=${mg === 0 ? 'grid zero' : 'grid'} x1=${f.left} x2=${f.right} y1=${px(y)}
          y2=${px(y)}></line>
        <text class="tick" x=${f.left - 6} y=${px(y + 4)} text-anchor="end">${gText(mg)}</text>
      </g>`;
    })}
  </g>`;
}

export function timeAxisPart(f: PlotFrame, axis: Axis) {
  return svg`<g class="x-axis" data-testid="plot-x-axis">
    ${axis.ticks.map((ms) => {
      const x = px(f.x(ms));
      const last = f.x(ms) > f.right - 14;
      return svg`<line class="grid" x1=${x} x2=${x} y1=${f.top} y2=${f.bottom}></line>
        <line class="axis" x1=${x} x2=${x} y1=${f.lidBottom} y2=${f.lidBottom + 5}></line>
        <text class="tick" x=${x} y=${f.lidBottom + 18}
          text-anchor=${ms === 0 ? 'start' : last ? 'end' : 'middle'}>${sText(ms)}</text>`;
    })}
    <line class="axis" x1=${f.left} x2=${f.right} y1=${f.lidBottom} y2=${f.lidBottom}></line>
  </g>`;
}

/** The band 1 g ± the threshold: |a| outside it counts as motion (PROTOCOL.md 4.6). */
export function thresholdPart(f: PlotFrame, thresholdMg: number) {
  const high = 1000 + thresholdMg;
  const low = Math.max(0, 1000 - thresholdMg);
  const top = f.y(high);
  const bottom = f.y(low);
  return svg`<g data-testid="plot-threshold" data-low-mg=${low} data-high-mg=${high}>
    <rect class="band" x=${f.left} width=${f.right - f.left} y=${px(top)}
      height=${px(bottom - top)}></rect>
    <line class="band-edge" x1=${f.left} x2=${f.right} y1=${px(top)} y2=${px(top)}></line>
    <line class="band-edge" x1=${f.left} x2=${f.right} y1=${px(bottom)} y2=${px(bottom)}></line>
  </g>`;
}

export function lidPart(f: PlotFrame, spans: readonly LidSpan[]) {
  const open = msg('open');
  return svg`<g class="lid" data-testid="plot-lid">
    <text class="tick" x=${f.left - 6} y=${f.lidBottom - 6} text-anchor="end">${msg('Lid')}</text>
    <line class="grid" x1=${f.left} x2=${f.right} y1=${f.lidTop} y2=${f.lidTop}></line>
    ${spans.map((s) => {
      const x = f.x(s.from);
      const width = Math.max(2, f.x(s.to) - x);
      return svg`<rect class="lid-open" x=${px(x)} width=${px(width)} y=${f.lidTop + 3}
          height=${f.lidBottom - f.lidTop - 6} data-from=${s.from} data-to=${s.to}></rect>
        ${
          width >= labelWidth(open) + 8
            ? svg`<text class="on-lid" x=${px(x + 4)} y=${f.lidBottom - 8}>${open}</text>`
            : null
        }`;
    })}
  </g>`;
}

export function eventName(type: RecordedEvent['type']): string {
  switch (type) {
    case 'shake_started':
      return msg('shake started');
    case 'shake_ended':
      return msg('shake ended');
    case 'lid_opened':
      return msg('lid opened');
    case 'lid_closed':
      return msg('lid closed');
  }
}

/** A dashed line through the plot and the lid band at each event, labelled above the plot. */
export function eventsPart(
  f: PlotFrame,
  events: readonly RecordedEvent[],
  places: readonly LabelPlace[],
) {
  return svg`${events.map((e, i) => {
    const x = f.x(e.t);
    const { row, side } = places[i];
    const labelY = f.labelRow(row);
    return svg`<g class=${`mark ${e.type.startsWith('shake') ? 'shake' : 'lid'}`}
      data-testid="plot-event" data-type=${e.type} data-t=${e.t}>
      <line x1=${px(x)} x2=${px(x)} y1=${labelY - 10} y2=${f.lidBottom}></line>
      <text class="label" x=${px(side === 'right' ? x + 3 : x - 3)} y=${labelY}
        text-anchor=${side === 'right' ? 'start' : 'end'}>${eventName(e.type)}</text>
    </g>`;
  })}`;
}

/** Lost telemetry frames: a hatched span (at least 6 px wide) through the plot, labelled. */
export function gapsPart(f: PlotFrame, gaps: readonly TraceGap[], endMs: number) {
  return svg`${gaps.map((g) => {
    const from = f.x(g.afterMs ?? 0);
    const to = f.x(g.beforeMs ?? endMs);
    const mid = (from + to) / 2;
    const width = Math.max(6, to - from);
    const x = Math.max(f.left, Math.min(mid - width / 2, f.right - width));
    const lost = g.toSeq - g.fromSeq + 1;
    const label = msg('gap');
    const left = x + width + 3 + labelWidth(label) > f.right;
    return svg`<g class="gap" data-testid="plot-gap" data-from-seq=${g.fromSeq}
      data-to-seq=${g.toSeq}>
      <title>${msg(str`Telemetry frames lost: ${lost}`)}</title>
      <rect x=${px(x)} width=${px(width)} y=${f.top} height=${f.lidBottom - f.top}
        fill="url(#gap-hatch)"></rect>
      <text class="label" x=${px(left ? x - 3 : x + width + 3)} y=${f.bottom - 6}
        text-anchor=${left ? 'end' : 'start'}>${label}</text>
    </g>`;
  })}`;
}
