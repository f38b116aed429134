import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { provide } from '@lit/context';
import { msg, localized } from '@lit/localize';
import {
  PreferencesStore,
  Scoreboard,
  StorageWatch,
  gameMayBeStored,
  type GameSession,
  type Preferences,
  type SessionHooks,
} from '../data';
import type { GameActor } from '../game';
import type { AppEvent } from '../app';
import { firstCup, firstView, type AppView } from '../app/view';
import { AppController } from './app-controller';
import {
  actorContext,
  asideContext,
  preferencesContext,
  scoreboardContext,
  storageContext,
} from './context';
import { cupContext, type CupBinding } from './cup/cup-context';
import type { MiaCommand, MiaCommandEvent } from './events';
import {
  loadCupPanels,
  loadElsewhere,
  loadGameOver,
  loadTable,
  loadUnreadable,
  loadUpdateBar,
  withWords,
} from './lazy';
import { GameController } from './game-controller';
import { getLocale, localeFor, speak } from './localize';
import { askedCup, forgetCheckUrl, isCheckUrl } from './platform/check-url';
import { applyTheme } from './platform/theme';
import { ScreenKeeper } from './platform/wake-lock';
import { PreferencesController } from './preferences-controller';
import { RefereeVoice } from './referee-voice';
import { ShortcutsController } from './shortcuts';
import { LayoutController } from './table/layout';
import { baseStyles } from './styles';
import { appStyles } from './mia-app.styles';
import { newGameScreen } from './new-game-screen';
import { tableScreen } from './table-screen';
import './mia-storage-status';
import './mia-toolbar';

/** The commands that are the app machine's to carry out. */
const LIFE: Partial<Record<MiaCommand, AppEvent>> = {
  'take-over': { type: 'TAKE_OVER' },
  update: { type: 'UPDATE.APPLY' },
  'new-game': { type: 'NEW_GAME' },
  rematch: { type: 'REMATCH' },
  'set-aside': { type: 'SET_ASIDE' },
  'cancel-start': { type: 'CANCEL' },
  back: { type: 'BACK' },
};

/**
 * The page: renders the app machine's view (`src/app`, through `AppController`), provides the
 * game actor, the cup, the device's preferences, the session scoreboard and the storage state
 * to the screens, applies the theme and language, and passes the screens' commands on. Reflects
 * `saving` while steps are being written to IndexedDB, and `loaded` once the stored game was
 * read (the new-game screen may show before).
 */
// `localized` must come before `customElement` is applied (decorators apply bottom-up): <mia-app>
// is in the page when it is defined, so it is built at once, and would miss the language switch.
@customElement('mia-app')
@localized()
export class MiaApp extends LitElement {
  static override styles = [baseStyles, appStyles];

  /** The hint that a game is stored, read once: the first screen shows by it, and the machine. */
  readonly gameStored = gameMayBeStored();
  @provide({ context: preferencesContext }) readonly preferences = new PreferencesStore();
  /** The app machine, once `main.ts` started it (`life.follow`), with the cup it opens. */
  readonly life = new AppController(
    this,
    firstView(this.gameStored, isCheckUrl(), firstCup(askedCup(), this.preferences.value.cup)),
  );

  @provide({ context: actorContext }) actor?: GameActor;
  /** The cup in use, for the cup panel, the on-screen simulated cup and "Check this cup". */
  @provide({ context: cupContext }) cup: CupBinding | null = null;
  /** The games set aside rather than overwritten (Options lists them). */
  @provide({ context: asideContext }) aside?: Pick<GameSession, 'asideGames' | 'forgetAside'>;
  @provide({ context: scoreboardContext }) readonly scoreboard = new Scoreboard();
  /** Whether the game's steps are stored (`<mia-storage-status>`, Options). */
  @provide({ context: storageContext }) readonly storage = new StorageWatch();

  /** The first screen's words are still loading. */
  @state() private wordsPending = false;

  private game = new GameController(this, { actor: () => this.actor });
  private keeper = new ScreenKeeper();
  private voice = new RefereeVoice(this, {
    actor: () => this.actor,
    on: () => this.preferences.value.voice,
  });
  private layout = new LayoutController(this, this.preferences);
  private applied: Preferences | null = null;
  private shown: (() => void) | null = null;
  /**
   * Resolves once the first screen (not the loading text) was painted: what is not on it (the
   * cup, the session when no game is stored) loads then, not before.
   */
  readonly opened = new Promise<void>((resolve) => (this.shown = resolve));
  /** The table's cup panels, asked for once the table is first shown. */
  private cupPanels: Promise<unknown> | null = null;

  constructor() {
    super();
    new PreferencesController(this, { store: this.preferences, onChange: this.apply });
    new ShortcutsController(this, {
      undo: (_, event) => {
        if (!this.atTable) return;
        event.preventDefault();
        this.command('undo');
      },
    });
    this.addEventListener('mia-cup-choice', (e) =>
      this.life.send({ type: 'CUP.CHOOSE', kind: e.detail.cup }),
    );
    if (isCheckUrl()) this.life.send({ type: 'CHECK.OPEN' });
    void this.opened.then(() => this.life.send({ type: 'SHOWN' }));
  }

  /** What the session tells the page; asked for as the session loads (the sounds load beside). */
  sessionHooks(): SessionHooks {
    const cues = import('./platform/cues');
    return {
      onSaving: (saving) => this.toggleAttribute('saving', saving),
      onSettled: (settlement) =>
        void cues.then(({ cue, cueOf }) => cue(cueOf(settlement), this.preferences.value.muted)),
      onError: (error) => console.warn('Mia Cup could not save:', error),
    };
  }

  /** The code of the screen shown, when it is loaded lazily (the table, the end of a game). */
  async screenLoaded(): Promise<void> {
    const { screen } = this.life.latest;
    if (screen === 'game' || screen === 'gameOver') {
      await (screen === 'gameOver' ? loadGameOver() : loadTable());
    }
  }

  /** Once the screen shown (its code loaded lazily) is painted. */
  async painted(): Promise<void> {
    await this.screenLoaded().catch(() => undefined);
    await this.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.followUrl);
    this.apply(this.preferences.value);
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
    if (!before) {
      // The first screen waits for its words in a language other than English (no flash of
      // English); they are a small chunk (the rest loads after it).
      this.wordsPending = localeFor(preferences.locale) !== getLocale();
      void speak(preferences.locale, true).then(() => (this.wordsPending = false));
    } else if (before.locale !== preferences.locale) void speak(preferences.locale);
    if (before?.voice && !preferences.voice) this.voice.stop();
  };

  /** A game (playing or over) is shown: this page is the table. */
  private get atTable(): boolean {
    const { screen } = this.life.view;
    return (screen === 'game' || screen === 'gameOver') && !!this.actor;
  }

  /** Table mode's table (or its game over) is shown: each seat has its own menu instead of the toolbar. */
  private get seated(): boolean {
    return this.atTable && this.layout.table;
  }

  private command(command: MiaCommand): void {
    const event = LIFE[command];
    if (event) return this.life.send(event);
    const { session } = this.life.view;
    if (command === 'undo') {
      const actor = this.actor;
      if (this.atTable && actor?.getSnapshot().can({ type: 'UNDO' })) actor.send({ type: 'UNDO' });
    } else if (command === 'export') {
      void import('./download-game').then(({ downloadGame }) => downloadGame(this.life.view));
    } else if (command === 'retry-storage') session?.retry();
  }

  override willUpdate(): void {
    const { game, cup, session } = this.life.view;
    this.actor = game ?? undefined;
    this.cup = cup;
    this.aside = session ?? undefined;
  }

  protected override updated(): void {
    const { screen, loaded, restoring } = this.life.view;
    const playing = screen === 'game' && !!this.actor;
    this.keeper.set(playing);
    // Table mode: the table (and its game over) fills the screen below the toolbar, exactly.
    this.toggleAttribute('table', this.seated);
    if (loaded) this.toggleAttribute('loaded', true);
    const shown = this.shown;
    // The table drawn from the stored view is not the first screen yet: the game is still read.
    if (screen !== 'loading' && !restoring && !this.wordsPending && shown) {
      this.shown = null;
      // A lazily loaded screen (the table, the end of a game) counts once it is loaded.
      void this.painted().then(shown);
    }
  }

  private readonly followUrl = () =>
    this.life.send({ type: isCheckUrl() ? 'CHECK.OPEN' : 'CHECK.CLOSE' });

  private closeCheck(): void {
    forgetCheckUrl();
    this.life.send({ type: 'CHECK.CLOSE' });
  }

  private renderScreen(view: AppView) {
    const { checking, screen, taken, asked, unreadable } = view;
    if (checking) {
      void withWords(() => import('./check/mia-check-screen'));
      return html`<mia-check-screen
        @mia-check-close=${() => this.closeCheck()}
      ></mia-check-screen>`;
    }
    switch (screen) {
      case 'elsewhere':
        void loadElsewhere();
        return html`<mia-elsewhere ?taken=${taken} ?asked=${asked}></mia-elsewhere>`;
      case 'loading':
        return html`<p class="loading">${msg('Opening the table…')}</p>`;
      case 'unreadable':
        void loadUnreadable();
        return html`<mia-unreadable reason=${unreadable?.reason ?? 'corrupt'}></mia-unreadable>`;
      case 'newGame':
        return newGameScreen(view, (event) => this.life.send(event));
      case 'gameOver':
        void loadGameOver();
        return html`<mia-game-over></mia-game-over>`;
      case 'game':
        this.cupPanels ??= this.opened.then(loadCupPanels);
        return tableScreen(view, this.layout.table);
    }
  }

  override render() {
    if (this.wordsPending) return nothing;
    const view = this.life.view;
    const onCommand = (e: MiaCommandEvent) => {
      e.stopPropagation();
      this.command(e.detail.command);
    };
    return html`<header>
        <mia-toolbar
          .inGame=${this.atTable}
          ?seated=${this.seated}
          .canUndo=${!!this.game.value?.can({ type: 'UNDO' })}
          @mia-command=${onCommand}
        ></mia-toolbar>
        <mia-storage-status @mia-command=${onCommand}></mia-storage-status>
        ${view.updateWaiting && this.atTable ? this.updateBar(onCommand) : null}
      </header>
      <main @mia-command=${onCommand}>${this.renderScreen(view)}</main>`;
  }

  private updateBar(onCommand: (e: MiaCommandEvent) => void) {
    void loadUpdateBar();
    return html`<mia-update-bar @mia-command=${onCommand}></mia-update-bar>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-app': MiaApp;
  }
}
