import { LitElement, css, html, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';

/** Pip centres for each face, on a 100 x 100 die. */
const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [27, 27],
    [73, 27],
    [50, 50],
    [27, 73],
    [73, 73],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

/**
 * A die face drawn in SVG (decorative: the surrounding control carries the words).
 * @csspart face - the die's square
 */
@customElement('mia-die')
export class MiaDie extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
      width: 1.6em;
      height: 1.6em;
      color: currentColor;
    }
    svg {
      width: 100%;
      height: 100%;
      display: block;
    }
    rect {
      fill: none;
      stroke: currentColor;
      stroke-width: 7;
    }
    circle {
      fill: currentColor;
    }
  `;

  /** The face, 1 to 6. */
  @property({ type: Number }) value = 1;

  override render() {
    const pips = PIPS[this.value] ?? [];
    return html`<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <rect part="face" x="5" y="5" width="90" height="90" rx="18" />
      ${pips.map(([x, y]) => svg`<circle cx=${x} cy=${y} r="9.5" />`)}
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-die': MiaDie;
  }
}
