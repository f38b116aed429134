/**
 * The page's one session scoreboard. It opens its store (`ScoreboardStore`, loaded with its
 * IndexedDB code only then, as is the scoring) on first use, retrying a failed open, and tells
 * its subscribers after every change.
 */
import type { GameResultRecord, ScoreLine } from '../game';
import type { ScoreboardStore } from './scoreboard-store';

const openStore = async (): Promise<ScoreboardStore> =>
  (await import('./scoreboard-store')).ScoreboardStore.open();

export class Scoreboard {
  private store: Promise<ScoreboardStore> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly open: () => Promise<ScoreboardStore> = openStore) {}

  private opened(): Promise<ScoreboardStore> {
    this.store ??= this.open().catch((error: unknown) => {
      this.store = null;
      throw error;
    });
    return this.store;
  }

  /** The scoreboard of these players, best first. */
  async lines(players: readonly string[]): Promise<ScoreLine[]> {
    const [{ scoreboard }, store] = await Promise.all([
      import('../game/scoreboard'),
      this.opened(),
    ]);
    return scoreboard(await store.results(players), players);
  }

  record(result: GameResultRecord): Promise<void> {
    return this.change((store) => store.record(result));
  }

  forget(id: string): Promise<void> {
    return this.change((store) => store.forget(id));
  }

  reset(players: readonly string[]): Promise<void> {
    return this.change((store) => store.reset(players));
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async change(write: (store: ScoreboardStore) => Promise<void>): Promise<void> {
    await write(await this.opened());
    for (const listener of this.listeners) listener();
  }
}
