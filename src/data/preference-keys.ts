/**
 * Where the device's preferences are kept in localStorage (`preferences.ts`). Apart, with no
 * import, for the build, which writes them into the page (`vite.config.ts`: a prerendered first
 * screen is drawn only when none is stored).
 */
export const PREFERENCES_KEY = 'mia-cup.prefs';
/** Where earlier versions kept the cup choice: read while the one key has none. */
export const OLD_CUP_KEY = 'mia-cup.choice';
