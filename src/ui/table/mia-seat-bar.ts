import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { facingOf, type Side } from '../../rules';
import { fire } from '../events';
import { GameController } from '../game-controller';
import { withWords } from '../lazy';
import { baseStyles } from '../styles';
import { sideName } from './side-name';
import '../mia-dialog-button';

const loadMenu = () => withWords(() => import('../mia-seat-menu'));

/**
 * Table mode: what each side of the table can reach without leaning over: Undo, and the
 * seat's menu (sound, voice, language, the dialogs, a new game), which opens facing this side.
 * Drawn inside a frame turned toward the side (<mia-round-table>).
 * @fires mia-command - `undo`
 */
@localized()
@customElement('mia-seat-bar')
export class MiaSeatBar extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        grid-template-rows: minmax(48px, 1fr) minmax(48px, 1fr);
        gap: 4px;
        height: 100%;
        container-type: inline-size;
      }
      button,
      mia-dialog-button::part(button) {
        min-height: 48px;
        min-width: 48px;
        width: 100%;
        height: 100%;
        padding: 0 4px;
        /* The longest label (German "Rückgängig") whole on one line. */
        font-size: min(0.95rem, 13cqi);
        line-height: 1.1;
        overflow-wrap: normal;
      }
      mia-dialog-button {
        display: flex;
      }
      .undo {
        border-color: var(--accent);
      }
    `,
  ];

  @property() side: Side = 'bottom';

  private game = new GameController(this, { select: (s) => s.can({ type: 'UNDO' }) });

  override render() {
    const where = sideName(this.side);
    return html`<button
        class="undo"
        aria-label=${msg(str`Undo, ${where}`)}
        ?disabled=${!this.game.value}
        @click=${() => fire(this, 'mia-command', { command: 'undo' })}
      >
        ↶ ${msg('Undo')}
      </button>
      <mia-dialog-button
        narrow
        label=${msg('Menu')}
        name=${msg(str`Menu, ${where}`)}
        data-dialog="menu"
        .facing=${facingOf(this.side)}
        .load=${loadMenu}
        .content=${() => html`<mia-seat-menu .facing=${facingOf(this.side)}></mia-seat-menu>`}
      ></mia-dialog-button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-seat-bar': MiaSeatBar;
  }
}
