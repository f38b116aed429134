/**
 * The device's preferences, the one place they live: theme, sound, the spoken referee, the
 * table's language and
 * odds, and which cup the table uses, kept in localStorage under one key. The app holds one
 * store and provides it to its elements (`ui/context.ts`); every change goes through `update`
 * and reaches every subscriber.
 */
export type Theme = 'dark' | 'light';
export type CupChoice = 'bluetooth' | 'simulated';

export interface Preferences {
  theme: Theme;
  muted: boolean;
  /** The spoken referee (off by default). */
  voice: boolean;
  /** A language picked in the app; null: follow the browser's. */
  locale: string | null;
  /** Show the referee's odds. */
  odds: boolean;
  /** The cup last picked; null: never picked. */
  cup: CupChoice | null;
}

export const PREFERENCES_KEY = 'mia-cup.prefs';
/** Where earlier versions kept the cup choice: read while the one key has none. */
const OLD_CUP_KEY = 'mia-cup.choice';

/** The part of `Storage` the store uses. */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): PreferenceStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused (a sandboxed frame)
  }
}

const isCup = (value: unknown): value is CupChoice =>
  value === 'bluetooth' || value === 'simulated';

function decode(raw: unknown, oldCup: unknown): Preferences {
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    theme: r.theme === 'light' ? 'light' : 'dark',
    muted: r.muted === true,
    voice: r.voice === true,
    locale: typeof r.locale === 'string' ? r.locale : null,
    odds: r.odds === true,
    cup: isCup(r.cup) ? r.cup : isCup(oldCup) ? oldCup : null,
  };
}

export class PreferencesStore {
  private current: Preferences;
  private readonly listeners = new Set<(preferences: Preferences) => void>();

  constructor(private readonly storage: PreferenceStorage | null = browserStorage()) {
    this.current = this.load();
  }

  get value(): Preferences {
    return this.current;
  }

  /** Change some preferences: stored at once, then every subscriber hears of it. */
  update(patch: Partial<Preferences>): void {
    this.current = { ...this.current, ...patch };
    try {
      this.storage?.setItem(PREFERENCES_KEY, JSON.stringify(this.current));
      if (patch.cup !== undefined) this.storage?.removeItem(OLD_CUP_KEY);
    } catch {
      // Private mode or full storage: the preference lasts this visit only.
    }
    for (const listener of this.listeners) listener(this.current);
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (preferences: Preferences) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private load(): Preferences {
    try {
      const raw: unknown = JSON.parse(this.storage?.getItem(PREFERENCES_KEY) ?? '{}');
      return decode(raw, this.storage?.getItem(OLD_CUP_KEY));
    } catch {
      return decode({}, null);
    }
  }
}
