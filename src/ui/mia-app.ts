import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { provide } from '@lit/context';
import { msg, localized } from '@lit/localize';
import { GameSession, PreferencesStore, Scoreboard, type Preferences } from '../data';
import type { GameActor, GameInput, Unreadable } from '../game';
import { actorContext, preferencesContext, scoreboardContext } from './context';
import { cupContext, type CupBinding } from './cup/cup-context';
import type { MiaCommand, MiaCommandEvent, MiaStartEvent } from './events';
import { gameLog } from './export-log';
import { loadGameOver, loadTable } from './lazy';
import { GameController } from './game-controller';
import { speak } from './localize';
import { cue, cueOf } from './platform/cues';
import { downloadJson, stampedName } from './platform/files';
import { applyTheme } from './platform/theme';
import { ScreenKeeper } from './platform/wake-lock';
import { PreferencesController } from './preferences-controller';
import { RefereeVoice } from './referee-voice';
import { ShortcutsController } from './shortcuts';
import { baseStyles } from './styles';
import { appStyles } from './mia-app.styles';
import './mia-new-game';
import './mia-toolbar';
import './mia-unreadable';

type Screen = 'loading' | 'setup' | 'game' | 'unreadable';

/**
 * The app: restores the stored game (or shows the new-game screen), provides the game actor,
 * the device's preferences and the session scoreboard to the screens, applies the theme and
 * language, and carries out the commands of the toolbar and the screens. Reflects `saving`
 * while steps are being written to IndexedDB.
 */
// `localized` must come before `customElement` is applied (decorators apply bottom-up): <mia-app>
// is in the page when it is defined, so it is built at once, and would miss the language switch.
@customElement('mia-app')
@localized()
export class MiaApp extends LitElement {
  static override styles = [baseStyles, appStyles];

  @provide({ context: actorContext })
  @state()
  actor?: GameActor;

  /** The cup in use (set by `main.ts`), for the cup panel and the on-screen simulated cup. */
  @provide({ context: cupContext })
  @property({ attribute: false })
  cup: CupBinding | null = null;

  /** The device's preferences (`main.ts` keeps the cup choice in them). */
  @provide({ context: preferencesContext })
  readonly preferences = new PreferencesStore();

  @provide({ context: scoreboardContext })
  readonly scoreboard = new Scoreboard();

  @state() private screen: Screen = 'loading';
  @state() private setup: GameInput | null = null;
  @state() private unreadable: Unreadable | null = null;
  /** "Check this cup" is open (`#check` or `?check`); its screen is loaded on demand. */
  @state() private checking = isCheckUrl();

  private game = new GameController(this, { actor: () => this.actor });
  private keeper = new ScreenKeeper();
  private shown!: () => void;
  /** Resolves once the first screen (not the loading text) is on screen. */
  readonly opened = new Promise<void>((resolve) => (this.shown = resolve));
  private voice = new RefereeVoice(this, {
    actor: () => this.actor,
    on: () => this.preferences.value.voice,
  });
  private applied: Preferences | null = null;
  private session = new GameSession(
    {
      onActor: (actor) => (this.actor = actor ?? undefined),
      onSaving: (saving) => this.toggleAttribute('saving', saving),
      onSettled: (settlement) => cue(cueOf(settlement), this.preferences.value.muted),
      onError: (error) => console.error('Mia Cup could not save the game:', error),
    },
    this.scoreboard,
  );

  constructor() {
    super();
    new PreferencesController(this, { store: this.preferences, onChange: this.apply });
    new ShortcutsController(this, {
      undo: (_, event) => {
        if (this.screen !== 'game') return;
        event.preventDefault();
        void this.command('undo');
      },
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.followUrl);
    this.apply(this.preferences.value);
    void this.load();
  }

  override disconnectedCallback(): void {
    window.removeEventListener('hashchange', this.followUrl);
    this.keeper.set(false);
    super.disconnectedCallback();
  }

  /** The theme and the language follow the preferences. */
  private readonly apply = (preferences: Preferences): void => {
    const before = this.applied;
    this.applied = preferences;
    if (before?.theme !== preferences.theme) applyTheme(preferences.theme);
    if (!before || before.locale !== preferences.locale) void speak(preferences.locale);
    if (before?.voice && !preferences.voice) this.voice.stop();
  };

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
      case 'export':
        if (this.screen === 'unreadable') {
          downloadJson(stampedName('mia-cup-unreadable'), this.unreadable?.raw ?? null);
        } else if (actor && this.session.input) {
          downloadJson(stampedName('mia-cup-game'), gameLog(actor, this.session.input));
        }
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

  private get inGame(): boolean {
    return this.screen === 'game' && !!this.game.value;
  }

  protected override updated(): void {
    this.keeper.set(this.inGame && !this.game.value?.hasTag('over'));
    if (this.screen !== 'loading') this.shown();
  }

  private readonly followUrl = () => (this.checking = isCheckUrl());

  private closeCheck(): void {
    const url = new URL(location.href);
    url.hash = '';
    url.searchParams.delete('check');
    history.replaceState(null, '', url);
    this.checking = false;
  }

  private renderScreen() {
    if (this.checking) {
      void import('./check/mia-check-screen');
      return html`<mia-check-screen
        @mia-check-close=${() => this.closeCheck()}
      ></mia-check-screen>`;
    }
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
        if (this.game.value?.hasTag('over')) {
          void loadGameOver();
          return html`<mia-game-over></mia-game-over>`;
        }
        void loadTable();
        return html`<mia-table>
          <mia-cup-panel slot="cup"></mia-cup-panel>
          <mia-sim-cup slot="cup"></mia-sim-cup>
        </mia-table>`;
    }
  }

  override render() {
    const onCommand = (e: MiaCommandEvent) => {
      e.stopPropagation();
      void this.command(e.detail.command);
    };
    return html`<header>
        <mia-toolbar
          .inGame=${this.inGame}
          .canUndo=${!!this.game.value?.can({ type: 'UNDO' })}
          @mia-command=${onCommand}
        ></mia-toolbar>
      </header>
      <main @mia-command=${onCommand}>${this.renderScreen()}</main>`;
  }
}

/** The URL asks for "Check this cup". */
function isCheckUrl(): boolean {
  return location.hash === '#check' || new URLSearchParams(location.search).has('check');
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-app': MiaApp;
  }
}
