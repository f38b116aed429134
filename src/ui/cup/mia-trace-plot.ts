import { LitElement, css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import type { TracePoint } from '../../cup';
import { baseStyles } from '../styles';

const W = 600;
const H = 200;
/** The lid's band at the bottom of the plot. */
const LID_H = 30;

/**
 * A live plot of a recording: the acceleration's magnitude |a| (milli-g) over time, and the lid
 * (open high, closed low) in a band below it. Plain SVG; the time axis grows with the
 * recording (at least 10 s).
 */
@localized()
@customElement('mia-trace-plot')
export class MiaTracePlot extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      svg {
        width: 100%;
        height: auto;
        background: var(--surface-2);
        border: 1px solid var(--line);
        border-radius: var(--radius);
      }
      .a {
        fill: none;
        stroke: var(--accent);
        stroke-width: 1.5;
      }
      .lid {
        fill: none;
        stroke: var(--ok);
        stroke-width: 2;
      }
      .grid {
        stroke: var(--line);
        stroke-width: 1;
      }
      text {
        fill: var(--muted);
        font-size: 12px;
      }
    `,
  ];

  /** The readings so far (the element reads it on every update; call `requestUpdate`). */
  @property({ attribute: false }) points: readonly TracePoint[] = [];

  override render() {
    const accel = this.points.filter((p) => p.magnitudeMg !== undefined);
    const lids = this.points.filter((p) => p.lid !== undefined);
    const lastT = this.points.reduce((m, p) => Math.max(m, p.t), 0);
    const span = Math.max(10_000, lastT);
    const top = Math.max(3_000, ...accel.map((p) => p.magnitudeMg ?? 0));
    const x = (t: number) => ((t / span) * W).toFixed(1);
    const plotH = H - LID_H - 8;
    const y = (mg: number) => (plotH - (mg / top) * plotH).toFixed(1);
    const a = accel.map((p) => `${x(p.t)},${y(p.magnitudeMg ?? 0)}`).join(' ');
    const lidY = (open: 0 | 1) => (open ? H - LID_H + 4 : H - 4);
    let lid = '';
    lids.forEach((p, i) => {
      const next = lids[i + 1]?.t ?? lastT;
      lid += `${x(p.t)},${lidY(p.lid ?? 0)} ${x(next)},${lidY(p.lid ?? 0)} `;
    });
    const oneG = y(1000);
    return html`<svg
      viewBox="0 0 ${W} ${H}"
      role="img"
      aria-label=${msg('Acceleration |a| and the lid over time')}
      data-testid="trace-plot"
      data-points=${accel.length}
    >
      ${svg`<line class="grid" x1="0" x2=${W} y1=${oneG} y2=${oneG}></line>
        <text x="4" y=${Number(oneG) - 4}>1 g</text>
        <line class="grid" x1="0" x2=${W} y1=${H - LID_H} y2=${H - LID_H}></line>
        <text x="4" y=${H - LID_H - 4}>${msg('Lid open')}</text>
        <text x=${W - 60} y="14">${(span / 1000).toFixed(0)} s</text>
        <polyline class="a" points=${a}></polyline>
        <polyline class="lid" points=${lid.trim()}></polyline>`}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-trace-plot': MiaTracePlot;
  }
}
