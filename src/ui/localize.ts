/**
 * Localization in @lit/localize runtime mode. Every user-facing string goes through `msg()`;
 * English is the source locale and the only one for now. A later issue adds target locales
 * (generated into `src/ui/locales/` by `lit-localize extract` / `build`) and lists them here.
 */
import { configureLocalization } from '@lit/localize';

export const SOURCE_LOCALE = 'en';
export const TARGET_LOCALES: readonly string[] = [];

export const { getLocale, setLocale } = configureLocalization({
  sourceLocale: SOURCE_LOCALE,
  targetLocales: TARGET_LOCALES,
  loadLocale: (locale: string) =>
    Promise.reject(new Error(`No translations for ${locale} yet: Mia Cup speaks English.`)),
});
