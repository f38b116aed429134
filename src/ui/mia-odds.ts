import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { chanceToReach, claimOdds, type RuleSet, type Settlement } from '../rules';
import { baseStyles } from './styles';
import { chanceText, scoreText } from './text/scores';

/**
 * The referee's odds, under the table's ranking: with a claim standing, how often a fresh roll
 * reaches it and beats it (x/36 and a percentage); after a lift, how likely the lifted claim
 * was to be true given nothing but the odds.
 */
@localized()
@customElement('mia-odds')
export class MiaOdds extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        background: var(--surface);
        border: 2px dashed var(--line);
        border-radius: var(--radius);
        padding: 10px 16px;
        font-size: 1.25rem;
        line-height: 1.35;
      }
      h2 {
        font-size: 0.95rem;
        color: var(--muted);
        text-transform: uppercase;
        letter-spacing: 0.06em;
        margin-bottom: 4px;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 2px 14px;
        margin: 0;
      }
      dt {
        font-weight: 650;
      }
      dd {
        margin: 0;
        /* "20/36 (55.6%)" breaks at its space, never inside a number: the words beside it wrap. */
        overflow-wrap: normal;
        font-weight: 800;
        font-variant-numeric: tabular-nums;
      }
      p {
        margin: 0;
        font-weight: 650;
      }
    `,
  ];

  @property({ attribute: false }) rules: RuleSet | null = null;
  /** The standing claim, or null. */
  @property({ type: Number }) claim: number | null = null;
  /** The last settled round, shown until the next claim. */
  @property({ attribute: false }) outcome: Settlement | null = null;
  @property({ attribute: false }) names: readonly string[] = [];

  override render() {
    const rules = this.rules;
    if (!rules) return null;
    const title = html`<h2>${msg('Odds')}</h2>`;
    if (this.claim !== null) {
      const { reach, beat } = claimOdds(this.claim, rules);
      const claim = scoreText(this.claim);
      return html`${title}
        <dl data-testid="odds">
          <dt>${msg(str`A fresh roll reaches ${claim}`)}</dt>
          <dd data-testid="odds-reach">${chanceText(reach)}</dd>
          <dt>${msg(str`A fresh roll beats ${claim}`)}</dt>
          <dd data-testid="odds-beat">${chanceText(beat)}</dd>
        </dl>`;
    }
    const verdict = this.outcome?.verdict;
    if (verdict?.kind === 'lift') {
      // Given nothing but the odds, a claim was true as often as a fresh roll reaches it.
      const chance = chanceToReach(verdict.claim, rules);
      const claimer = this.names[verdict.claimer] ?? '';
      const claim = scoreText(verdict.claim);
      return html`${title}
        <p data-testid="odds-lifted">
          ${msg(
            str`Given nothing but the odds, ${claimer}'s ${claim} had a ${chanceText(chance)} chance of being true.`,
          )}
        </p>`;
    }
    return null;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-odds': MiaOdds;
  }
}
