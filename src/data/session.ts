/**
 * The game session behind the app (which the app machine, `src/app`, opens, starts, releases
 * and discards): opens the store (`StoreLink`), restores or starts the game's actor, logs every
 * accepted step (`GameJournal` stores it), reports each newly settled round, and keeps each
 * finished game's result on the session scoreboard (forgetting it again when the end is undone).
 * A running game is never replaced by a new one: it is set aside (`startAside`), and any game set
 * aside can be resumed (`resume`). When storage fails the game goes on in memory and `storage`
 * says so. No DOM.
 */
import { createActor, type Subscription } from 'xstate';
import {
  gameMachine,
  isUnderway,
  readStoredGame,
  resultOf,
  stepKind,
  type GameActor,
  type GameEvent,
  type GameInput,
  type GameSnapshot,
  type RestoredGame,
  type Settlement,
  type StoredGame,
  type Unreadable,
} from '../game';
import { AsideShelf, type AsideGame } from './aside-games';
import { GameJournal, headOf, newGameId, type Timers } from './game-journal';
import { noteGameStored } from './game-hint';
import { GameStore, type OpenOptions } from './game-store';
import { ReadAhead } from './read-ahead';
import { StoreLink } from './store-link';
import type { Scoreboard } from './scoreboard';
import { StorageWatch, askPersistence } from './storage-state';

export interface SessionHooks {
  /** Saving started (true) or every pending save finished or failed (false). */
  onSaving(saving: boolean): void;
  /** A round was settled (not one brought back by a restore). */
  onSettled(settlement: Settlement): void;
  /** A scoreboard write or the set-up's save failed (the game's own writes: `storage`). */
  onError(error: unknown): void;
}

export interface SessionOptions {
  /** Opens the game store (default: the app's database). */
  openStore?: (options: OpenOptions) => Promise<GameStore>;
  timers?: Timers;
  /** Where the storage state is told (default: a watch of its own). */
  storage?: StorageWatch;
  /** The database opened ahead (`openEarly`), for the store's first opening. */
  early?: OpenOptions['early'];
}

export class GameSession {
  actor: GameActor | null = null;
  input: GameInput | null = null;
  /** The current game's id: its result on the scoreboard is kept under it. */
  gameId = '';
  /** Whether the game's steps are stored, and whether storage is persistent. */
  readonly storage: StorageWatch;
  journal: GameJournal | null = null;
  private subscriptions: Subscription[] = [];
  /** The store's current game was read: a new game may replace it. */
  private read = false;
  private readonly shelf = new AsideShelf(() => this.store);
  private readonly link: StoreLink;
  private readonly timers?: Timers;
  /** The stored game, read ahead (`prepare`). */
  private readonly ahead = new ReadAhead();

  constructor(
    private readonly hooks: SessionHooks,
    private readonly scoreboard: Scoreboard,
    options: SessionOptions = {},
  ) {
    this.timers = options.timers;
    this.storage = options.storage ?? new StorageWatch();
    const openStore = options.openStore ?? ((open) => GameStore.open(undefined, open));
    this.link = new StoreLink(
      openStore,
      { onBlocked: () => this.unavailable(), onLost: () => this.journal?.recheck() },
      options.early,
    );
  }

  /** The open store, if any. */
  get store(): GameStore | null {
    return this.link.store;
  }

  /** Open the store and bring back the stored game, if any. Storage that fails is no error. */
  async open(): Promise<{ setup: GameInput | null; unreadable: Unreadable | null }> {
    const store = await this.link.first();
    if (!store) {
      this.unavailable();
      return { setup: null, unreadable: null };
    }
    void askPersistence(false).then((persistence) => this.storage.set({ persistence }));
    this.read = true;
    const [setup, loaded] = await Promise.all([store.loadSetup(), this.ahead.take(store)]);
    noteGameStored(loaded.kind !== 'none');
    if (loaded.kind === 'none') return { setup, unreadable: null };
    if (loaded.kind === 'unreadable') return { setup, unreadable: loaded };
    const { game } = loaded;
    this.gameId = game.id ?? newGameId();
    this.adopt(loaded);
    return { setup, unreadable: null };
  }

  /**
   * Open the store and read the stored game ahead of `open()` (which waits for this page to be
   * the table): reading writes nothing, so it may run while the table lock is asked for.
   */
  prepare(): void {
    this.ahead.start(this.link.get());
  }

  /**
   * Start a new game and set the one under way aside: kept whole (in the store, and in memory for
   * this page's life), listed by `asideGames()`, to be resumed.
   */
  async startAside(input: GameInput): Promise<void> {
    const running = this.running;
    if (running) this.shelf.keep(running, this.gameId);
    await this.flush();
    this.start(input, running !== null);
  }

  /**
   * Make a set-aside game the current one again, as it was left. A game under way is set aside
   * in its place; one ended (its result is on the scoreboard) or not begun is replaced.
   */
  async resume(key: string): Promise<void> {
    const read = readStoredGame(await this.shelf.raw(key));
    if (read.kind !== 'ok') throw new Error(`the game set aside as ${key} cannot be resumed`);
    const running = this.running;
    if (running) this.shelf.keep(running, this.gameId);
    await this.flush();
    const store = this.store;
    if (store && !store.lost) {
      // Failing, the journal stores the game (and sets the running one aside) as it can.
      await store.takeBack(key, running !== null).catch((e) => this.hooks.onError(e));
    }
    this.shelf.drop(key);
    this.gameId = read.game.id ?? newGameId();
    this.adopt(read, running !== null);
    noteGameStored(true);
  }

  /** The record of the game under way (moved from its start, not ended), or null. */
  private get running(): StoredGame | null {
    const snapshot = this.actor?.getSnapshot();
    return snapshot && isUnderway(snapshot) ? this.record() : null;
  }

  /**
   * Start a new game and remember its set-up. The stored game is replaced; `keep`: set aside.
   */
  start(input: GameInput, keep = false): void {
    this.gameId = newGameId();
    const actor = createActor(gameMachine, { input }).start();
    const game: StoredGame = { ...headOf(this.gameId, input), steps: [] };
    this.adopt({ game, actor, checkpoint: null }, keep);
    noteGameStored(true);
    void askPersistence().then((persistence) => this.storage.set({ persistence }));
    const store = this.store;
    if (store && !store.lost) void store.saveSetup(input).catch((e) => this.hooks.onError(e));
  }

  /** Forget the stored game (also an unreadable one). */
  async discard(): Promise<void> {
    this.drop();
    noteGameStored(false);
    if (this.link.store) this.link.store = await this.link.store.clearGame();
  }

  /**
   * Stop writing (another page takes the table over): store what is not stored yet, then drop
   * the game. The store stays open; `open()` brings the latest stored game back.
   */
  async release(): Promise<void> {
    await this.flush();
    this.drop();
  }

  /** Wait until every step so far is stored (or storing failed once more). */
  async flush(): Promise<void> {
    const journal = this.journal;
    if (!journal) return;
    await journal.settled();
    journal.retry();
    await journal.settled();
  }

  /** Try storing the steps not stored yet, now. */
  retry(): void {
    this.journal?.retry();
  }

  /** The current game as it is stored (every step), for an export. */
  record(): StoredGame | null {
    return this.journal?.record() ?? null;
  }

  /** About how many bytes the current game's steps took so far, and how many steps it has. */
  usage(): { steps: number; bytesWritten: number } {
    const { steps = [], bytesWritten = 0 } = this.journal ?? {};
    return { steps: steps.length, bytesWritten };
  }

  /**
   * The games set aside rather than overwritten or replaced (by a new game, or found stored when
   * this page could not read the storage first), with their players, start and round when they
   * read; the newest first. Those this page set aside are listed while storage fails too.
   */
  asideGames(): Promise<AsideGame[]> {
    return this.shelf.list(this.gameId);
  }

  /** Let a set-aside game go for good. */
  async forgetAside(key: string): Promise<void> {
    this.shelf.drop(key);
    await this.store?.forgetAside(key);
  }

  private unavailable(): void {
    this.storage.set({ status: { state: 'failing', problem: 'unavailable' } });
  }

  private drop(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    this.journal?.stop();
    this.journal = null;
    this.actor?.stop();
    this.actor = null;
  }

  /**
   * Follow a game: log its steps, report its rounds, keep its result. `keep`: a different game
   * stored as the current one is set aside when this one is first stored, never replaced.
   */
  private adopt({ game, actor, checkpoint }: RestoredGame, keep = false): void {
    this.drop();
    const { input } = game;
    this.actor = actor;
    this.input = input;
    const head = { ...headOf(this.gameId, input, game.base ?? null), ...pick(game) };
    const journal = new GameJournal({
      head,
      steps: game.steps,
      checkpoint,
      replaces: this.read && !keep,
      snapshot: () => actor.getSnapshot(),
      store: () => this.link.get(),
      failed: (store) => this.link.failed(store),
      onStatus: (status) => this.storage.set({ status }),
      onSaving: (saving) => this.hooks.onSaving(saving),
      timers: this.timers,
    });
    this.journal = journal;
    let previous: GameSnapshot = actor.getSnapshot();
    this.subscriptions.push(
      actor.system.inspect((inspection) => {
        if (inspection.type !== '@xstate.snapshot' || inspection.actorRef !== actor) return;
        const snapshot = inspection.snapshot as GameSnapshot;
        if (snapshot === previous) return;
        const changed = snapshot.value !== previous.value || snapshot.context !== previous.context;
        const before = previous;
        previous = snapshot;
        if (!changed) return;
        journal.log(inspection.event as GameEvent, stepKind(before, snapshot));
        this.stepped(snapshot, before);
      }),
    );
    journal.flush();
    this.score(actor.getSnapshot(), false);
  }

  private stepped(snapshot: GameSnapshot, before: GameSnapshot): void {
    this.score(snapshot, before.hasTag('over'));
    const { history, lastOutcome } = snapshot.context;
    if (history.length > before.context.history.length && lastOutcome) {
      this.hooks.onSettled(lastOutcome);
    }
  }

  /** Keep a finished game's result (again, after an undone end); forget an undone one. */
  private score(snapshot: GameSnapshot, wasOver: boolean): void {
    const id = this.gameId;
    const result = resultOf(id, snapshot.context);
    if (!result && !wasOver) return;
    const write = result ? this.scoreboard.record(result) : this.scoreboard.forget(id);
    void write.catch((error) => this.hooks.onError(error));
  }
}

/** The head fields a stored game brings along (its start, when known). */
const pick = (game: StoredGame) => (game.startedAt ? { startedAt: game.startedAt } : {});
