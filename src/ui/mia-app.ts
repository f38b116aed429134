import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { provide } from '@lit/context';
import { msg, localized } from '@lit/localize';
import {
  PreferencesStore,
  Scoreboard,
  StorageWatch,
  TableLock,
  gameMayBeStored,
  loadSession,
  openEarly,
  type GameSession,
  type Preferences,
} from '../data';
import type { GameActor, GameInput, Unreadable } from '../game';
import {
  actorContext,
  asideContext,
  preferencesContext,
  scoreboardContext,
  storageContext,
} from './context';
import { cupContext, type CupBinding } from './cup/cup-context';
import type { MiaCommand, MiaCommandEvent, MiaStartEvent } from './events';
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
import { linkManifest } from './platform/manifest';
import { applyTheme } from './platform/theme';
import { UpdateWatcher } from './platform/updates';
import { ScreenKeeper } from './platform/wake-lock';
import { PreferencesController } from './preferences-controller';
import { RefereeVoice } from './referee-voice';
import { ShortcutsController } from './shortcuts';
import { LayoutController } from './table/layout';
import { baseStyles } from './styles';
import { appStyles } from './mia-app.styles';
import './mia-new-game';
import './mia-storage-status';
import './mia-toolbar';

type Screen = 'loading' | 'setup' | 'game' | 'unreadable' | 'elsewhere';

/**
 * The app: restores the stored game (or shows the new-game screen), provides the game actor,
 * the device's preferences and the session scoreboard to the screens, applies the theme and
 * language, and carries out the commands of the toolbar and the screens. Reflects `saving`
 * while steps are being written to IndexedDB, and `loaded` once the stored game was read (the
 * new-game screen may show before).
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

  /**
   * With no game stored, the new-game screen shows at once, while the session (the round
   * machine and the store) loads and IndexedDB opens; a stored game shows once it is read.
   */
  @state() private screen: Screen = gameMayBeStored() ? 'loading' : 'setup';
  @state() private setup: GameInput | null = null;
  @state() private unreadable: Unreadable | null = null;
  /** "Check this cup" is open (`#check` or `?check`); its screen is loaded on demand. */
  @state() private checking = isCheckUrl();
  /** Not the table: another page took it from this one (true) or had it already (false). */
  @state() private taken = false;
  @state() private takingOver = false;
  /** The first screen's words are still loading. */
  @state() private wordsPending = false;

  private game = new GameController(this, { actor: () => this.actor });
  private keeper = new ScreenKeeper();
  private shown: (() => void) | null = null;
  /**
   * Resolves once the first screen (not the loading text) was painted: what is not on it (the
   * cup, the session when no game is stored) loads then, not before.
   */
  readonly opened = new Promise<void>((resolve) => (this.shown = resolve));
  private voice = new RefereeVoice(this, {
    actor: () => this.actor,
    on: () => this.preferences.value.voice,
  });
  private layout = new LayoutController(this, this.preferences);
  private applied: Preferences | null = null;
  /** Only the page that is the table loads and writes the game (see `TableLock`). */
  private table = new TableLock({
    onTable: () => {
      this.takingOver = false;
      if (this.screen !== 'setup') this.screen = 'loading';
      void this.load();
    },
    onElsewhere: (taken) => {
      this.taken = taken;
      this.screen = 'elsewhere';
    },
    onRelease: async () => this.session?.release(),
  });
  private updates = new UpdateWatcher(() => this.requestUpdate());
  /** Whether the game's steps are stored (`<mia-storage-status>`, Options). */
  @provide({ context: storageContext })
  readonly storage = new StorageWatch();

  private session: GameSession | null = null;
  /** With a game stored, the database opens while the session's code loads. */
  private early?: Promise<IDBDatabase | null>;
  private sessionLoaded: Promise<GameSession> | null = null;
  /** The table's cup panels, asked for once the table is first shown. */
  private cupPanels: Promise<unknown> | null = null;
  /** The session, loaded on first use (a chunk of its own: the round machine and its store). */
  private getSession(): Promise<GameSession> {
    if (this.sessionLoaded) return this.sessionLoaded;
    // The sounds of settled rounds load beside the session, long before the first one.
    const cues = import('./platform/cues');
    this.sessionLoaded = loadSession(
      {
        onActor: (actor) => (this.actor = actor ?? undefined),
        onSaving: (saving) => this.toggleAttribute('saving', saving),
        onSettled: (settlement) =>
          void cues.then(({ cue, cueOf }) => cue(cueOf(settlement), this.preferences.value.muted)),
        onError: (error) => console.warn('Mia Cup could not save:', error),
      },
      this.scoreboard,
      { storage: this.storage, early: this.early },
    ).then((session) => (this.session = session));
    return this.sessionLoaded;
  }
  private markLoaded!: () => void;
  /** Resolves once the stored game was read (or storage failed): a new game may start. */
  private readonly loaded = new Promise<void>((resolve) => (this.markLoaded = resolve));

  /** The games set aside rather than overwritten (Options lists them). */
  @provide({ context: asideContext })
  readonly aside: Pick<GameSession, 'asideGames' | 'forgetAside'> = {
    asideGames: async () => (await this.getSession()).asideGames(),
    forgetAside: async (key) => (await this.getSession()).forgetAside(key),
  };

  /** How many steps the current game has and about how many bytes storing them wrote (bench). */
  storageUsage(): { steps: number; bytesWritten: number } {
    return this.session?.usage() ?? { steps: 0, bytesWritten: 0 };
  }

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
    if (this.screen === 'loading') {
      // A stored game: the database, its session and the table load at once, and the table
      // lock is asked for beside them.
      this.early ??= openEarly();
      void this.getSession().then((session) => session.prepare());
      void loadTable();
      void this.table.open();
    } else {
      // No game stored: whether this page is the table is asked after the first screen.
      void this.opened.then(() => this.table.open());
    }
    // The service worker (and its precaching of every chunk) and the manifest come after the
    // first screen.
    void this.opened
      .then(() => {
        linkManifest();
        return this.updates.start();
      })
      .catch((e) => console.warn('Mia Cup: no service worker:', e));
  }

  override disconnectedCallback(): void {
    window.removeEventListener('hashchange', this.followUrl);
    this.keeper.set(false);
    this.table.close();
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

  private async load(): Promise<void> {
    try {
      // No game stored: the new-game screen is up first, then the session loads.
      if (this.screen === 'setup') await this.opened;
      const session = await this.getSession();
      const { setup, unreadable } = await session.open();
      this.setup = setup;
      this.unreadable = unreadable;
      if (unreadable) console.warn(`Mia Cup cannot read the saved game: ${unreadable.detail}`);
      this.screen = unreadable ? 'unreadable' : session.actor ? 'game' : 'setup';
    } catch (error) {
      console.error('Mia Cup could not open its storage:', error);
      this.screen = 'setup';
    }
    this.markLoaded();
    this.toggleAttribute('loaded', true);
  }

  /** "Start game" on the new-game screen, which may show before the stored game was read. */
  private async startFromSetup(input: GameInput): Promise<void> {
    await this.loaded;
    if (this.screen === 'setup') this.start(input);
  }

  private start(input: GameInput): void {
    if (!this.session) return;
    this.session.start(input);
    this.setup = input;
    this.screen = 'game';
    // A new version that waited for the last game comes in now, with the new game stored.
    this.applyUpdate();
  }

  /**
   * Bring in a waiting new version once every step so far is stored and the screen shown has
   * its code: a SKIP_WAITING sent while the old worker still serves the game-over chunk could
   * leave the new version waiting.
   */
  /** The code of the screen shown, when it is loaded lazily (the table, the end of a game). */
  private async loadScreen(): Promise<void> {
    if (this.screen !== 'game') return;
    await (this.game.value?.hasTag('over') ? loadGameOver() : loadTable());
  }

  private applyUpdate(): void {
    if (!this.updates.ready) return;
    void this.updates.apply(() => Promise.all([this.session?.flush(), this.loadScreen()]));
  }

  private async command(command: MiaCommand): Promise<void> {
    const actor = this.actor;
    if (command === 'take-over') {
      this.takingOver = true;
      return this.table.takeOver();
    }
    if (command === 'update') return this.applyUpdate();
    if (!this.table.holding) return;
    switch (command) {
      case 'undo':
        if (actor?.getSnapshot().can({ type: 'UNDO' })) actor.send({ type: 'UNDO' });
        break;
      case 'export':
        await this.download(actor);
        break;
      case 'retry-storage':
        this.session?.retry();
        break;
      case 'new-game':
        if (this.screen === 'unreadable') {
          await this.session?.discard();
          this.unreadable = null;
        }
        this.screen = 'setup';
        break;
      case 'rematch':
        if (this.session?.input) this.start(this.session.input);
        break;
    }
  }

  /** The game's log, or the unreadable record as it was stored. */
  private async download(actor: GameActor | undefined): Promise<void> {
    const { downloadJson, stampedName } = await import('./platform/files');
    if (this.screen === 'unreadable') {
      downloadJson(stampedName('mia-cup-unreadable'), this.unreadable?.raw ?? null);
      return;
    }
    const record = this.session?.record();
    if (actor && record) {
      const { gameLog } = await withWords(() => import('./export-log'));
      downloadJson(stampedName('mia-cup-game'), gameLog(actor, record));
    }
  }

  private get inGame(): boolean {
    return this.screen === 'game' && !!this.game.value;
  }

  /** Between games (a game over, or no game at all): a waiting new version comes in. */
  private get betweenGames(): boolean {
    if (this.screen === 'game') return !!this.game.value?.hasTag('over');
    return this.screen === 'setup' && !this.actor;
  }

  protected override updated(): void {
    const playing = this.inGame && !this.game.value?.hasTag('over');
    this.keeper.set(playing);
    // Table mode: the table fills the screen below the toolbar, exactly.
    this.toggleAttribute('table', playing && this.layout.table);
    if (this.table.holding && this.betweenGames) this.applyUpdate();
    const shown = this.shown;
    if (this.screen !== 'loading' && !this.wordsPending && shown) {
      this.shown = null;
      // A lazily loaded screen (the table, the end of a game) counts once it is loaded.
      const paint = () => requestAnimationFrame(() => setTimeout(shown));
      void this.loadScreen().then(paint, paint);
    }
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
      void withWords(() => import('./check/mia-check-screen'));
      return html`<mia-check-screen
        @mia-check-close=${() => this.closeCheck()}
      ></mia-check-screen>`;
    }
    switch (this.screen) {
      case 'elsewhere':
        void loadElsewhere();
        return html`<mia-elsewhere ?taken=${this.taken} ?asked=${this.takingOver}></mia-elsewhere>`;
      case 'loading':
        return html`<p class="loading">${msg('Opening the table…')}</p>`;
      case 'unreadable':
        void loadUnreadable();
        return html`<mia-unreadable
          reason=${this.unreadable?.reason ?? 'corrupt'}
        ></mia-unreadable>`;
      case 'setup':
        return html`<mia-new-game
            .initial=${this.setup}
            @mia-start=${(e: MiaStartEvent) => void this.startFromSetup(e.detail)}
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
        this.cupPanels ??= this.opened.then(loadCupPanels);
        return html`<mia-table>
          <mia-cup-panel slot="cup"></mia-cup-panel>
          <mia-sim-cup slot="cup"></mia-sim-cup>
        </mia-table>`;
    }
  }

  private updateBar(onCommand: (e: MiaCommandEvent) => void) {
    void loadUpdateBar();
    return html`<mia-update-bar @mia-command=${onCommand}></mia-update-bar>`;
  }

  override render() {
    if (this.wordsPending) return nothing;
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
        <mia-storage-status @mia-command=${onCommand}></mia-storage-status>
        ${this.updates.ready && this.inGame ? this.updateBar(onCommand) : null}
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
