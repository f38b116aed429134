/**
 * What is not on the first screen (the new-game screen) loads when it is first shown, and is
 * precached for offline: the table with its cup panels, and the end of a game with the
 * statistics, the chart and the scoreboard. The
 * toolbar's dialogs load their own contents (`mia-toolbar.ts`). An element rendered before its
 * module is loaded upgrades when the module arrives.
 */
export const loadGameOver = () => import('./mia-game-over');

export const loadTable = () =>
  Promise.all([import('./mia-table'), import('./cup/mia-cup-panel'), import('./cup/mia-sim-cup')]);
