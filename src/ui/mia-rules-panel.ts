import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { presetOf } from '../game';
import { GameController } from './game-controller';
import { baseStyles } from './styles';
import { presetName } from './text/presets';
import { placesInWords, rulesInWords } from './text/rules';

/** The settings of the game in context explained in plain words. */
@localized()
@customElement('mia-rules-panel')
export class MiaRulesPanel extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        font-size: 1.15rem;
        line-height: 1.4;
      }
      /* As tall as the dialog's Close beside it, so that the rules start below it. */
      h2 {
        min-height: 56px;
        padding-right: 3em;
      }
      ul {
        padding-left: 1.2em;
        margin: 8px 0 0;
        display: grid;
        gap: 6px;
      }
    `,
  ];

  private game = new GameController(this, { select: (s) => s.context.rules });

  override render() {
    const rules = this.game.value;
    if (!rules) return null;
    const preset = presetOf(rules);
    return html`<h2>
        ${preset ? msg(str`Table rules: ${presetName(preset)}`) : msg('Table rules (adjusted)')}
      </h2>
      <ul>
        ${rulesInWords(rules).map((line) => html`<li>${line}</li>`)}
        <li data-rule="places">${placesInWords(rules)}</li>
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-rules-panel': MiaRulesPanel;
  }
}
