import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { msg, localized, str } from '@lit/localize';
import { LOCALE_NAMES, getLocale, type AppLocale } from './localize';
import { FullscreenController } from './platform/fullscreen';
import { VoicesController } from './platform/speech';
import { PreferencesController } from './preferences-controller';
import { baseStyles } from './styles';
import './mia-language-picker';

/**
 * The table's less frequent choices, kept off the crowded in-game toolbar: the referee's odds
 * (off by default), the spoken referee (and whether the device has a voice for the language),
 * light or dark theme, fullscreen and the language. All are remembered on
 * this device (preferences) but fullscreen.
 */
@localized()
@customElement('mia-table-options')
export class MiaTableOptions extends LitElement {
  static override styles = [
    baseStyles,
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
      button[aria-pressed='true'] {
        background: var(--accent);
        border-color: var(--accent);
        color: var(--on-accent);
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
  private voices = new VoicesController(this);

  /** The spoken referee: on or off, and whether this device has a voice for the language. */
  private voiceRow(on: boolean) {
    const locale = getLocale() as AppLocale;
    const language = LOCALE_NAMES[locale] ?? locale;
    const hint = this.voices.speech.hasVoice(locale)
      ? msg('Says the claims, lifts and verdicts aloud, with a voice on this device.')
      : msg(str`This device has no voice for ${language}: the referee stays silent.`);
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

  override render() {
    const { odds, theme, voice } = this.prefs.value;
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
      <mia-language-picker labelled></mia-language-picker>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-table-options': MiaTableOptions;
  }
}
