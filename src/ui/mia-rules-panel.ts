import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { presetOf } from '../game';
import type { RuleSet } from '../rules';
import { baseStyles } from './styles';
import { presetName, rulesInWords } from './text/rules';

/** The current table's settings explained in plain words. */
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
      ul {
        padding-left: 1.2em;
        margin: 8px 0 0;
        display: grid;
        gap: 6px;
      }
    `,
  ];

  @property({ attribute: false }) rules: RuleSet | null = null;

  override render() {
    if (!this.rules) return null;
    const preset = presetOf(this.rules);
    return html`<h2>
        ${preset ? msg(str`Table rules: ${presetName(preset)}`) : msg('Table rules (adjusted)')}
      </h2>
      <ul>
        ${rulesInWords(this.rules).map((line) => html`<li>${line}</li>`)}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-rules-panel': MiaRulesPanel;
  }
}
