import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { fire } from './events';
import { baseStyles } from './styles';

/**
 * A quiet line under the toolbar while a game runs and a new version of the app waits: it is
 * applied after this game, or now on a tap.
 * @fires mia-command - `update` (apply the new version now)
 */
@localized()
@customElement('mia-update-bar')
export class MiaUpdateBar extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: flex-end;
        gap: 12px;
        padding: 4px 12px;
        background: var(--surface);
        color: var(--muted);
        font-size: 1rem;
      }
      button {
        min-height: 44px;
        padding: 0 12px;
      }
    `,
  ];

  override render() {
    return html`<span role="status">${msg('Update ready: applies after this game')}</span>
      <button @click=${() => fire(this, 'mia-command', { command: 'update' })}>
        ${msg('Update now')}
      </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-update-bar': MiaUpdateBar;
  }
}
