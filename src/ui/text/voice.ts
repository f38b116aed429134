/** Words about the spoken referee's voice, shared by the toolbar and Options. */
import { msg, str } from '@lit/localize';
import { LOCALE_NAMES, getLocale, type AppLocale } from '../localize';

/** The device has no voice for the table's language: the referee stays silent. */
export function noVoiceText(): string {
  const locale = getLocale() as AppLocale;
  const language = LOCALE_NAMES[locale] ?? locale;
  return msg(str`This device has no voice for ${language}: the referee stays silent.`);
}
