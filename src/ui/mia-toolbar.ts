import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { fire, type MiaCommand } from './events';
import { baseStyles } from './styles';
import './mia-dialog-button';
import './mia-scoreboard';
import './mia-stats';
import './mia-table-options';

/**
 * The bar along the top. Before a game: sound, theme and fullscreen (the new-game screen has the
 * language). In a game: undo
 * (always one tap away), history (with export), rules, the story of the game (statistics, the
 * lives chart and the session scoreboard, in a dialog), sound, options (odds, theme, fullscreen,
 * language, in a dialog) and new game: one row on a landscape tablet.
 * @fires mia-command - a button was tapped: `{ command }`
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
        gap: 8px;
        padding: 8px 12px;
        background: var(--surface);
        border-bottom: 2px solid var(--line);
      }
      h1 {
        font-size: 1.3rem;
        margin-right: auto;
        letter-spacing: 0.02em;
      }
      button {
        min-height: 56px;
        font-size: 1.05rem;
        padding: 0 13px;
      }
      button.undo {
        min-width: 150px;
        font-size: 1.3rem;
        border: 3px solid var(--accent);
        color: var(--text);
        background: var(--surface-2);
      }
      @media (max-width: 900px) {
        h1 {
          font-size: 1.1rem;
        }
      }
      .spacer {
        margin-left: auto;
      }
    `,
  ];

  @property({ type: Boolean }) canUndo = false;
  @property({ type: Boolean }) inGame = false;
  @property({ type: Boolean }) muted = false;
  @property() theme: 'dark' | 'light' = 'dark';
  @property({ type: Boolean }) fullscreen = false;
  @property({ type: Boolean }) canFullscreen = false;

  private tap(command: MiaCommand) {
    return () => fire(this, 'mia-command', { command });
  }

  override render() {
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
              <button @click=${this.tap('history')}>${msg('History')}</button>
              <button @click=${this.tap('rules')}>${msg('Rules')}</button>
              <mia-dialog-button label=${msg('Stats')} data-dialog="stats">
                <mia-stats titled></mia-stats>
                <mia-scoreboard></mia-scoreboard>
              </mia-dialog-button>`
          : null
      }
      <button
        class=${this.inGame ? 'spacer' : ''}
        aria-pressed=${this.muted ? 'false' : 'true'}
        @click=${this.tap('sound')}
      >
        ${this.muted ? msg('Sound off') : msg('Sound on')}
      </button>
      ${
        this.inGame
          ? html`<mia-dialog-button label=${msg('Options')} data-dialog="options">
              <mia-table-options
                .theme=${this.theme}
                .fullscreen=${this.fullscreen}
                .canFullscreen=${this.canFullscreen}
              ></mia-table-options>
            </mia-dialog-button>`
          : html`<button
                aria-label=${this.theme === 'dark' ? msg('Light theme') : msg('Dark theme')}
                @click=${this.tap('theme')}
              >
                ${this.theme === 'dark' ? msg('Light') : msg('Dark')}
              </button>
              ${
                this.canFullscreen
                  ? html`<button
                      aria-pressed=${this.fullscreen ? 'true' : 'false'}
                      @click=${this.tap('fullscreen')}
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
