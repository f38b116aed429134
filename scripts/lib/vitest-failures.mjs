// The failed tests of a Vitest JSON report, a line each, for the end of `npm test`'s output:
// CI shows only the output's tail (the browser tests), and a unit failure printed above it
// would be lost.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const MESSAGE_CHARS = 300;

/**
 * Lines naming each failed test or file of the report at `path` and the start of its first
 * message; one line saying the report is missing or unreadable when it is.
 * @param {string} path
 * @returns {string[]}
 */
export function vitestFailures(path) {
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return [`(no Vitest report at ${path}: ${error.message.split('\n')[0]})`];
  }
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      lines.push(
        `${name} › ${test.fullName ?? test.title}: ${firstWords(test.failureMessages?.[0])}`,
      );
    }
    // A file that failed outside its tests (an import error, an error after the tests ended).
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`${name}: ${firstWords(file.message)}`);
    }
  }
  return lines;
}

/** The message without its stack, but with the first frame outside node_modules (the test's line). */
function firstWords(text) {
  const lines = String(text ?? '(no message)').split('\n');
  const isFrame = (line) => /^\s*at /.test(line);
  const message = lines.filter((line) => !isFrame(line));
  const where = lines.find((line) => isFrame(line) && !line.includes('node_modules'));
  const flat = [...message, where ?? ''].join(' ').replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_CHARS ? `${flat.slice(0, MESSAGE_CHARS)}…` : flat;
}
