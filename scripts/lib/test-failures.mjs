// The failed tests of a Vitest or Playwright JSON report, a line each, for the end of
// `npm test`'s output: CI shows only the output's tail, and a failure's message printed above
// it (a unit failure, or a browser test's assertion message above its code frame) would be lost.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** A unit test's message: its first words. */
const UNIT_CHARS = 300;
/** A browser test's message: more of it (a check's report says which step stopped it). */
const BROWSER_CHARS = 900;

/**
 * Lines naming each failed test or file of the Vitest report at `path` and the start of its
 * first message; one line saying the report is missing or unreadable when it is.
 * @param {string} path
 * @returns {string[]}
 */
export function vitestFailures(path) {
  const report = readReport(path, 'Vitest');
  if (typeof report === 'string') return [report];
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      lines.push(
        `${name} › ${test.fullName ?? test.title}: ${firstWords(test.failureMessages?.[0], UNIT_CHARS)}`,
      );
    }
    // A file that failed outside its tests (an import error, an error after the tests ended).
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`${name}: ${firstWords(file.message, UNIT_CHARS)}`);
    }
  }
  return lines;
}

/**
 * Lines naming each browser test of the Playwright report at `path` that failed (or timed out)
 * in its last try, with its file and line and the start of its error; errors outside any test
 * (a web server that did not start) too.
 * @param {string} path
 * @returns {string[]}
 */
export function playwrightFailures(path) {
  const report = readReport(path, 'Playwright');
  if (typeof report === 'string') return [report];
  const lines = [];
  const visit = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (!last || ['passed', 'skipped'].includes(last.status)) continue;
        const error = last.errors?.[0]?.message ?? last.error?.message ?? last.status;
        const name = [...here, spec.title].join(' › ');
        lines.push(`${spec.file}:${spec.line} › ${name}: ${firstWords(error, BROWSER_CHARS)}`);
      }
    }
    for (const inner of suite.suites ?? []) visit(inner, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) lines.push(firstWords(error.message, BROWSER_CHARS));
  return lines;
}

/** The report as an object, or a line saying why there is none. */
function readReport(path, tool) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return `(no ${tool} report at ${path}: ${error.message.split('\n')[0]})`;
  }
}

/**
 * The message without its stack, code or colours, but with the first frame outside node_modules
 * (the test's line), on one line of at most `chars` characters.
 */
function firstWords(text, chars) {
  const lines = stripVTControlCharacters(String(text ?? '(no message)')).split('\n');
  const isFrame = (line) => /^\s*at /.test(line);
  // A browser test's message carries the code around the line (`> 137 | expect(…)`, `| ^`).
  const isCode = (line) => /^\s*>?\s*\d*\s*\|/.test(line);
  const message = lines.filter((line) => !isFrame(line) && !isCode(line));
  const where = lines.find((line) => isFrame(line) && !line.includes('node_modules'));
  const flat = [...message, where ?? ''].join(' ').replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
}
