import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { fire, type MiaCommand } from './events';
import { baseStyles, modalStyles } from './styles';
import { namesText } from './text/formatters';

/**
 * Asked once when "Start game" is tapped while a game is under way, in a modal dialog that says
 * what happens to that game: set aside (kept as it is, listed on the new-game screen, to be
 * resumed), back to it, or go on setting up (also Escape).
 * @fires mia-command - `set-aside`, `back` or `cancel-start`
 */
@localized()
@customElement('mia-start-confirm')
export class MiaStartConfirm extends LitElement {
  static override styles = [
    baseStyles,
    modalStyles,
    css`
      dialog {
        width: min(640px, 94vw);
        max-height: 92vh;
        padding: 20px 24px 24px;
      }
      h2 {
        font-size: 1.6rem;
      }
      p {
        font-size: 1.2rem;
        line-height: 1.4;
      }
      .buttons {
        display: grid;
        gap: 10px;
      }
      .buttons button.big {
        min-height: 72px;
      }
    `,
  ];

  /** The players of the game under way, and the round it is in. */
  @property({ attribute: false }) players: readonly string[] = [];
  @property({ type: Number }) round = 1;
  @query('dialog') private dialog!: HTMLDialogElement;

  protected override firstUpdated(): void {
    this.dialog.showModal();
  }

  private answer(command: MiaCommand) {
    return () => fire(this, 'mia-command', { command });
  }

  override render() {
    const who = namesText(this.players);
    return html`<dialog
      aria-labelledby="confirm-title"
      aria-describedby="confirm-what"
      @cancel=${this.answer('cancel-start')}
    >
      <h2 id="confirm-title">${msg('A game is under way')}</h2>
      <p id="confirm-what">
        ${msg(
          str`${who} are playing round ${this.round}. Starting a new game sets that game aside: it is kept as it is, listed at the top of this screen, and can be resumed at any time.`,
        )}
      </p>
      <div class="buttons">
        <button class="big primary" @click=${this.answer('set-aside')}>
          ${msg('Set it aside and start')}
        </button>
        <button class="big" @click=${this.answer('back')}>${msg('Back to that game')}</button>
        <button @click=${this.answer('cancel-start')}>${msg('Keep setting up')}</button>
      </div>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-start-confirm': MiaStartConfirm;
  }
}
