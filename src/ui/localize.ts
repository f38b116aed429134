/**
 * Localization in @lit/localize runtime mode: the language changes without a reload. Every
 * user-facing string goes through `msg()`; English is the source locale. Translations live in
 * XLIFF under `src/ui/i18n/xliff/` and are built into `src/ui/i18n/locales/` (`npm run i18n`).
 *
 * The app speaks the language picked in the app (a preference, `src/data/preferences.ts`), else
 * the browser's first language it knows, else English; `<html lang>` follows. <mia-app> calls
 * `speak` at start and whenever the picked language changes.
 */
import { configureLocalization } from '@lit/localize';
import { sourceLocale, targetLocales } from './i18n/locale-codes';

export type AppLocale = typeof sourceLocale | (typeof targetLocales)[number];

export const SOURCE_LOCALE: AppLocale = sourceLocale;
export const TARGET_LOCALES: readonly AppLocale[] = targetLocales;
/** Every language, in the order the picker lists them. */
export const LOCALES: readonly AppLocale[] = [sourceLocale, ...targetLocales];

/** Each language in its own words, for the picker. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  nb: 'Norsk',
  de: 'Deutsch',
  da: 'Dansk',
};

const loaders = {
  nb: () => import('./i18n/locales/nb'),
  de: () => import('./i18n/locales/de'),
  da: () => import('./i18n/locales/da'),
} satisfies Record<(typeof targetLocales)[number], () => Promise<unknown>>;

export const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  loadLocale: (locale: string) => loaders[locale as keyof typeof loaders](),
});

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first of the browser's languages the app speaks: Norwegian (nb, no, nn) as bokmål,
 * Danish, German, English; English when none fits.
 */
export function browserLocale(languages: readonly string[]): AppLocale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'nb' || base === 'no' || base === 'nn') return 'nb';
    if (isAppLocale(base)) return base;
  }
  return 'en';
}

/** The language to speak: the one picked in the app, else the browser's. */
const localeFor = (picked: string | null): AppLocale =>
  isAppLocale(picked) ? picked : browserLocale(navigator.languages ?? []);

/** Speak the language picked (null: the browser's) now. */
export async function speak(picked: string | null): Promise<void> {
  const locale = localeFor(picked);
  try {
    await setLocale(locale);
    document.documentElement.lang = locale;
  } catch (error) {
    console.warn('Mia Cup could not load its translations:', error);
  }
}
