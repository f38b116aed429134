import { LitElement, css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { baseStyles } from './styles';
import { roundsText } from './text/scores';

/** Line colours from the theme (public/base.css), then the same with dashes: 12 players apart. */
const COLOURS = ['--accent', '--focus', '--danger', '--ok', '--text', '--muted'];
const DASHES = ['', '10 6'];

const W = 640;
const H = 260;
const PAD = { left: 44, right: 16, top: 14, bottom: 56 };

/**
 * Lives over rounds as a line chart drawn in SVG: one line per player (colour and dash from the
 * theme, so it reads in dark and light), a point per round, a legend, and the numbers in words
 * for screen readers (`role="img"` with a text alternative).
 * @csspart chart - the SVG
 */
@localized()
@customElement('mia-lives-chart')
export class MiaLivesChart extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        min-width: 0;
      }
      svg {
        display: block;
        width: 100%;
        height: auto;
        max-height: 300px;
        background: var(--surface-2);
        border-radius: var(--radius);
      }
      .grid {
        stroke: var(--line);
        stroke-width: 1;
      }
      .axis {
        fill: var(--muted);
        font-size: 18px;
        font-weight: 700;
      }
      polyline {
        fill: none;
        stroke-width: 4;
        stroke-linejoin: round;
        stroke-linecap: round;
      }
      ul {
        list-style: none;
        display: flex;
        flex-wrap: wrap;
        gap: 6px 18px;
        margin: 8px 0 0;
        padding: 0;
        font-size: 1.1rem;
        font-weight: 700;
      }
      li {
        display: inline-flex;
        align-items: center;
        gap: 8px;
      }
      li svg {
        width: 36px;
        height: 12px;
        background: none;
        border-radius: 0;
      }
    `,
  ];

  /** Lives per player: before round 1, then after each finished round. */
  @property({ attribute: false }) series: readonly (readonly number[])[] = [];
  @property({ attribute: false }) names: readonly string[] = [];
  /** The top of the lives axis (the starting lives). */
  @property({ type: Number }) max = 3;

  private stroke(seat: number) {
    const colour = COLOURS[seat % COLOURS.length];
    const dash = DASHES[Math.floor(seat / COLOURS.length) % DASHES.length];
    return { colour: `var(${colour})`, dash };
  }

  private description(rounds: number): string {
    const lines = this.series.map((lives, seat) => `${this.names[seat]}: ${lives.join(', ')}`);
    return `${msg(str`Lives over ${roundsText(rounds)}, from the start.`)} ${lines.join('; ')}.`;
  }

  override render() {
    const rounds = Math.max(0, (this.series[0]?.length ?? 1) - 1);
    const max = Math.max(1, this.max);
    const plotW = W - PAD.left - PAD.right;
    const plotH = H - PAD.top - PAD.bottom;
    const x = (round: number) => PAD.left + (rounds === 0 ? plotW / 2 : (round / rounds) * plotW);
    const n = this.series.length;
    // Lines with equal lives are drawn a little apart, so none hides another.
    const y = (lives: number, seat: number) =>
      PAD.top + (1 - lives / max) * plotH + (seat - (n - 1) / 2) * Math.min(3, 12 / n);
    const step = Math.max(1, Math.ceil(rounds / 12));
    const xTicks = Array.from({ length: rounds + 1 }, (_, r) => r).filter(
      (r) => r % step === 0 || r === rounds,
    );
    const yStep = Math.max(1, Math.ceil(max / 6));
    const yTicks = Array.from({ length: max + 1 }, (_, l) => l).filter((l) => l % yStep === 0);
    return html`<svg
        part="chart"
        viewBox="0 0 ${W} ${H}"
        role="img"
        aria-label=${this.description(rounds)}
      >
        ${yTicks.map(
          (l) =>
            svg`<line class="grid" x1=${PAD.left} x2=${W - PAD.right} y1=${y(l, (n - 1) / 2)} y2=${y(l, (n - 1) / 2)}></line>
              <text class="axis" x=${PAD.left - 10} y=${y(l, (n - 1) / 2) + 5} text-anchor="end">${l}</text>`,
        )}
        ${xTicks.map(
          (r) =>
            svg`<text class="axis" x=${x(r)} y=${H - PAD.bottom + 24} text-anchor="middle">${r}</text>`,
        )}
        <text class="axis" x=${PAD.left + plotW / 2} y=${H - 4} text-anchor="middle">
          ${msg('Round')}
        </text>
        ${this.series.map((lives, seat) => {
          const { colour, dash } = this.stroke(seat);
          const points = lives.map((l, r) => `${x(r).toFixed(1)},${y(l, seat).toFixed(1)}`);
          return svg`<polyline data-seat=${seat} stroke=${colour} stroke-dasharray=${dash || 'none'}
            points=${points.join(' ')}></polyline>`;
        })}
      </svg>
      <ul aria-hidden="true">
        ${this.names.map((name, seat) => {
          const { colour, dash } = this.stroke(seat);
          return html`<li>
            <svg viewBox="0 0 36 12">
              <line
                x1="2"
                x2="34"
                y1="6"
                y2="6"
                stroke=${colour}
                stroke-width="4"
                stroke-linecap="round"
                stroke-dasharray=${dash || 'none'}
              ></line>
            </svg>
            ${name}
          </li>`;
        })}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-lives-chart': MiaLivesChart;
  }
}
