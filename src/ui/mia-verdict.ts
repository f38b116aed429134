import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized } from '@lit/localize';
import type { Settlement } from '../rules';
import { baseStyles } from './styles';
import { verdictDetails, verdictHeadline } from './text/verdict';

/** The last settled round in words: the dice against the claim, the loser, why, what next. */
@localized()
@customElement('mia-verdict')
export class MiaVerdict extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        background: var(--surface);
        border-left: 10px solid var(--danger);
        border-radius: var(--radius);
        padding: 12px 16px;
      }
      :host([held]) {
        border-left-color: var(--ok);
      }
      .headline {
        font-size: 1.6rem;
        font-weight: 800;
        line-height: 1.25;
        margin: 0;
      }
      ul {
        margin: 6px 0 0;
        padding-left: 1.2em;
        font-size: 1.2rem;
        line-height: 1.35;
      }
    `,
  ];

  @property({ attribute: false }) outcome: Settlement | null = null;
  @property({ attribute: false }) names: readonly string[] = [];
  /** The number of the round the verdict leads to. */
  @property({ type: Number }) nextRound = 1;

  override render() {
    const outcome = this.outcome;
    if (!outcome) return null;
    const held = outcome.verdict.kind === 'lift' && outcome.verdict.claimHeld;
    this.toggleAttribute('held', held);
    return html`<p class="headline" data-testid="verdict">
        ${verdictHeadline(outcome, this.names)}
      </p>
      <ul>
        ${verdictDetails(outcome, this.names, this.nextRound).map((line) => html`<li>${line}</li>`)}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-verdict': MiaVerdict;
  }
}
