/**
 * Every language is complete: each `msg()` in the source has a translation in each locale's
 * XLIFF, and the built locale modules are up to date with them (`npm run i18n`).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime';
import type { RuntimeOutputConfig } from '@lit/localize-tools/lib/types/modes';
import { templates as da } from '../../../src/ui/i18n/locales/da';
import { templates as de } from '../../../src/ui/i18n/locales/de';
import { templates as nb } from '../../../src/ui/i18n/locales/nb';
import * as daFirst from '../../../src/ui/i18n/split/da-first';
import * as daRest from '../../../src/ui/i18n/split/da-rest';
import * as deFirst from '../../../src/ui/i18n/split/de-first';
import * as deRest from '../../../src/ui/i18n/split/de-rest';
import * as nbFirst from '../../../src/ui/i18n/split/nb-first';
import * as nbRest from '../../../src/ui/i18n/split/nb-rest';
import { browserLocale, LOCALES, TARGET_LOCALES } from '../../../src/ui/localize';

const config = readConfigFileAndWriteSchema('lit-localize.json');
const localizer = new RuntimeLitLocalizer({
  ...config,
  output: config.output as RuntimeOutputConfig,
});
const { messages, errors } = localizer.extractSourceMessages();
const { translations } = localizer.readTranslationsSync();
const built: Record<string, Record<string, unknown>> = { nb, de, da };
const sourceIds = messages.map((m) => m.name).sort();
const parts: Record<string, { first: object; rest: object }> = {
  nb: { first: nbFirst.templates, rest: nbRest.templates },
  de: { first: deFirst.templates, rest: deRest.templates },
  da: { first: daFirst.templates, rest: daRest.templates },
};

describe('the translations', () => {
  it('are read from a source with no localization errors', () => {
    expect(errors.map((e) => String(e.messageText))).toEqual([]);
    expect(sourceIds.length).toBeGreaterThan(250);
    expect(LOCALES).toEqual(['en', 'da', 'de', 'nb']);
  });

  for (const locale of TARGET_LOCALES) {
    it(`are complete in ${locale}: every message translated, nothing left over`, () => {
      const bundle = [...translations].find(([l]) => (l as string) === locale)?.[1] ?? [];
      const ids = bundle.map((m) => m.name).sort();
      const missing = sourceIds.filter((id) => !ids.includes(id));
      const untranslated = messages
        .filter((m) => !ids.includes(m.name))
        .map((m) => m.contents.map((c) => (typeof c === 'string' ? c : c.untranslatable)).join(''));
      expect(untranslated, `${missing.length} missing in ${locale}`).toEqual([]);
      expect(Object.keys(built[locale]).sort(), `${locale} needs npm run i18n`).toEqual(sourceIds);
    });
  }

  it("come in two parts per language: the first screen's words first, then the rest", () => {
    // Fails when the parts are not current (`npm run i18n`) or a first-screen message has none.
    execFileSync('node', ['scripts/split-locales.mjs', '--check'], { stdio: 'pipe' });
    const startGame = messages.find((m) => m.contents.join('') === 'Start game')?.name;
    const historyLine = messages.find((m) => m.contents.join('') === 'No claims yet.')?.name;
    for (const locale of TARGET_LOCALES) {
      const { first, rest } = parts[locale];
      const firstIds = Object.keys(first);
      expect(firstIds.filter((id) => id in rest)).toEqual([]);
      expect({ ...first, ...rest }).toEqual(built[locale]);
      expect(firstIds).toContain(startGame);
      expect(Object.keys(rest)).toContain(historyLine);
      expect(firstIds.length).toBeLessThan(Object.keys(rest).length);
    }
  });

  it('keep every placeholder of the English text', () => {
    expect(localizer.validateTranslations().errors).toEqual([]);
  });
});

describe('the language at start', () => {
  it('follows the first browser language the app speaks', () => {
    expect(browserLocale(['nb-NO', 'en'])).toBe('nb');
    expect(browserLocale(['no'])).toBe('nb');
    expect(browserLocale(['nn-NO'])).toBe('nb');
    expect(browserLocale(['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(browserLocale(['da'])).toBe('da');
    expect(browserLocale(['en-GB', 'da'])).toBe('en');
    expect(browserLocale(['fr', 'es'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});
