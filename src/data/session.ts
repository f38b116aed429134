/**
 * The game session behind the app: opens the store, restores or starts the game's actor, saves
 * every accepted step, reports each newly settled round, and keeps each finished game's result
 * on the session scoreboard (forgetting it again when the end is undone). No DOM.
 */
import { createActor, type Subscription } from 'xstate';
import {
  gameMachine,
  recordOf,
  restoreGame,
  resultOf,
  type GameActor,
  type GameInput,
  type GameSnapshot,
  type Settlement,
  type Unreadable,
} from '../game';
import { GameStore } from './game-store';
import type { Scoreboard } from './scoreboard';

export interface SessionHooks {
  /** A game was started or restored, or dropped (null). */
  onActor(actor: GameActor | null): void;
  /** Saving started (true) or every pending save finished (false). */
  onSaving(saving: boolean): void;
  /** A round was settled (not one brought back by a restore). */
  onSettled(settlement: Settlement): void;
  /** A save failed. */
  onError(error: unknown): void;
}

export class GameSession {
  store: GameStore | null = null;
  actor: GameActor | null = null;
  input: GameInput | null = null;
  /** The current game's id: its result on the scoreboard is kept under it. */
  gameId = '';
  private subscription: Subscription | null = null;
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly hooks: SessionHooks,
    private readonly scoreboard: Scoreboard,
    private readonly openStore: () => Promise<GameStore> = () => GameStore.open(),
  ) {}

  /** Open the store and bring back the stored game, if any. */
  async open(): Promise<{ setup: GameInput | null; unreadable: Unreadable | null }> {
    this.store = await this.openStore();
    const setup = await this.store.loadSetup();
    const loaded = await this.store.loadGame();
    if (loaded.kind === 'none') return { setup, unreadable: null };
    if (loaded.kind === 'unreadable') return { setup, unreadable: loaded };
    try {
      const { id } = loaded.game;
      this.gameId = id ?? newGameId();
      this.adopt(restoreGame(loaded.game), loaded.game.input, id === undefined);
      return { setup, unreadable: null };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return {
        setup,
        unreadable: { kind: 'unreadable', reason: 'corrupt', detail, raw: loaded.game },
      };
    }
  }

  /** Start a new game (replacing the stored one) and remember its set-up. */
  start(input: GameInput): void {
    this.gameId = newGameId();
    this.adopt(createActor(gameMachine, { input }).start(), input, true);
    void this.store?.saveSetup(input).catch((e) => this.hooks.onError(e));
  }

  /** Forget the stored game (also an unreadable one). */
  async discard(): Promise<void> {
    this.drop();
    if (this.store) this.store = await this.store.clearGame();
  }

  /**
   * Stop writing (another page takes the table over): drop the game and wait for the writes
   * already begun. The store stays open; `open()` brings the latest stored game back.
   */
  async release(): Promise<void> {
    this.drop();
    this.hooks.onActor(null);
    await this.flush();
  }

  /** Wait until every write begun so far has finished. */
  async flush(): Promise<void> {
    let queue;
    do {
      queue = this.queue;
      await queue;
    } while (queue !== this.queue);
  }

  private drop(): void {
    this.subscription?.unsubscribe();
    this.actor?.stop();
    this.subscription = null;
    this.actor = null;
  }

  private adopt(actor: GameActor, input: GameInput, saveNow: boolean): void {
    this.drop();
    this.actor = actor;
    this.input = input;
    let previous: GameSnapshot = actor.getSnapshot();
    this.subscription = actor.subscribe((snapshot) => {
      if (snapshot === previous) return;
      const before = previous.context.history.length;
      const wasOver = previous.hasTag('over');
      previous = snapshot;
      this.save(actor, input);
      this.score(snapshot, wasOver);
      const { history, lastOutcome } = snapshot.context;
      if (history.length > before && lastOutcome) this.hooks.onSettled(lastOutcome);
    });
    this.hooks.onActor(actor);
    if (saveNow) this.save(actor, input);
    this.score(actor.getSnapshot(), false);
  }

  /** Keep a finished game's result (again, after an undone end); forget an undone one. */
  private score(snapshot: GameSnapshot, wasOver: boolean): void {
    const id = this.gameId;
    const result = resultOf(id, snapshot.context);
    if (!result && !wasOver) return;
    const write = result ? this.scoreboard.record(result) : this.scoreboard.forget(id);
    void write.catch((error) => this.hooks.onError(error));
  }

  private save(actor: GameActor, input: GameInput): void {
    const store = this.store;
    if (!store) return;
    const record = recordOf(actor, input, this.gameId);
    if (this.pending++ === 0) this.hooks.onSaving(true);
    this.queue = this.queue
      .then(() => store.saveGame(record))
      .catch((error) => this.hooks.onError(error))
      .finally(() => {
        if (--this.pending === 0) this.hooks.onSaving(false);
      });
  }
}

const newGameId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
