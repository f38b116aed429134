import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { Facing } from '../rules';
import { DIALOGS, dialogButton } from './dialogs';
import { fire } from './events';
import { VoicesController } from './platform/speech';
import { PreferencesController } from './preferences-controller';
import { baseStyles, pressedStyles } from './styles';
import { soundToggle, voiceToggle } from './toggles';
import './mia-language-picker';

/**
 * A seat's menu in table mode (the content of its dialog, which faces that seat): sound, the
 * spoken referee and the language one tap away; the history, rules, story of the game and
 * options, each opening facing the same seat; and a new game.
 * @fires mia-command - `new-game`
 */
@localized()
@customElement('mia-seat-menu')
export class MiaSeatMenu extends LitElement {
  static override styles = [
    baseStyles,
    pressedStyles,
    css`
      :host {
        display: grid;
        gap: 14px;
        padding-top: 4px;
      }
      h2 {
        font-size: 1.5rem;
        /* Beside the dialog's Close button, which floats over the top right. */
        min-height: 56px;
        padding-right: 110px;
        display: flex;
        align-items: center;
      }
      .two {
        display: grid;
        grid-template-columns: repeat(2, minmax(0, 1fr));
        gap: 10px;
      }
      .two > *,
      .two mia-dialog-button::part(button) {
        width: 100%;
      }
      mia-language-picker::part(select) {
        flex: 1;
        min-width: 0;
      }
      mia-language-picker {
        display: flex;
      }
    `,
  ];

  /** The way the seat faces: the dialogs opened from here face it too. */
  @property({ attribute: false }) facing: Facing = 0;

  private prefs = new PreferencesController(this);
  private voices = new VoicesController(this);

  override render() {
    return html`<h2>${msg('Menu')}</h2>
      <div class="two">${soundToggle(this.prefs)} ${voiceToggle(this.prefs, this.voices)}</div>
      <mia-language-picker labelled></mia-language-picker>
      <div class="two">${DIALOGS.map((name) => dialogButton(name, this.facing))}</div>
      <button @click=${() => fire(this, 'mia-command', { command: 'new-game' })}>
        ${msg('New game')}
      </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-seat-menu': MiaSeatMenu;
  }
}
