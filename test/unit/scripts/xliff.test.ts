/**
 * The XLIFF reader and the templates made from it, on what the app's own messages do not have
 * yet: reordered placeholders, HTML, entities, characters a template literal must escape, `<ph>`
 * placeholders, a message not translated yet. (test/unit/ui/i18n.test.ts compares every real
 * message with lit-localize's own build.)
 */
import { describe, expect, it } from 'vitest';
import { localeModule, readXliff, templateText } from '../../../scripts/i18n/xliff';

const xliff = (units: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file target-language="nb" source-language="en" original="lit-localize-inputs" datatype="plaintext">
<body>
${units}
</body>
</file>
</xliff>`;

const unit = (id: string, source: string, target?: string) =>
  `<trans-unit id="${id}">
  <source>${source}</source>${target === undefined ? '' : `\n  <target>${target}</target>`}
  <note from="lit-localize">a note</note>
</trans-unit>`;

const template = (id: string, source: string, target?: string) =>
  templateText(readXliff(xliff(unit(id, source, target)))[0]);

describe('a message from XLIFF', () => {
  it('reads text, placeholders and a missing target', () => {
    const units = readXliff(
      xliff(
        unit(
          's1',
          'Round <x id="0" equiv-text="${round}"/> &amp; more',
          'Runde <x id="0" equiv-text="${round}"/> &amp; mer',
        ) + unit('s2', 'Not yet'),
      ),
    );
    expect(units).toEqual([
      {
        id: 's1',
        source: ['Round ', { untranslatable: '${round}', index: 0 }, ' & more'],
        target: ['Runde ', { untranslatable: '${round}', index: 0 }, ' & mer'],
      },
      { id: 's2', source: ['Not yet'], target: null },
    ]);
  });

  it('numbers each expression as in the English, so a translation may reorder them', () => {
    const source = '<x id="0" equiv-text="${who}"/> lifts <x id="1" equiv-text="${claim}"/>';
    const target = '<x id="1" equiv-text="${claim}"/> løftes av <x id="0" equiv-text="${who}"/>';
    expect(template('s3', source, target)).toBe('str`${1} løftes av ${0}`');
  });

  it('keeps English where there is no translation yet, and plain text as typed', () => {
    expect(template('s4', 'Rock &amp; roll &lt;3')).toBe('`Rock & roll <3`');
  });

  it('escapes what a template literal would read: backslash, backtick, dollar', () => {
    expect(template('s5', 'a', 'C:\\ `b` $5')).toBe('`C:\\\\ \\`b\\` \\$5`');
  });

  it('writes html messages with entities and several expressions in one placeholder', () => {
    const link = '&lt;a href=&apos;${url}/${page}&apos;&gt;';
    const source = `<x id="0" equiv-text="${link}"/>Rules<x id="1" equiv-text="&lt;/a&gt;"/> &amp; <x id="2" equiv-text="\${n}"/>`;
    const target = `<x id="0" equiv-text="${link}"/>Regler<x id="1" equiv-text="&lt;/a&gt;"/> &amp; <x id="2" equiv-text="\${n}"/>`;
    expect(template('h6', source, target)).toBe("html`<a href='${0}/${1}'>Regler</a> &amp; ${2}`");
  });

  it('reads <ph> placeholders and a target with attributes', () => {
    const units = readXliff(
      xliff(
        `<trans-unit id="s7"><source>Hi <ph id="0">\${name}</ph></source><target state="translated">Hei <ph id="0">\${name}</ph></target></trans-unit>`,
      ),
    );
    expect(templateText(units[0])).toBe('str`Hei ${0}`');
  });

  it('reads a ">" left unescaped in a placeholder\'s code', () => {
    const code = '<x id="0" equiv-text="${n > 1 ? n : 1}"/>';
    expect(template('s10', `${code} rounds`, `${code} runder`)).toBe('str`${0} runder`');
  });
});

describe('a locale module', () => {
  it('imports str only when a message uses it, and sorts by id', () => {
    const units = readXliff(
      xliff(
        unit('s9', 'B', 'b') +
          unit('s8', 'A <x id="0" equiv-text="${n}"/>', 'a <x id="0" equiv-text="${n}"/>'),
      ),
    );
    expect(localeModule(units)).toBe(
      [
        "import { str } from '@lit/localize';",
        'export const templates = {',
        '  "s8": str`a ${0}`,',
        '  "s9": `b`,',
        '};',
        '',
      ].join('\n'),
    );
    expect(localeModule(units.slice(0, 1))).not.toContain('import');
  });
});
