/**
 * The game session comes in a chunk of its own, with the round machine, xstate and the game
 * store: the first screen (a new game) needs none of them, so the app shows it while they load.
 */
import type { Scoreboard } from './scoreboard';
import type { GameSession, SessionHooks, SessionOptions } from './session';

export async function loadSession(
  hooks: SessionHooks,
  scoreboard: Scoreboard,
  options?: SessionOptions,
): Promise<GameSession> {
  const { GameSession } = await import('./session');
  return new GameSession(hooks, scoreboard, options);
}
