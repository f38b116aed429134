/**
 * The one scoreboard store of the page, opened on first use, and a `change` signal for the
 * elements that show it (the game session records results; the scoreboard reloads).
 */
import { ScoreboardStore } from '../game/scoreboard';

let store: Promise<ScoreboardStore> | null = null;

/** The page's scoreboard store (the same promise every time; a failed open is retried). */
export function scoreboardStore(): Promise<ScoreboardStore> {
  store ??= ScoreboardStore.open().catch((error: unknown) => {
    store = null;
    throw error;
  });
  return store;
}

/** Fires `change` after a result was recorded or forgotten, or a scoreboard reset. */
export const scoreboardChanged = new EventTarget();

/** Run a write on the store, then tell the scoreboards. */
export async function changeScoreboard(
  write: (store: ScoreboardStore) => Promise<void>,
): Promise<void> {
  await write(await scoreboardStore());
  scoreboardChanged.dispatchEvent(new Event('change'));
}
