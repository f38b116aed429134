import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import type { GameWarning, Player } from '../game';
import { baseStyles } from './styles';
import { warningText } from './text/codes';

/** Warnings the machine recorded (sensor events that fit no rule): shown, never hidden. */
@localized()
@customElement('mia-warnings')
export class MiaWarnings extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 6px;
      }
      li {
        background: var(--warn-bg);
        color: var(--warn-text);
        border-radius: var(--radius);
        padding: 8px 14px;
        font-weight: 700;
      }
    `,
  ];

  @property({ attribute: false }) warnings: readonly GameWarning[] = [];
  @property({ attribute: false }) players: readonly Player[] = [];

  override render() {
    if (this.warnings.length === 0) return null;
    return html`<ul aria-label=${msg('Warnings')}>
      ${this.warnings.map((w) => {
        const who = this.players[w.turn]?.name ?? '';
        return html`<li>⚠ ${msg(str`Round ${w.round}, ${who} to act:`)} ${warningText(w)}</li>`;
      })}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-warnings': MiaWarnings;
  }
}
