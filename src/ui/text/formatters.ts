/**
 * The `Intl` formatters the texts use, each created once per language and options: creating one
 * costs far more than using it (about 145 ms for the first `NumberFormat` on a slow tablet), and
 * the lives of every player are worded on every step.
 */
import { getLocale } from '../localize';

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** The number format of the table's language with these options (kept for the next call). */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = getLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The (cardinal) plural rules of the table's language (kept for the next call). */
export function plurals(): Intl.PluralRules {
  const locale = getLocale();
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

const listFormats = new Map<string, Intl.ListFormat>();

/** Names as one phrase of the table's language ("Ann, Bo and Cy"). */
export function namesText(names: readonly string[]): string {
  const locale = getLocale();
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(names);
}
