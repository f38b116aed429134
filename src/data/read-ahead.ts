/**
 * With a game stored, the session reads it while the table lock is still being asked for
 * (reading writes nothing); once this page is the table, that read is used if no step came in
 * meanwhile (another page had the table, and played on), else the game is read again.
 */
import type { ReadResult } from '../game';
import type { GameStore } from './game-store';

/** What was read ahead: the store, its table view then, and the game. */
interface Ahead {
  store: GameStore;
  view: unknown;
  loaded: ReadResult;
}

export class ReadAhead {
  private ahead: Promise<Ahead> | null = null;

  /** Read the stored game from `store` (once). */
  start(store: Promise<GameStore>): void {
    this.ahead ??= store.then(async (opened) => {
      // The view first: a step stored between the two reads shows as a change.
      const view = await opened.tableView();
      return { store: opened, view, loaded: await opened.load() };
    });
    this.ahead.catch(() => undefined);
  }

  /** The stored game: the one read ahead when nothing was stored since, else read now. */
  async take(store: GameStore): Promise<ReadResult> {
    const ahead = await this.ahead?.catch(() => null);
    this.ahead = null;
    if (ahead?.store === store && (await unchanged(store, ahead))) return ahead.loaded;
    if (ahead?.loaded.kind === 'ok') ahead.loaded.actor.stop();
    return store.load();
  }
}

/**
 * Whether no step came in since the game was read ahead: the same steps (`progress`), and the
 * same table view (written with every step, a warning counted again included).
 */
async function unchanged(store: GameStore, { view, loaded }: Ahead): Promise<boolean> {
  if (JSON.stringify(await store.tableView()) !== JSON.stringify(view)) return false;
  if (loaded.kind !== 'ok') return true;
  const { head, steps } = await store.progress(loaded.game.id ?? '');
  return head && steps === loaded.game.steps.length;
}
