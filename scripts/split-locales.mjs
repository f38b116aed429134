// Splits each language's translations (src/ui/i18n/locales/<lang>.ts, made by lit-localize) in
// two: the words of the modules that load before the first screen (src/main.ts and everything it
// imports statically) and the rest, which loads once the first screen is up
// (src/ui/localize.ts). A small first load in every language (issue 13).
//
//   node scripts/split-locales.mjs          write src/ui/i18n/split/<lang>-{first,rest}.ts
//   node scripts/split-locales.mjs --check  exit 1 when those files are not current
//
// Message ids are computed as lit-localize computes them (`generateMsgId`): a message used
// before the first screen that this script cannot find in a language is an error.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { generateMsgId } from '@lit/localize/internal/id-generation.js';
import prettier from 'prettier';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCALES = ['nb', 'de', 'da'];
const ENTRY = join(root, 'src/main.ts');
const SPLIT = join(root, 'src/ui/i18n/split');

const parse = (file) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** A relative module specifier as a file of src/, or null for a package. */
function resolveModule(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const file of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(file) && file.endsWith('.ts')) return file;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/**
 * The files loaded before the first screen: the entry and its static imports and re-exports,
 * transitively (not `import type`, not `import()`). Over-counting only makes the first part
 * larger; it is never wrong.
 */
function staticClosure(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const statement of parse(file).statements) {
      let specifier = null;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      }
      if (specifier && ts.isStringLiteral(specifier)) {
        const next = resolveModule(file, specifier.text);
        if (next) queue.push(next);
      }
    }
  }
  return seen;
}

/** The ids of the `msg()` calls in a file, as lit-localize makes them. */
function messageIds(file) {
  const ids = new Set();
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'msg'
    ) {
      const [template, options] = node.arguments;
      const explicit =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'id')
          : undefined;
      if (explicit && ts.isStringLiteralLike(explicit.initializer)) {
        ids.add(explicit.initializer.text);
      } else if (ts.isStringLiteralLike(template)) {
        ids.add(generateMsgId(template.text, false));
      } else if (ts.isTaggedTemplateExpression(template)) {
        const tag = template.tag.getText();
        const body = template.template;
        const strings = ts.isNoSubstitutionTemplateLiteral(body)
          ? [body.text]
          : [body.head.text, ...body.templateSpans.map((span) => span.literal.text)];
        ids.add(generateMsgId(strings, tag === 'html'));
      } else {
        throw new Error(`${file}: a msg() this script cannot read: ${node.getText()}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return ids;
}

/** The entries of a generated locale file: id and its source text, in file order. */
function entries(file) {
  const source = parse(file);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const [declaration] = statement.declarationList.declarations;
    if (declaration.name.getText() !== 'templates') continue;
    // The key as written may be quoted (lit-localize writes 's0…': before prettier runs).
    return declaration.initializer.properties.map((p) => [p.name.text, p.initializer.getText()]);
  }
  throw new Error(`${file}: no templates`);
}

function moduleText(locale, part, list) {
  const usesStr = list.some(([, text]) => text.startsWith('str`'));
  return [
    `// Made from ../locales/${locale}.ts by scripts/split-locales.mjs (\`npm run i18n\`): the ${part}.`,
    usesStr ? "import { str } from '@lit/localize';" : '',
    '',
    'export const templates = {',
    ...list.map(([id, text]) => `  ${id}: ${text},`),
    '};',
    '',
  ].join('\n');
}

const firstIds = new Set();
for (const file of staticClosure(ENTRY)) for (const id of messageIds(file)) firstIds.add(id);

const check = process.argv.includes('--check');
const prettierOptions = (await prettier.resolveConfig(join(root, 'package.json'))) ?? {};
let stale = [];
mkdirSync(SPLIT, { recursive: true });
for (const locale of LOCALES) {
  const all = entries(join(root, `src/ui/i18n/locales/${locale}.ts`));
  const known = new Set(all.map(([id]) => id));
  const missing = [...firstIds].filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new Error(`${locale}: no translation for the first screen's ${missing.join(', ')}`);
  }
  const parts = {
    first: all.filter(([id]) => firstIds.has(id)),
    rest: all.filter(([id]) => !firstIds.has(id)),
  };
  for (const [part, list] of Object.entries(parts)) {
    const file = join(SPLIT, `${locale}-${part}.ts`);
    const label = part === 'first' ? 'words of the first screen' : 'words loaded after it';
    const text = await prettier.format(moduleText(locale, label, list), {
      ...prettierOptions,
      filepath: file,
    });
    if (check) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(file);
    } else writeFileSync(file, text);
  }
  if (!check) {
    console.log(`[i18n] ${locale}: ${parts.first.length} first, ${parts.rest.length} later`);
  }
}
if (stale.length > 0) {
  console.error(`not current (run npm run i18n): ${stale.join(', ')}`);
  process.exit(1);
}
