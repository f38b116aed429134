/**
 * Which messages belong to a language's first part: those of the modules that load before the
 * first screen (src/main.ts and everything it imports statically). The rest loads once the
 * first screen is up (src/ui/localize.ts). A small first load in every language (issue 13).
 *
 * Message ids are computed as lit-localize computes them (`generateMsgId`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { generateMsgId } from '@lit/localize/internal/id-generation.js';

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** A relative module specifier as a file of src/, or null for a package. */
function resolveModule(from: string, specifier: string): string | null {
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
export function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const statement of parse(file).statements) {
      let specifier: ts.Expression | undefined;
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
export function messageIds(file: string): Set<string> {
  const ids = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'msg'
    ) {
      const [template, options] = node.arguments;
      const explicit =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find(
              (p): p is ts.PropertyAssignment =>
                ts.isPropertyAssignment(p) && p.name.getText() === 'id',
            )
          : undefined;
      if (explicit && ts.isStringLiteralLike(explicit.initializer)) {
        ids.add(explicit.initializer.text);
      } else if (ts.isStringLiteralLike(template)) {
        ids.add(generateMsgId(template.text, false));
      } else if (ts.isTaggedTemplateExpression(template)) {
        const body = template.template;
        const strings = ts.isNoSubstitutionTemplateLiteral(body)
          ? [body.text]
          : [body.head.text, ...body.templateSpans.map((span) => span.literal.text)];
        ids.add(generateMsgId(strings, template.tag.getText() === 'html'));
      } else {
        throw new Error(`${file}: a msg() this cannot read: ${node.getText()}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return ids;
}

/** The ids of the messages used before the first screen of the app entered at `entry`. */
export function firstScreenIds(entry: string): Set<string> {
  const ids = new Set<string>();
  for (const file of staticClosure(entry)) for (const id of messageIds(file)) ids.add(id);
  return ids;
}
