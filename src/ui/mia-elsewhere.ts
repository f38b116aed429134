import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { fire } from './events';
import { baseStyles, noticeStyles } from './styles';

/**
 * Shown by every page but the one that is the table (another tab, window or the installed app
 * has the game): says so, and offers to take the table over. `taken` when this page was the
 * table until another one took it over: it then says that it stopped keeping the score.
 * @fires mia-command - `take-over` (make this page the table)
 */
@localized()
@customElement('mia-elsewhere')
export class MiaElsewhere extends LitElement {
  static override styles = [baseStyles, noticeStyles];

  @property({ type: Boolean }) taken = false;
  /** The take-over was asked for and is under way. */
  @property({ type: Boolean }) asked = false;

  override render() {
    return html`<h2>${msg('This game is open in another window')}</h2>
      <p>
        ${
          this.taken
            ? msg('The table moved to the other window. This window stopped keeping the score.')
            : msg('Only one window keeps the score. Take the game over to play on here.')
        }
      </p>
      <button
        class="big primary"
        ?disabled=${this.asked}
        @click=${() => fire(this, 'mia-command', { command: 'take-over' })}
      >
        ${msg('Play here')}
      </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-elsewhere': MiaElsewhere;
  }
}
