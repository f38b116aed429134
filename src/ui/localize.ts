/**
 * Localization in @lit/localize runtime mode: the language changes without a reload. Every
 * user-facing string goes through `msg()`; English is the source locale. Translations live in
 * XLIFF under `src/ui/i18n/xliff/` (`npm run i18n` extracts new strings into them); the build
 * makes the modules loaded here from them (`scripts/i18n/words-plugin.ts`).
 *
 * The app speaks the language picked in the app (a preference, `src/data/preferences.ts`), else
 * the browser's first language it knows, else English; `<html lang>` follows. <mia-app> calls
 * `speak` at start and whenever the picked language changes.
 */
import { configureLocalization, type LocaleModule, type TemplateMap } from '@lit/localize';
import { sourceLocale, targetLocales } from './i18n/locale-codes';
import { browserLanguage, LANGUAGE_ALIASES } from './i18n/browser-language';

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

type TargetLocale = (typeof targetLocales)[number];
type Part = () => Promise<LocaleModule>;

/**
 * Each language comes in two parts (`scripts/i18n/first-screen.ts`): the words of what loads before
 * the first screen, and the rest, loaded once the first screen is up (`allWords`). A language
 * picked later loads whole.
 */
const parts: Record<TargetLocale, { first: Part; rest: Part }> = {
  nb: {
    first: () => import('virtual:mia-words/nb-first'),
    rest: () => import('virtual:mia-words/nb-rest'),
  },
  de: {
    first: () => import('virtual:mia-words/de-first'),
    rest: () => import('virtual:mia-words/de-rest'),
  },
  da: {
    first: () => import('virtual:mia-words/da-first'),
    rest: () => import('virtual:mia-words/da-rest'),
  },
};

/** The templates handed to @lit/localize per language; the rest is added to the same object. */
const loaded = new Map<TargetLocale, { templates: TemplateMap; rest: Promise<void> | null }>();
/** The language being loaded is for the first screen: its first part is enough for now. */
let firstScreen = false;

function restOf(locale: TargetLocale): Promise<void> {
  const entry = loaded.get(locale);
  if (!entry) return Promise.resolve();
  entry.rest ??= parts[locale].rest().then(({ templates }) => {
    Object.assign(entry.templates, templates);
  });
  return entry.rest;
}

async function loadLocale(locale: TargetLocale): Promise<LocaleModule> {
  const whole = !firstScreen;
  let entry = loaded.get(locale);
  if (!entry) {
    entry = { templates: { ...(await parts[locale].first()).templates }, rest: null };
    loaded.set(locale, entry);
  }
  if (whole) await restOf(locale);
  return { templates: entry.templates };
}

export const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  loadLocale: (locale: string) => loadLocale(locale as TargetLocale),
});

let speaking: Promise<unknown> = Promise.resolve();

/**
 * Resolves once every word of the language being spoken is loaded: what is not on the first
 * screen loads after this (`lazy.ts`), so it never shows a word in the wrong language.
 */
export async function allWords(): Promise<void> {
  await speaking;
  const locale = getLocale();
  if (locale !== sourceLocale) await restOf(locale as TargetLocale);
}

export const isAppLocale = (value: unknown): value is AppLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The first of the browser's languages the app speaks (Norwegian as bokmål), else English. */
export const browserLocale = (languages: readonly string[]): AppLocale =>
  browserLanguage(languages, LOCALES, LANGUAGE_ALIASES, sourceLocale) as AppLocale;

/** The language to speak: the one picked in the app, else the browser's. */
export const localeFor = (picked: string | null): AppLocale =>
  isAppLocale(picked) ? picked : browserLocale(navigator.languages ?? []);

/**
 * Speak the language picked (null: the browser's) now. For the first screen only the words of
 * what is loaded so far come first; `allWords` brings the rest.
 */
export async function speak(picked: string | null, forFirstScreen = false): Promise<void> {
  const locale = localeFor(picked);
  firstScreen = forFirstScreen;
  try {
    await (speaking = setLocale(locale));
    document.documentElement.lang = locale;
  } catch (error) {
    console.warn('Mia Cup could not load its translations:', error);
  }
}
