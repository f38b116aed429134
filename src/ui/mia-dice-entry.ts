import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { scoreOf } from '../rules';
import { fire } from './events';
import { baseStyles } from './styles';
import { scoreText } from './text/scores';
import './mia-die';

const FACES = [1, 2, 3, 4, 5, 6];

/**
 * Entering the two dice shown after a lift: two rows of die faces (any order), then a confirm
 * button that names the score.
 * @fires mia-dice - both dice chosen and confirmed: `{ dice: [a, b] }`
 */
@localized()
@customElement('mia-dice-entry')
export class MiaDiceEntry extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        gap: 12px;
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
        min-height: 76px;
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
      button.face[aria-checked='true'] {
        background: var(--accent);
        border-color: var(--accent);
        color: var(--on-accent);
      }
      button.confirm {
        width: 100%;
        min-height: 84px;
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
            @click=${() => {
              if (which === 'first') this.first = face;
              else this.second = face;
            }}
          >
            <mia-die value=${face}></mia-die>
          </button>`,
      )}
    </div>`;
  }

  override render() {
    const { first, second } = this;
    const ready = first !== null && second !== null;
    const score = ready ? scoreOf([first, second]) : null;
    return html`${this.row('first', msg('Die 1'))} ${this.row('second', msg('Die 2'))}
      <button
        class="confirm primary big"
        ?disabled=${!ready || this.disabled}
        @click=${() => {
          if (first === null || second === null) return;
          fire(this, 'mia-dice', { dice: [first, second] as [number, number] });
          this.clear();
        }}
      >
        ${score === null ? msg('Tap both dice') : msg(str`The dice show ${scoreText(score)}`)}
      </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-dice-entry': MiaDiceEntry;
  }
}
