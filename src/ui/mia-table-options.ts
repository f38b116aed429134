import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { getLocale } from './localize';
import { FullscreenController } from './platform/fullscreen';
import { VoicesController } from './platform/speech';
import { PreferencesController } from './preferences-controller';
import { StorageController } from './storage-controller';
import { baseStyles, pressedStyles } from './styles';
import { noVoiceText } from './text/voice';
import { LayoutController } from './table/layout';
import './mia-aside-games';
import './mia-language-picker';

/**
 * The table's less frequent choices, kept off the crowded in-game toolbar: the referee's odds
 * (off by default), the spoken referee (and whether the device has a voice for the language),
 * table mode or one side, light or dark theme, fullscreen and the language. All are remembered
 * on this device (preferences) but fullscreen. Also says whether the browser keeps the stored
 * game for good (persistent storage), and lists the games set aside (`<mia-aside-games>`).
 */
@localized()
@customElement('mia-table-options')
export class MiaTableOptions extends LitElement {
  static override styles = [
    baseStyles,
    pressedStyles,
    css`
      :host {
        display: grid;
        gap: 14px;
        max-width: 560px;
      }
      h2 {
        font-size: 1.5rem;
      }
      .row {
        display: grid;
        grid-template-columns: 1fr auto;
        align-items: center;
        gap: 12px;
        font-size: 1.2rem;
        font-weight: 650;
      }
      .row button {
        min-width: 150px;
      }
      .hint {
        color: var(--muted);
        font-size: 1rem;
        font-weight: 500;
        display: block;
      }
    `,
  ];

  private prefs = new PreferencesController(this);
  private fullscreen = new FullscreenController(this);
  private storage = new StorageController(this);

  /** Whether the browser granted persistent storage, in words. */
  private persistenceText(): string {
    switch (this.storage.value.persistence) {
      case 'granted':
        return msg('Persistent: the browser keeps the game even when space runs low.');
      case 'not-granted':
        return msg('Not persistent: the browser may clear stored games when space runs low.');
      case 'unknown':
        return msg('This browser does not say whether it keeps stored games.');
    }
  }

  private voices = new VoicesController(this);

  /** The spoken referee: on or off, and whether this device has a voice for the language. */
  private voiceRow(on: boolean) {
    const hint = this.voices.speech.hasVoice(getLocale())
      ? msg('Says the claims, lifts and verdicts aloud, with a voice on this device.')
      : noVoiceText();
    return html`<div class="row">
      <span>
        ${msg('Spoken referee')}
        <span class="hint" data-testid="voice-hint">${hint}</span>
      </span>
      <button
        aria-pressed=${on ? 'true' : 'false'}
        data-toggle="voice"
        @click=${() => this.prefs.update({ voice: !on })}
      >
        ${on ? msg('Voice on') : msg('Voice off')}
      </button>
    </div>`;
  }

  private layout = new LayoutController(this);

  override render() {
    const { odds, theme, voice } = this.prefs.value;
    const table = this.layout.table;
    return html`<h2>${msg('Options')}</h2>
      <div class="row">
        <span>
          ${msg('Odds')}
          <span class="hint"
            >${msg('The chance that a fresh roll reaches or beats the claim.')}</span
          >
        </span>
        <button
          aria-pressed=${odds ? 'true' : 'false'}
          data-toggle="odds"
          @click=${() => this.prefs.update({ odds: !odds })}
        >
          ${odds ? msg('Odds shown') : msg('Show odds')}
        </button>
      </div>
      ${this.voiceRow(voice)}
      <div class="row">
        <span>
          ${msg('Table mode')}
          <span class="hint"
            >${msg('Flat in the middle of the table: every player reads their own side.')}</span
          >
        </span>
        <button
          aria-pressed=${table ? 'true' : 'false'}
          data-toggle="layout"
          @click=${() => this.layout.toggle()}
        >
          ${table ? msg('Table mode on') : msg('Table mode off')}
        </button>
      </div>
      <div class="row">
        <span>${msg('Theme')}</span>
        <button @click=${() => this.prefs.update({ theme: theme === 'dark' ? 'light' : 'dark' })}>
          ${theme === 'dark' ? msg('Light theme') : msg('Dark theme')}
        </button>
      </div>
      ${
        this.fullscreen.available
          ? html`<div class="row">
              <span>${msg('Fullscreen')}</span>
              <button
                aria-pressed=${this.fullscreen.active ? 'true' : 'false'}
                @click=${() => void this.fullscreen.toggle()}
              >
                ${msg('Fullscreen')}
              </button>
            </div>`
          : null
      }
      <mia-language-picker labelled></mia-language-picker>
      <div class="row" data-storage=${this.storage.value.persistence}>
        <span>
          ${msg('Storage')}
          <span class="hint">${this.persistenceText()}</span>
        </span>
      </div>
      <mia-aside-games></mia-aside-games>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-table-options': MiaTableOptions;
  }
}
