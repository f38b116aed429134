import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { fire, type MiaCommand } from './events';
import { withWords } from './lazy';
import { FullscreenController } from './platform/fullscreen';
import { getLocale } from './localize';
import { VoicesController } from './platform/speech';
import { PreferencesController } from './preferences-controller';
import { noVoiceText } from './text/voice';
import { baseStyles } from './styles';
import './mia-dialog-button';

/** The dialogs' contents: loaded when a dialog first opens (and precached for offline). */
const load = {
  history: () => withWords(() => import('./mia-history')),
  rules: () => withWords(() => import('./mia-rules-panel')),
  stats: () => withWords(() => Promise.all([import('./mia-stats'), import('./mia-scoreboard')])),
  options: () => withWords(() => import('./mia-table-options')),
};

/**
 * The bar along the top. Before a game: sound, theme and fullscreen (the new-game screen has the
 * language). In a game: undo (always one tap away), and in dialogs the history (with export),
 * the rules, the story of the game (statistics, the lives chart and the session scoreboard);
 * sound, options (odds, theme, fullscreen, language, in a dialog) and new game: one row on a
 * landscape tablet. Sound and theme are preferences, changed here directly.
 * @fires mia-command - `undo` or `new-game` was tapped (or `export`, from the history)
 */
@localized()
@customElement('mia-toolbar')
export class MiaToolbar extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px;
        padding: 8px 10px;
        background: var(--surface);
        border-bottom: 2px solid var(--line);
      }
      h1 {
        font-size: 1.4rem;
        margin-right: auto;
        letter-spacing: 0.02em;
      }
      button {
        min-height: 56px;
        font-size: 1rem;
        padding: 0 10px;
      }
      button.undo {
        min-width: 128px;
        font-size: 1.3rem;
        border: 3px solid var(--accent);
        color: var(--text);
        background: var(--surface-2);
      }
      @media (max-width: 900px) {
        h1 {
          font-size: 1rem;
        }
      }
      /*
       * On a landscape screen the bar keeps to one row, which the table needs more than the
       * labels need theirs: where a language's labels are too long for it (German at 1024 px),
       * they wrap inside their buttons ("Stimme / aus") instead of the bar taking a second row.
       * Undo keeps its one line.
       */
      @media (min-width: 900px) {
        :host {
          flex-wrap: nowrap;
        }
        /* The game's buttons on the left, the table's preferences on the right. Where the bar
           wraps, both rows start at the left instead. */
        .spacer {
          margin-left: auto;
        }
        button,
        mia-dialog-button {
          flex-shrink: 1;
          min-width: min-content;
        }
        button,
        mia-dialog-button::part(button) {
          line-height: 1.15;
          text-wrap: balance;
          overflow-wrap: normal;
        }
        mia-dialog-button::part(button) {
          flex: 1 1 auto;
        }
        button.undo {
          flex-shrink: 0;
          white-space: nowrap;
        }
      }
    `,
  ];

  @property({ type: Boolean }) canUndo = false;
  @property({ type: Boolean }) inGame = false;

  private prefs = new PreferencesController(this);
  private voices = new VoicesController(this);
  private fullscreen = new FullscreenController(this);

  private tap(command: MiaCommand) {
    return () => fire(this, 'mia-command', { command });
  }

  /**
   * The spoken referee, on or off; on where the device has no voice for the language, it says
   * so (the referee stays silent) rather than "Voice on".
   */
  private voiceButton(voice: boolean) {
    const silent = voice && !this.voices.speech.hasVoice(getLocale());
    return html`<button
      aria-pressed=${voice ? 'true' : 'false'}
      data-toggle="voice"
      data-silent=${silent ? 'true' : 'false'}
      title=${silent ? noVoiceText() : msg('The spoken referee')}
      @click=${() => this.prefs.update({ voice: !voice })}
    >
      ${silent ? msg('No voice') : voice ? msg('Voice on') : msg('Voice off')}
    </button>`;
  }

  override render() {
    const { muted, theme, voice } = this.prefs.value;
    return html`<h1 class=${this.inGame ? 'visually-hidden' : ''}>${msg('Mia Cup')}</h1>
      ${
        this.inGame
          ? html`<button
                class="undo"
                ?disabled=${!this.canUndo}
                @click=${this.tap('undo')}
                title=${msg('Undo (U or Ctrl+Z)')}
              >
                ↶ ${msg('Undo')}
              </button>
              <mia-dialog-button
                label=${msg('History')}
                data-dialog="history"
                .load=${load.history}
                .content=${() => html`<mia-history></mia-history>`}
              ></mia-dialog-button>
              <mia-dialog-button
                label=${msg('Rules')}
                data-dialog="rules"
                .load=${load.rules}
                .content=${() => html`<mia-rules-panel></mia-rules-panel>`}
              ></mia-dialog-button>
              <mia-dialog-button
                label=${msg('Stats')}
                data-dialog="stats"
                .load=${load.stats}
                .content=${() => html`<mia-stats titled></mia-stats><mia-scoreboard></mia-scoreboard>`}
              ></mia-dialog-button>`
          : null
      }
      <button
        class=${this.inGame ? 'spacer' : ''}
        aria-pressed=${muted ? 'false' : 'true'}
        @click=${() => this.prefs.update({ muted: !muted })}
      >
        ${muted ? msg('Sound off') : msg('Sound on')}
      </button>
      ${this.voiceButton(voice)}
      ${
        this.inGame
          ? html`<mia-dialog-button
              label=${msg('Options')}
              data-dialog="options"
              .load=${load.options}
              .content=${() => html`<mia-table-options></mia-table-options>`}
            ></mia-dialog-button>`
          : html`<button
                aria-label=${theme === 'dark' ? msg('Light theme') : msg('Dark theme')}
                @click=${() => this.prefs.update({ theme: theme === 'dark' ? 'light' : 'dark' })}
              >
                ${theme === 'dark' ? msg('Light') : msg('Dark')}
              </button>
              ${
                this.fullscreen.available
                  ? html`<button
                      aria-pressed=${this.fullscreen.active ? 'true' : 'false'}
                      @click=${() => void this.fullscreen.toggle()}
                    >
                      ${msg('Fullscreen')}
                    </button>`
                  : null
              }`
      }
      ${this.inGame ? html`<button @click=${this.tap('new-game')}>${msg('New game')}</button>` : null}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-toolbar': MiaToolbar;
  }
}
