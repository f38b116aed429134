import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { fire } from './events';
import { baseStyles } from './styles';
import './mia-die';

const FACES = [1, 2, 3, 4, 5, 6];

/**
 * Entering the two dice shown after a lift: two rows of die faces (any order). The second face
 * tapped settles the lift at once (no confirm: Undo beside the verdict takes it back), so a
 * lift is three taps: Lift, then the two dice.
 * @fires mia-dice - both dice chosen: `{ dice: [a, b] }`
 */
@localized()
@customElement('mia-dice-entry')
export class MiaDiceEntry extends LitElement {
  static override styles = [
    baseStyles,
    css`
      /* Laid out for the width it is given: the label beside the faces where there is room,
         above them where there is not (a turned frame in table mode). */
      :host {
        display: grid;
        gap: 12px;
        container-type: inline-size;
      }
      [role='radiogroup'] {
        display: grid;
        grid-template-columns: auto repeat(6, minmax(0, 1fr));
        gap: 10px;
        align-items: center;
      }
      .row-label {
        font-weight: 700;
        color: var(--muted);
        min-width: 4.5em;
      }
      button.face {
        min-width: 0;
        min-height: clamp(56px, 14cqi, 76px);
        padding: 6px;
        display: grid;
        place-items: center;
        background: var(--surface);
        color: var(--text);
      }
      mia-die {
        width: min(60px, 100%);
        height: auto;
        aspect-ratio: 1;
      }
      @container (max-width: 520px) {
        [role='radiogroup'] {
          grid-template-columns: repeat(6, minmax(0, 1fr));
          gap: 4px 8px;
        }
        .row-label {
          grid-column: 1 / -1;
          min-width: 0;
        }
        button.face {
          padding: 4px;
        }
      }
      button.face[aria-checked='true'] {
        background: var(--accent);
        border-color: var(--accent);
        color: var(--on-accent);
      }
    `,
  ];

  /** Disable the faces (e.g. while nothing is lifted). */
  @property({ type: Boolean }) disabled = false;
  @state() private first: number | null = null;
  @state() private second: number | null = null;

  /** Forget the faces chosen. */
  clear(): void {
    this.first = null;
    this.second = null;
  }

  private choose(which: 'first' | 'second', face: number): void {
    if (which === 'first') this.first = face;
    else this.second = face;
    const { first, second } = this;
    if (first === null || second === null) return;
    this.clear();
    fire(this, 'mia-dice', { dice: [first, second] as [number, number] });
  }

  private row(which: 'first' | 'second', label: string) {
    const chosen = which === 'first' ? this.first : this.second;
    return html`<div role="radiogroup" aria-label=${label}>
      <span class="row-label" aria-hidden="true">${label}</span>
      ${FACES.map(
        (face) =>
          html`<button
            class="face"
            role="radio"
            aria-checked=${chosen === face ? 'true' : 'false'}
            aria-label=${msg(str`${label}: ${face}`)}
            data-face=${face}
            ?disabled=${this.disabled}
            @click=${() => this.choose(which, face)}
          >
            <mia-die value=${face}></mia-die>
          </button>`,
      )}
    </div>`;
  }

  override render() {
    return html`${this.row('first', msg('Die 1'))} ${this.row('second', msg('Die 2'))}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-dice-entry': MiaDiceEntry;
  }
}
