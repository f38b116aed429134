/**
 * Whether a game is stored, noted beside it in localStorage so that the first screen can be
 * chosen before IndexedDB answers: with no game stored the new-game screen shows at once. Only
 * a hint: the store's answer decides, and a wrong hint costs one more change of screen. Without
 * localStorage the hint says "maybe" (true), and the app waits for the store.
 */
/** Where the hint is kept (the build's restore preload reads it too: `vite.config.ts`). */
export const GAME_STORED_KEY = 'mia-cup:game-stored';

export function gameMayBeStored(): boolean {
  try {
    return localStorage.getItem(GAME_STORED_KEY) === '1';
  } catch {
    return true;
  }
}

export function noteGameStored(stored: boolean): void {
  try {
    if (stored) localStorage.setItem(GAME_STORED_KEY, '1');
    else localStorage.removeItem(GAME_STORED_KEY);
  } catch {
    // No localStorage: the hint stays "maybe".
  }
}
