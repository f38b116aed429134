/**
 * The game session's way to its store: opens it when there is none (or it was lost or failed),
 * one opening at a time, the first one over the connection opened ahead (`openEarly`). An
 * opening blocked by a page of an older version does not hold up the session's first read: it
 * goes on without storage meanwhile, and the store is used once the opening completes.
 */
import { GameStore, type OpenOptions } from './game-store';

export interface StoreLinkHooks {
  /** An opening is blocked (by a page of an older version). */
  onBlocked(): void;
  /** The open store was closed from outside (the data was cleared, or a newer app opens it). */
  onLost(): void;
}

export class StoreLink {
  /** The open store; null when there is none yet, or it was lost or failed. */
  store: GameStore | null = null;
  private opening: Promise<GameStore> | null = null;
  /** Told when the current opening is blocked (and at once if it was already). */
  private blocked: (() => void) | null = null;
  private isBlocked = false;

  constructor(
    private readonly openStore: (options: OpenOptions) => Promise<GameStore>,
    private readonly hooks: StoreLinkHooks,
    /** The database opened ahead: serves the first opening only. */
    private early?: OpenOptions['early'],
  ) {}

  /** The store, opened when there is none (or it was lost or failed). */
  get(): Promise<GameStore> {
    if (this.store && !this.store.lost) return Promise.resolve(this.store);
    const early = this.early;
    this.early = undefined;
    this.opening ??= this.openStore({
      early,
      onBlocked: () => {
        this.isBlocked = true;
        this.blocked?.();
        this.hooks.onBlocked();
      },
      onLost: () => this.hooks.onLost(),
    })
      .then((store) => {
        this.isBlocked = false;
        return (this.store = store);
      })
      .finally(() => (this.opening = null));
    return this.opening;
  }

  /** The store for the first read: null when it cannot be opened, or while it is blocked. */
  async first(): Promise<GameStore | null> {
    const blocked = new Promise<null>((resolve) => {
      this.blocked = () => resolve(null);
      if (this.isBlocked) resolve(null); // blocked already while opened ahead
    });
    try {
      return await Promise.race([this.get(), blocked]);
    } catch (error) {
      console.warn('Mia Cup could not open its storage:', error);
      return null;
    } finally {
      this.blocked = null;
    }
  }

  /** A store that failed a write is let go: the next `get()` opens a new one. */
  failed(store: GameStore): void {
    if (this.store !== store) return;
    this.store = null;
    store.close();
  }
}
