import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { DIALOGS, dialogButton } from './dialogs';
import { fire, type MiaCommand } from './events';
import { FullscreenController } from './platform/fullscreen';
import { VoicesController } from './platform/speech';
import { PreferencesController } from './preferences-controller';
import { soundToggle, voiceToggle } from './toggles';
import { baseStyles } from './styles';

/**
 * The bar along the top. Before a game: sound, theme and fullscreen (the new-game screen has the
 * language). In a game: undo (always one tap away), and in dialogs the history (with export),
 * the rules, the story of the game (statistics, the lives chart and the session scoreboard);
 * sound, options (odds, theme, fullscreen, language, in a dialog) and new game: one row on a
 * landscape tablet. Sound and theme are preferences, changed here directly. `seated`: the table
 * is in table mode, where each seat has its own menu instead: only the page's title is left.
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
      /* Table mode: the seats' menus instead; the page's title is there for screen readers. */
      :host([seated]) {
        padding: 0;
        border: 0;
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
  @property({ type: Boolean, reflect: true }) seated = false;

  private prefs = new PreferencesController(this);
  private voices = new VoicesController(this);
  private fullscreen = new FullscreenController(this);

  private tap(command: MiaCommand) {
    return () => fire(this, 'mia-command', { command });
  }

  override render() {
    const title = html`<h1 class=${this.inGame ? 'visually-hidden' : ''}>${msg('Mia Cup')}</h1>`;
    if (this.seated) return title;
    const { theme } = this.prefs.value;
    return html`${title}
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
            ${DIALOGS.slice(0, 3).map((name) => dialogButton(name))}
            <span class="spacer"></span>`
        : null
    }
    ${soundToggle(this.prefs)} ${voiceToggle(this.prefs, this.voices)}
    ${
      this.inGame
        ? dialogButton('options')
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
