/**
 * Reads the XLIFF 1.2 files lit-localize writes (`lit-localize extract`) and turns each message
 * into the template a locale module holds, as lit-localize's runtime build does
 * (`makeMessageString` in @lit/localize-tools). The XLIFF files are the one copy of each
 * language; the modules the app loads are made from them (`words-plugin.ts`).
 */
import type { Placeholder } from '@lit/localize-tools/lib/messages.js';
import {
  escapeTextContentToEmbedInTemplateLiteral,
  parseStringAsTemplateLiteral,
} from '@lit/localize-tools/lib/typescript.js';
import ts from 'typescript';

export type Piece = string | Placeholder;

export interface TransUnit {
  id: string;
  /** The English text, with placeholders in the order of the source's expressions. */
  source: Piece[];
  /** The translation; null while the message is not translated. */
  target: Piece[] | null;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/** A tag's attributes, where a quoted value may hold a ">". */
const ATTRS = '(?:[^>"]|"[^"]*")*?';

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [k, decode(v)]));

/** The text and placeholders (`<x equiv-text>` or `<ph>`) of a <source> or <target>. */
function pieces(xml: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of xml.matchAll(
    new RegExp(`<x\\b(${ATTRS})/>|<ph\\b(${ATTRS})>([^<]*)</ph>`, 'g'),
  )) {
    if (match.index > last) out.push(decode(xml.slice(last, match.index)));
    const [, x, ph, code] = match;
    const attrs = attributes(x ?? ph);
    out.push({
      untranslatable: x !== undefined ? attrs['equiv-text'] : decode(code),
      index: +attrs.id,
    });
    last = match.index + match[0].length;
  }
  if (last < xml.length) out.push(decode(xml.slice(last)));
  return out;
}

const element = (xml: string, name: string): string | null => {
  const match = new RegExp(`<${name}\\b${ATTRS}(?:/>|>([\\s\\S]*?)</${name}>)`).exec(xml);
  return match ? (match[1] ?? '') : null;
};

/** The messages of an XLIFF file, in file order. */
export function readXliff(xml: string): TransUnit[] {
  return [
    ...xml.matchAll(new RegExp(`<trans-unit\\b(${ATTRS})>([\\s\\S]*?)</trans-unit>`, 'g')),
  ].map(([, attrs, body]) => {
    const source = element(body, 'source');
    const target = element(body, 'target');
    const id = attributes(attrs).id;
    if (!id || source === null) throw new Error(`a trans-unit without id or source: ${attrs}`);
    return { id, source: pieces(source), target: target === null ? null : pieces(target) };
  });
}

/** The expressions of a placeholder's code (`${count}`: one; `<b>`: none). */
const expressionCount = (code: string): number => {
  const template = parseStringAsTemplateLiteral(code);
  return ts.isNoSubstitutionTemplateLiteral(template) ? 0 : template.templateSpans.length;
};

/**
 * A message as a locale module holds it: the translation (the English while there is none) in a
 * template literal, each expression replaced by its index in the English, so a translation may
 * reorder them: str`${1} mister ${0}`. `html` messages (ids starting with h) keep &, < and > as
 * entities, as lit-localize writes them; other messages keep them as typed, where lit-localize
 * would show a player "&amp;" (lit/lit#5012).
 */
export function templateText({ id, source, target }: TransUnit): string {
  const html = id.startsWith('h');
  const firstExpression = new Map<number, number>();
  let expressions = 0;
  for (const piece of source) {
    if (typeof piece === 'string') continue;
    firstExpression.set(piece.index, expressions);
    expressions += expressionCount(piece.untranslatable);
  }
  const text = (plain: string) =>
    html
      ? escapeTextContentToEmbedInTemplateLiteral(plain)
      : plain.replace(/[\\`$]/g, (char) => `\\${char}`);
  const body = (target ?? source).map((piece) => {
    if (typeof piece === 'string') return text(piece);
    const template = parseStringAsTemplateLiteral(piece.untranslatable);
    if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
    const start = firstExpression.get(piece.index);
    if (start === undefined) throw new Error(`${id}: placeholder ${piece.index} not in the source`);
    return [
      template.head.text,
      ...template.templateSpans.map((span, i) => `\${${start + i}}${span.literal.text}`),
    ].join('');
  });
  const tag = html ? 'html' : expressions > 0 ? 'str' : '';
  return `${tag}\`${body.join('')}\``;
}

/** A locale module: `templates`, message id to template, in id order as lit-localize sorts. */
export function localeModule(units: readonly TransUnit[]): string {
  const entries = [...units]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((unit) => [unit.id, templateText(unit)] as const);
  const uses = (tag: string) => entries.some(([, text]) => text.startsWith(`${tag}\``));
  return [
    ...(uses('html') ? ["import { html } from 'lit';"] : []),
    ...(uses('str') ? ["import { str } from '@lit/localize';"] : []),
    'export const templates = {',
    ...entries.map(([id, text]) => `  ${JSON.stringify(id)}: ${text},`),
    '};',
    '',
  ].join('\n');
}
