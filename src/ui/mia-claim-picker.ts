import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { MIA, isDouble } from '../rules';
import { fire } from './events';
import { baseStyles } from './styles';

/**
 * The 21 scores in rank order for the table's ranking (strongest first), as big buttons. Scores
 * that may not be claimed now are disabled; Mia is marked; the standing claim is outlined.
 * @fires mia-pick - a score was tapped: `{ score }`
 */
@localized()
@customElement('mia-claim-picker')
export class MiaClaimPicker extends LitElement {
  static override styles = [
    baseStyles,
    css`
      /* The buttons and their numbers scale with the width they are given (cqi: 1 % of it):
         a turned frame in table mode may give the claims half a tablet's width. */
      :host {
        display: block;
        container-type: inline-size;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(var(--picker-columns, 7), minmax(0, 1fr));
        gap: clamp(6px, 1.7cqi, 10px);
      }
      button {
        width: 100%;
        min-width: 0;
        min-height: clamp(56px, 13cqi, 76px);
        padding: 4px 2px;
        font-size: clamp(1.3rem, 5.4cqi, 2rem);
        font-weight: 800;
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        line-height: 1;
        background: var(--surface);
      }
      button.legal {
        border-color: var(--accent);
      }
      button:disabled {
        text-decoration: line-through;
        opacity: 0.28;
      }
      button.mia.legal {
        background: var(--mia);
        border-color: var(--mia);
        color: var(--on-accent);
      }
      button.standing {
        outline: 4px dashed var(--muted);
        outline-offset: 2px;
      }
      .tag {
        max-width: 100%;
        overflow: hidden;
        font-size: clamp(0.55rem, 2cqi, 0.8rem);
        font-weight: 700;
        letter-spacing: 0.04em;
        text-transform: uppercase;
        margin-top: 4px;
      }
      @container (max-width: 520px) {
        .tag {
          text-transform: none;
          letter-spacing: 0;
        }
      }
    `,
  ];

  /** All 21 scores, strongest first (`scoresHighFirst(rules)`). */
  @property({ attribute: false }) scores: readonly number[] = [];
  /** The scores that may be claimed now. */
  @property({ attribute: false }) allowed: readonly number[] = [];
  /** The standing claim, outlined for orientation. */
  @property({ type: Number }) standing: number | null = null;
  /** Words for the accessible name of the list, e.g. "Announce a score". */
  @property() label = '';

  override render() {
    const allowed = new Set(this.allowed);
    return html`<ol aria-label=${this.label || msg('Scores, strongest first')}>
      ${this.scores.map((score) => {
        const legal = allowed.has(score);
        const mia = score === MIA;
        const classes = [legal ? 'legal' : '', mia ? 'mia' : '', isDouble(score) ? 'double' : ''];
        if (score === this.standing) classes.push('standing');
        const name = mia ? msg(str`${score}, Mia`) : String(score);
        const current = score === this.standing ? msg('the standing claim') : '';
        return html`<li>
          <button
            class=${classes.join(' ').trim()}
            ?disabled=${!legal}
            aria-label=${name}
            title=${current || nothing}
            data-score=${score}
            @click=${() => fire(this, 'mia-pick', { score })}
          >
            <span aria-hidden="true">${score}</span>
            ${mia ? html`<span class="tag" aria-hidden="true">${msg('Mia')}</span>` : null}
          </button>
        </li>`;
      })}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-claim-picker': MiaClaimPicker;
  }
}
