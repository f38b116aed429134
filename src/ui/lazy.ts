/**
 * What is not on the first screen (the new-game screen) loads when it is first shown, and is
 * precached for offline: the table, its cup panels (after it), and the end of a game with the
 * statistics, the chart and the scoreboard. The toolbar's dialogs load their own contents
 * (`mia-toolbar.ts`). An element rendered before its module is loaded upgrades when the module
 * arrives. Every such module loads after the rest of the language's words (`allWords`), so it
 * never shows a word in the wrong language.
 */
import { allWords } from './localize';

/** Load a module that has words once all the language's words are loaded. */
export const withWords = <T>(load: () => Promise<T>): Promise<T> => allWords().then(load);

export const loadGameOver = () => withWords(() => import('./mia-game-over'));

export const loadTable = () => withWords(() => import('./mia-table'));

/**
 * The table's cup panels (with the cup's code) load once the table is up: they show nothing
 * before the cup is set up, which `main.ts` does after the first screen. (The simulated cup's
 * is in the table's chunk: chosen, it shows with the table, its buttons off until the cup is up.)
 */
export const loadCupPanels = () =>
  withWords(() => Promise.all([import('./cup/mia-cup-panel'), import('./cup/mia-sim-cup')]));

/** The new-game screen's sections below the players (seats, rules, cup): after its first paint. */
export const loadNewGameRest = () =>
  withWords(() =>
    Promise.all([
      import('./table/mia-seating'),
      import('./mia-rule-settings'),
      import('./cup/mia-cup-choice'),
    ]),
  );

/** The games set aside (listed on the new-game screen once the session is open). */
export const loadAsideGames = () => withWords(() => import('./mia-aside-games'));
/** Asked when a new game would set aside the one under way. */
export const loadStartConfirm = () => withWords(() => import('./mia-start-confirm'));

/** Asked once on a touch screen: where is the tablet? */
export const loadTabletQuestion = () => withWords(() => import('./table/mia-tablet-question'));

/** What few tables ever see: another window has the table, the saved game is unreadable. */
export const loadElsewhere = () => withWords(() => import('./mia-elsewhere'));
export const loadUnreadable = () => withWords(() => import('./mia-unreadable'));
export const loadUpdateBar = () => withWords(() => import('./mia-update-bar'));
