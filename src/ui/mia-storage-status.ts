import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import type { StorageProblem } from '../data';
import { fire } from './events';
import { StorageController } from './storage-controller';
import { baseStyles } from './styles';

/** Why the steps are not stored, in the table's words. */
function problemText(problem: StorageProblem): string {
  switch (problem) {
    case 'unavailable':
      return msg('This browser does not let Mia Cup store anything right now (a private window?).');
    case 'full':
      return msg("The device's storage is full.");
    case 'lost':
      return msg('The browser cleared what Mia Cup had stored.');
    case 'failed':
      return msg('The browser refused to store the last steps.');
  }
}

/**
 * One calm line while the game's steps cannot be stored: why, that the game goes on, and the
 * way to keep it (export) or to try again. Nothing while every step is stored.
 * @fires mia-command - `export` or `retry-storage`
 */
@localized()
@customElement('mia-storage-status')
export class MiaStorageStatus extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      [role='status'] > div {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 16px;
        margin: 8px 12px 0;
        padding: 10px 14px;
        border: 1px solid var(--muted);
        border-radius: 12px;
        font-size: 1rem;
        line-height: 1.35;
      }
      p {
        margin: 0;
        flex: 1 1 320px;
      }
      strong {
        display: block;
      }
    `,
  ];

  private storage = new StorageController(this);

  override render() {
    const { status } = this.storage.value;
    return html`<div role="status">
      ${
        status.state === 'failing'
          ? html`<div data-problem=${status.problem}>
              <p>
                <strong>${msg('Not stored on this device')}</strong>
                ${problemText(status.problem)}
                ${msg('The game goes on here; export it to keep a copy.')}
              </p>
              <button @click=${() => fire(this, 'mia-command', { command: 'export' })}>
                ${msg('Export the game')}
              </button>
              <button @click=${() => fire(this, 'mia-command', { command: 'retry-storage' })}>
                ${msg('Try again')}
              </button>
            </div>`
          : null
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-storage-status': MiaStorageStatus;
  }
}
