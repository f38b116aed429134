/**
 * Device preferences, small, per device, in localStorage under one key: theme and sound (owned
 * by <mia-app>), and the table's language and odds toggle (`loadTablePrefs` /
 * `saveTablePrefs`, shared by the elements that show them through `tablePrefsChanged`). Every
 * save merges into what is stored, so neither side overwrites the other's keys.
 */
export type Theme = 'dark' | 'light';

export interface Prefs {
  theme: Theme;
  muted: boolean;
}

const KEY = 'mia-cup.prefs';
const DEFAULTS: Prefs = { theme: 'dark', muted: false };

export function loadPrefs(): Prefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    return {
      theme: raw.theme === 'light' ? 'light' : 'dark',
      muted: raw.muted === true,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

function stored(): Record<string, unknown> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function merge(patch: object): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...stored(), ...patch }));
  } catch {
    // Private mode or full storage: the preference lasts this visit only.
  }
}

export function savePrefs(prefs: Prefs): void {
  merge({ theme: prefs.theme, muted: prefs.muted });
}

/** The table's choices: a language picked in the app (null: follow the browser), the odds. */
export interface TablePrefs {
  locale: string | null;
  odds: boolean;
}

export function loadTablePrefs(): TablePrefs {
  const raw = stored();
  return {
    locale: typeof raw.locale === 'string' ? raw.locale : null,
    odds: raw.odds === true,
  };
}

/** Fires `change` after `saveTablePrefs`. */
export const tablePrefsChanged = new EventTarget();

export function saveTablePrefs(patch: Partial<TablePrefs>): void {
  merge(patch);
  tablePrefsChanged.dispatchEvent(new Event('change'));
}

/** Apply the theme to the page (the custom properties in public/base.css follow it). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#101317' : '#f3efe6');
}
