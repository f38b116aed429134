import { LitElement, html } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { provide } from '@lit/context';
import { msg, localized } from '@lit/localize';
import type { GameInput } from '../game';
import { actorContext, type GameActor } from './context';
import { cupContext, type CupBinding } from './cup/cup-context';
import './cup/mia-cup-panel';
import './cup/mia-sim-cup';
import type { MiaCommand, MiaCommandEvent, MiaStartEvent } from './events';
import { gameLog } from './export-log';
import { GameController } from './game-controller';
import { cue } from './platform/cues';
import {
  canFullscreen,
  downloadJson,
  isFullscreen,
  stampedName,
  toggleFullscreen,
} from './platform/files';
import { applyTheme, loadPrefs, savePrefs, type Prefs } from './platform/prefs';
import { ScreenKeeper } from './platform/wake-lock';
import { GameSession, type Unreadable } from './session';
import { baseStyles } from './styles';
import { appStyles } from './mia-app.styles';
import './mia-game-over';
import './mia-history';
import './mia-new-game';
import './mia-rules-panel';
import './mia-table';
import './mia-toolbar';
import './mia-unreadable';

type Screen = 'loading' | 'setup' | 'game' | 'unreadable';

/**
 * The app: restores the stored game (or shows the new-game screen), provides the game actor to
 * the screens, and owns the toolbar's commands, the dialogs, the theme, sound and wake lock.
 * Reflects `saving` while steps are being written to IndexedDB.
 */
@localized()
@customElement('mia-app')
export class MiaApp extends LitElement {
  static override styles = [baseStyles, appStyles];

  @provide({ context: actorContext })
  @state()
  actor?: GameActor;

  /** The cup in use (set by `main.ts`), for the cup panel and the on-screen simulated cup. */
  @provide({ context: cupContext })
  @property({ attribute: false })
  cup: CupBinding | null = null;

  @state() private screen: Screen = 'loading';
  @state() private setup: GameInput | null = null;
  @state() private unreadable: Unreadable | null = null;
  @state() private prefs: Prefs = loadPrefs();
  @state() private fullscreen = false;
  @state() private dialog: 'history' | 'rules' | null = null;
  @query('dialog') private dialogElement?: HTMLDialogElement;

  private game = new GameController(this, () => this.actor);
  private keeper = new ScreenKeeper();
  private session = new GameSession({
    onActor: (actor) => (this.actor = actor ?? undefined),
    onSaving: (saving) => this.toggleAttribute('saving', saving),
    onCue: (kind) => cue(kind, this.prefs.muted),
    onError: (error) => console.error('Mia Cup could not save the game:', error),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    applyTheme(this.prefs.theme);
    window.addEventListener('keydown', this.onKey);
    document.addEventListener('fullscreenchange', this.onFullscreen);
    void this.load();
  }

  override disconnectedCallback(): void {
    window.removeEventListener('keydown', this.onKey);
    document.removeEventListener('fullscreenchange', this.onFullscreen);
    this.keeper.set(false);
    super.disconnectedCallback();
  }

  private async load(): Promise<void> {
    try {
      const { setup, unreadable } = await this.session.open();
      this.setup = setup;
      this.unreadable = unreadable;
      if (unreadable) console.warn(`Mia Cup cannot read the saved game: ${unreadable.detail}`);
      this.screen = unreadable ? 'unreadable' : this.session.actor ? 'game' : 'setup';
    } catch (error) {
      console.error('Mia Cup could not open its storage:', error);
      this.screen = 'setup';
    }
  }

  private onFullscreen = () => (this.fullscreen = isFullscreen());

  private onKey = (e: KeyboardEvent) => {
    const target = e.composedPath()[0];
    if (target instanceof HTMLInputElement || this.screen !== 'game') return;
    const undo = (e.key === 'z' && (e.ctrlKey || e.metaKey)) || (e.key === 'u' && !e.ctrlKey);
    if (undo) {
      e.preventDefault();
      this.command('undo');
    }
  };

  private start(input: GameInput): void {
    this.session.start(input);
    this.setup = input;
    this.screen = 'game';
  }

  private async command(command: MiaCommand): Promise<void> {
    const actor = this.actor;
    switch (command) {
      case 'undo':
        if (actor?.getSnapshot().can({ type: 'UNDO' })) actor.send({ type: 'UNDO' });
        break;
      case 'history':
      case 'rules':
        this.dialog = command;
        await this.updateComplete;
        this.dialogElement?.showModal();
        break;
      case 'export':
        if (this.screen === 'unreadable') {
          downloadJson(stampedName('mia-cup-unreadable'), this.unreadable?.raw ?? null);
        } else if (actor && this.session.input) {
          downloadJson(stampedName('mia-cup-game'), gameLog(actor, this.session.input));
        }
        break;
      case 'sound':
      case 'theme':
        this.prefs =
          command === 'sound'
            ? { ...this.prefs, muted: !this.prefs.muted }
            : { ...this.prefs, theme: this.prefs.theme === 'dark' ? 'light' : 'dark' };
        savePrefs(this.prefs);
        applyTheme(this.prefs.theme);
        break;
      case 'fullscreen':
        await toggleFullscreen();
        break;
      case 'new-game':
        if (this.screen === 'unreadable') {
          await this.session.discard();
          this.unreadable = null;
        }
        this.screen = 'setup';
        break;
      case 'rematch':
        if (this.session.input) this.start(this.session.input);
        break;
    }
  }

  private closeDialog = () => {
    this.dialogElement?.close();
    this.dialog = null;
  };

  private renderDialog() {
    const context = this.game.value?.context;
    if (!this.dialog || !context) return null;
    return html`<dialog
      aria-label=${this.dialog === 'history' ? msg('History') : msg('Rules')}
      @close=${this.closeDialog}
    >
      <button class="close" @click=${this.closeDialog}>${msg('Close')}</button>
      ${
        this.dialog === 'history'
          ? html`<button class="close" @click=${() => void this.command('export')}>
              ${msg('Export game log')}
            </button>`
          : null
      }
      ${
        this.dialog === 'history'
          ? html`<mia-history
              .players=${context.players}
              .history=${context.history}
              .current=${context.round}
              .warnings=${context.warnings}
            ></mia-history>`
          : html`<mia-rules-panel .rules=${context.rules}></mia-rules-panel>`
      }
    </dialog>`;
  }

  private renderScreen() {
    const snapshot = this.game.value;
    switch (this.screen) {
      case 'loading':
        return html`<p class="loading">${msg('Opening the table…')}</p>`;
      case 'unreadable':
        return html`<mia-unreadable
          reason=${this.unreadable?.reason ?? 'corrupt'}
        ></mia-unreadable>`;
      case 'setup':
        return html`<mia-new-game
            .initial=${this.setup}
            @mia-start=${(e: MiaStartEvent) => this.start(e.detail)}
          ></mia-new-game>
          ${
            this.actor
              ? html`<button class="back big" @click=${() => (this.screen = 'game')}>
                  ${msg('Back to the game')}
                </button>`
              : null
          }`;
      case 'game':
        return snapshot?.hasTag('over')
          ? html`<mia-game-over></mia-game-over>`
          : html`<mia-table>
              <mia-cup-panel slot="cup"></mia-cup-panel>
              <mia-sim-cup slot="cup"></mia-sim-cup>
            </mia-table>`;
    }
  }

  override render() {
    const snapshot = this.game.value;
    const inGame = this.screen === 'game' && !!snapshot;
    this.keeper.set(inGame && !snapshot?.hasTag('over'));
    return html`<header>
        <mia-toolbar
          .inGame=${inGame}
          .canUndo=${!!snapshot?.can({ type: 'UNDO' })}
          .muted=${this.prefs.muted}
          .theme=${this.prefs.theme}
          .fullscreen=${this.fullscreen}
          .canFullscreen=${canFullscreen()}
          @mia-command=${(e: MiaCommandEvent) => void this.command(e.detail.command)}
        ></mia-toolbar>
      </header>
      <main
        @mia-command=${(e: MiaCommandEvent) => {
          e.stopPropagation();
          void this.command(e.detail.command);
        }}
      >
        ${this.renderScreen()}
      </main>
      ${this.renderDialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-app': MiaApp;
  }
}
