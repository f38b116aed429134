import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { localized, msg } from '@lit/localize';
import type { Settlement } from '../rules';
import { fire } from './events';
import { baseStyles } from './styles';
import { verdictDetails, verdictHeadline } from './text/verdict';

/**
 * The last settled round in words: the dice against the claim, the loser, why, what next; with
 * Undo beside it (or below it, where the words would have no room) while the verdict is the last
 * step (a lift needs no confirm).
 * @fires mia-command - `undo`, tapped beside the verdict
 */
@localized()
@customElement('mia-verdict')
export class MiaVerdict extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        background: var(--surface);
        border-left: 10px solid var(--danger);
        border-radius: var(--radius);
        padding: 12px 16px;
      }
      :host([held]) {
        border-left-color: var(--ok);
      }
      /* Undo sits beside the words where they still have room, else below them. */
      .top {
        display: flex;
        flex-wrap: wrap;
        gap: 12px;
        align-items: start;
      }
      .top .headline {
        flex: 1 1 10em;
        min-width: 0;
      }
      button.undo {
        flex: none;
        min-width: 120px;
      }
      /* Smaller words where the card is narrow (a turned frame in table mode). */
      .headline {
        overflow-wrap: anywhere;
        font-size: clamp(1.25rem, 5.2cqi, 1.6rem);
        font-weight: 800;
        line-height: 1.25;
        margin: 0;
      }
      ul {
        margin: 6px 0 0;
        padding-left: 1.2em;
        font-size: clamp(1.05rem, 4cqi, 1.2rem);
        line-height: 1.35;
        overflow-wrap: anywhere;
      }
    `,
  ];

  @property({ attribute: false }) outcome: Settlement | null = null;
  @property({ attribute: false }) names: readonly string[] = [];
  /** The number of the round the verdict leads to. */
  @property({ type: Number }) nextRound = 1;
  /** The verdict is the last step: offer Undo beside it. */
  @property({ type: Boolean }) undoable = false;

  override render() {
    const outcome = this.outcome;
    if (!outcome) return null;
    const held = outcome.verdict.kind === 'lift' && outcome.verdict.claimHeld;
    this.toggleAttribute('held', held);
    return html`<div class="top">
        <p class="headline" data-testid="verdict">${verdictHeadline(outcome, this.names)}</p>
        ${
          this.undoable
            ? html`<button
                class="undo"
                data-action="undo-verdict"
                @click=${() => fire(this, 'mia-command', { command: 'undo' })}
              >
                ↶ ${msg('Undo')}
              </button>`
            : null
        }
      </div>
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
