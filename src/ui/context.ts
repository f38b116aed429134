/**
 * What <mia-app> provides to every element below it, through @lit/context: the running game's
 * actor, the device's preferences and the session scoreboard. Elements take them through
 * their controllers (`GameController`, `PreferencesController`) or a `ContextConsumer`.
 */
import { createContext } from '@lit/context';
import type { GameActor } from '../game';
import type { GameSession, PreferencesStore, Scoreboard, StorageWatch } from '../data';

export const actorContext = createContext<GameActor | undefined>(Symbol('mia-game-actor'));
export const preferencesContext = createContext<PreferencesStore | undefined>(
  Symbol('mia-preferences'),
);
export const scoreboardContext = createContext<Scoreboard | undefined>(Symbol('mia-scoreboard'));

/** How the game's storage is doing (`GameSession.storage`). */
export const storageContext = createContext<StorageWatch | undefined>(Symbol('mia-storage'));

/** The games set aside instead of overwritten (`GameSession.asideGames`), and letting one go. */
export const asideContext = createContext<
  Pick<GameSession, 'asideGames' | 'forgetAside'> | undefined
>(Symbol('mia-aside-games'));
