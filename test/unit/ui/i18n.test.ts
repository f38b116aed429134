/**
 * Every language is complete: each `msg()` in the source has a translation in each locale's
 * XLIFF, and the words the app loads (made from the XLIFF by scripts/i18n/words-plugin.ts) are
 * those lit-localize's own build makes, in two parts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime';
import type { XliffConfig } from '@lit/localize-tools/lib/types/formatters';
import type { RuntimeOutputConfig } from '@lit/localize-tools/lib/types/modes';
import { templates as daFirst } from 'virtual:mia-words/da-first';
import { templates as daRest } from 'virtual:mia-words/da-rest';
import { templates as deFirst } from 'virtual:mia-words/de-first';
import { templates as deRest } from 'virtual:mia-words/de-rest';
import { templates as nbFirst } from 'virtual:mia-words/nb-first';
import { templates as nbRest } from 'virtual:mia-words/nb-rest';
import { firstScreenIds } from '../../../scripts/i18n/first-screen';
import { readXliff, templateText } from '../../../scripts/i18n/xliff';
import { targetLocales } from '../../../src/ui/i18n/locale-codes';
import { browserLocale, LOCALES, TARGET_LOCALES } from '../../../src/ui/localize';

/** lit-localize's own build goes here, to compare with: nothing of it is kept. */
const built = mkdtempSync(join(tmpdir(), 'mia-lit-localize-'));
afterAll(() => rmSync(built, { recursive: true, force: true }));

const config = readConfigFileAndWriteSchema('lit-localize.json');
const localizer = new RuntimeLitLocalizer({
  ...config,
  output: { ...(config.output as RuntimeOutputConfig), outputDir: built, localeCodesModule: '' },
});
const { messages, errors } = localizer.extractSourceMessages();
const { translations } = localizer.readTranslationsSync();
const sourceIds = messages.map((m) => m.name).sort();
const parts: Record<string, { first: object; rest: object }> = {
  nb: { first: nbFirst, rest: nbRest },
  de: { first: deFirst, rest: deRest },
  da: { first: daFirst, rest: daRest },
};
const xliff = (locale: string) =>
  readXliff(readFileSync(`${(config.interchange as XliffConfig).xliffDir}/${locale}.xlf`, 'utf8'));

/** A locale module's templates as written: message id to the template's source text. */
function writtenTemplates(file: string): Record<string, string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const { initializer } = statement.declarationList.declarations[0];
    if (!initializer || !ts.isObjectLiteralExpression(initializer)) continue;
    return Object.fromEntries(
      initializer.properties
        .filter(ts.isPropertyAssignment)
        .map((p) => [(p.name as ts.StringLiteral).text, p.initializer.getText(source)]),
    );
  }
  throw new Error(`${file}: no templates`);
}

describe('the translations', () => {
  it('are read from a source with no localization errors', () => {
    expect(errors.map((e) => String(e.messageText))).toEqual([]);
    expect(sourceIds.length).toBeGreaterThan(250);
    expect(LOCALES).toEqual(['en', 'da', 'de', 'nb']);
    // src/ui/i18n/locale-codes.ts names the languages of lit-localize.json.
    expect([...targetLocales]).toEqual([...config.targetLocales].sort());
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
      const { first, rest } = parts[locale];
      const loaded = [...Object.keys(first), ...Object.keys(rest)].sort();
      expect(loaded, `${locale}'s XLIFF needs npm run i18n`).toEqual(sourceIds);
    });
  }

  it('are read from the XLIFF as lit-localize reads it', () => {
    for (const [locale, bundle] of translations) {
      const targets = xliff(locale).filter((unit) => unit.target !== null);
      expect(targets.map(({ id, target }) => ({ name: id, contents: target }))).toEqual(bundle);
    }
  });

  it("are the templates lit-localize's build makes (but for &, < and > in plain text)", async () => {
    await localizer.build();
    for (const locale of TARGET_LOCALES) {
      const theirs = writtenTemplates(join(built, `${locale}.ts`));
      // lit-localize writes &, < and > as entities even where a player would see them
      // (lit/lit#5012); the app's words keep them as typed, except in html templates.
      for (const [id, text] of Object.entries(theirs)) {
        if (text.startsWith('html`')) continue;
        theirs[id] = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      }
      const ours = Object.fromEntries(xliff(locale).map((unit) => [unit.id, templateText(unit)]));
      expect(ours).toEqual(theirs);
    }
  });

  it("come in two parts per language: the first screen's words first, then the rest", () => {
    const firstIds = firstScreenIds('src/main.ts');
    const startGame = messages.find((m) => m.contents.join('') === 'Start game')?.name;
    const historyLine = messages.find((m) => m.contents.join('') === 'No claims yet.')?.name;
    expect(firstIds).toContain(startGame);
    for (const locale of TARGET_LOCALES) {
      const { first, rest } = parts[locale];
      expect(Object.keys(first).sort()).toEqual([...firstIds].sort());
      expect(Object.keys(rest)).toContain(historyLine);
      expect(Object.keys(first).length).toBeLessThan(Object.keys(rest).length);
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
