/**
 * The device's preferences, the one place they live: theme, sound, the spoken referee, the
 * table's language and odds, which cup the table uses, table mode or one side and where the
 * players sit, kept in localStorage under one key. The app holds one
 * store and provides it to its elements (`ui/context.ts`); every change goes through `update`
 * and reaches every subscriber.
 */
import { isSide, type Side } from '../rules';
import { OLD_CUP_KEY, PREFERENCES_KEY } from './preference-keys';

export type Theme = 'dark' | 'light';
/** Table mode (a panel per seat, turned toward it) or one side (the tablet is held). */
export type Layout = 'table' | 'one-side';
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
  /** Table mode or one side; null: never picked (table mode on a touch screen in landscape). */
  layout: Layout | null;
  /** The side of each seat of the last game set up, in turn order; null: the default. */
  seating: Side[] | null;
}

export { PREFERENCES_KEY } from './preference-keys';

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
    layout: r.layout === 'table' || r.layout === 'one-side' ? r.layout : null,
    seating: Array.isArray(r.seating) && r.seating.every(isSide) ? r.seating : null,
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
