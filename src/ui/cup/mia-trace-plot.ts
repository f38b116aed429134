import { LitElement, html, nothing, svg } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import type { RecordedEvent, TraceGap, TracePoint } from '../../cup';
import { baseStyles } from '../styles';
import { numberText } from '../text/scores';
import { tracePlotStyles } from './mia-trace-plot.styles';
import {
  eventName,
  eventsPart,
  gAxisPart,
  gapsPart,
  labelWidth,
  lidPart,
  thresholdPart,
  timeAxisPart,
  type PlotFrame,
} from './trace-plot-parts';
import { gAxis, labelRows, lidSpans, polyline, timeAxis } from './trace-scale';

type Component = 'x' | 'y' | 'z';
const COMPONENTS: readonly Component[] = ['x', 'y', 'z'];

/** Margins, px: room for the g labels on the left, the event labels' rows above. */
const LEFT = 48;
const RIGHT = 14;
const PLOT_H = 200;
const LABEL_ROW = 16;
const LABEL_ROWS = 3;
const LID_H = 28;

/**
 * A live plot of a recording: |a| and the x, y, z readings (each can be hidden) against a g axis
 * that grows with the data, the detector's band (1 g ± the Config's threshold, PROTOCOL.md 4.6),
 * the lid's open spans, the cup events the app saw (dashed, labelled) and the lost telemetry
 * frames (hatched), over a time axis that grows with the recording (at least 10 s). Plain SVG
 * drawn at the element's width in pixels, so its text stays 12 px on any screen.
 */
@localized()
@customElement('mia-trace-plot')
export class MiaTracePlot extends LitElement {
  static override styles = [baseStyles, tracePlotStyles];

  /** The readings so far (the element reads them on every update; call `requestUpdate`). */
  @property({ attribute: false }) points: readonly TracePoint[] = [];
  /** The cup events the app saw while recording. */
  @property({ attribute: false }) events: readonly RecordedEvent[] = [];
  /** Lost telemetry frames. */
  @property({ attribute: false }) gaps: readonly TraceGap[] = [];
  /** The shake detector's threshold from the cup's Config, mg (null: not known yet). */
  @property({ attribute: false }) thresholdMg: number | null = null;

  @state() private width = 600;
  @state() private hiddenComponents: ReadonlySet<Component> = new Set();

  private readonly resize = new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width > 0 && width !== this.width) this.width = width;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  override render() {
    const width = Math.max(300, this.width);
    const shown = COMPONENTS.filter((c) => !this.hiddenComponents.has(c));
    const accel = this.points.filter((p) => p.magnitudeMg !== undefined);
    const endMs = this.points.reduce((m, p) => Math.max(m, p.t), 0);
    let low = 0;
    let high = 0;
    for (const p of accel) {
      for (const v of [p.magnitudeMg, ...shown.map((c) => p[c])]) {
        if (v === undefined) continue;
        low = Math.min(low, v);
        high = Math.max(high, v);
      }
    }
    const g = gAxis(low, high);
    const left = LEFT;
    const right = width - RIGHT;
    const time = timeAxis(endMs, Math.floor((right - left) / 64));
    const x = (t: number) => left + (Math.max(0, t) / time.max) * (right - left);
    const events = [...this.events].sort((a, b) => a.t - b.t);
    const places = labelRows(
      events.map((e) => ({ x: x(e.t), width: labelWidth(eventName(e.type)) })),
      LABEL_ROWS,
      right,
    );
    const rows = places.reduce((n, p) => Math.max(n, p.row + 1), 0);
    const top = 12 + rows * LABEL_ROW;
    const bottom = top + PLOT_H;
    const frame: PlotFrame = {
      left,
      right,
      top,
      bottom,
      lidTop: bottom + 8,
      lidBottom: bottom + 8 + LID_H,
      labelRow: (row) => 18 + row * LABEL_ROW,
      x,
      y: (mg) => bottom - ((mg - g.min) / (g.max - g.min)) * PLOT_H,
    };
    const height = frame.lidBottom + 26;
    const line = (cls: string, value: (p: TracePoint) => number | undefined) =>
      svg`<polyline class=${cls} data-testid=${`plot-${cls}`}
        points=${polyline(accel, value, x, frame.y)}></polyline>`;
    return html`<svg
        viewBox="0 0 ${width} ${height}"
        height=${height}
        role="img"
        aria-label=${msg('Acceleration |a| and the lid over time')}
        aria-describedby="plot-summary"
        data-testid="trace-plot"
        data-points=${accel.length}
        data-threshold-mg=${this.thresholdMg ?? ''}
      >
        ${svg`<defs>
          <pattern id="gap-hatch" width="6" height="6" patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)">
            <line class="hatch" x1="0" y1="0" x2="0" y2="6"></line>
          </pattern>
        </defs>
        ${this.thresholdMg !== null ? thresholdPart(frame, this.thresholdMg) : nothing}
        ${gAxisPart(frame, g)} ${timeAxisPart(frame, time)}
        ${lidPart(frame, lidSpans(this.points, endMs))}
        ${shown.map((c) => line(`s-${c}`, (p) => p[c]))}
        ${line('s-a', (p) => p.magnitudeMg)}
        ${gapsPart(frame, this.gaps, endMs)} ${eventsPart(frame, events, places)}`}
      </svg>
      <p id="plot-summary" class="visually-hidden">${this.summary(endMs)}</p>
      ${this.renderLegend()}`;
  }

  private renderLegend() {
    const threshold = this.thresholdMg;
    return html`<div class="legend">
      <span class="key"><span class="swatch s-a"></span>|a|</span>
      <span class="toggles" role="group" aria-label=${msg('Show x, y and z')}>
        ${COMPONENTS.map(
          (c) =>
            html`<label class="key">
              <input
                type="checkbox"
                data-testid=${`plot-show-${c}`}
                .checked=${!this.hiddenComponents.has(c)}
                @change=${() => this.toggle(c)}
              /><span class=${`swatch s-${c}`}></span>${c}
            </label>`,
        )}
      </span>
      ${
        threshold !== null
          ? html`<span class="key"
              ><span class="swatch band"></span>${msg(str`Shake threshold: 1 g ± ${threshold} mg`)}
            </span>`
          : nothing
      }
      <span class="key"><span class="swatch lid-open"></span>${msg('Lid open')}</span>
    </div>`;
  }

  private summary(endMs: number): string {
    const seconds = numberText(endMs / 1000, 1);
    return msg(
      str`${seconds} s recorded. Cup events marked: ${this.events.length}. Gaps: ${this.gaps.length}.`,
    );
  }

  private toggle(c: Component): void {
    const off = new Set(this.hiddenComponents);
    if (off.has(c)) off.delete(c);
    else off.add(c);
    this.hiddenComponents = off;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-trace-plot': MiaTracePlot;
  }
}
