import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { fire } from './events';
import { baseStyles, noticeStyles } from './styles';

/**
 * A stored game that cannot be read (corrupt, or saved by a newer Mia Cup): says so, offers the
 * data for download, and a way to start a new game.
 * @fires mia-command - `export` (download the data) or `new-game` (forget it and start afresh)
 */
@localized()
@customElement('mia-unreadable')
export class MiaUnreadable extends LitElement {
  static override styles = [baseStyles, noticeStyles];

  @property() reason: 'corrupt' | 'newer' = 'corrupt';

  override render() {
    return html`<h2>${msg('The saved game cannot be opened')}</h2>
      <p>
        ${
          this.reason === 'newer'
            ? msg('It was saved by a newer version of Mia Cup. Update the app to continue it.')
            : msg('The stored data is damaged.')
        }
      </p>
      <p>
        ${msg('You can download the data to keep it, then start a new game (which replaces it).')}
      </p>
      <button class="big" @click=${() => fire(this, 'mia-command', { command: 'export' })}>
        ${msg('Download the saved data')}
      </button>
      <button
        class="big primary"
        @click=${() => fire(this, 'mia-command', { command: 'new-game' })}
      >
        ${msg('Start a new game')}
      </button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-unreadable': MiaUnreadable;
  }
}
