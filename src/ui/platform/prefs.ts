/** Device preferences (theme, sound): small, per device, in localStorage. */
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

export function savePrefs(prefs: Prefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Private mode or full storage: the preference lasts this visit only.
  }
}

/** Apply the theme to the page (the custom properties in public/base.css follow it). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#101317' : '#f3efe6');
}
