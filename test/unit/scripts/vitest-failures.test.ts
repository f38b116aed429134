/**
 * `npm test`'s summary lists the unit tests that failed (scripts/lib/vitest-failures.mjs): CI
 * shows only the output's tail, where the browser tests' lines had buried a unit failure.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vitestFailures } from '../../../scripts/lib/vitest-failures.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mia-vitest-report-'));

function report(testResults: unknown[]): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ testResults }));
  return path;
}

const stack = [
  'AssertionError: expected 2 to be 3 // Object.is equality',
  '    at file:///work/node_modules/@vitest/runner/dist/index.js:1:1',
  `    at ${resolve('test/unit/rules/a.test.ts')}:12:5`,
  '    at file:///work/node_modules/@vitest/runner/dist/index.js:2:2',
].join('\n');

describe('the failures of a Vitest report', () => {
  it('names each failed test with its message and its own line, not the passed ones', () => {
    const path = report([
      {
        name: resolve('test/unit/rules/a.test.ts'),
        status: 'failed',
        assertionResults: [
          { title: 'passes', fullName: 'rules passes', status: 'passed', failureMessages: [] },
          { title: 'adds', fullName: 'rules adds', status: 'failed', failureMessages: [stack] },
        ],
      },
      { name: resolve('test/unit/b.test.ts'), status: 'passed', assertionResults: [] },
    ]);
    expect(vitestFailures(path)).toEqual([
      'test/unit/rules/a.test.ts › rules adds: AssertionError: expected 2 to be 3 // Object.is ' +
        `equality at ${resolve('test/unit/rules/a.test.ts')}:12:5`,
    ]);
  });

  it('names a file that failed outside its tests, and cuts a long message', () => {
    const path = report([
      {
        name: resolve('test/unit/c.test.ts'),
        status: 'failed',
        message: `SyntaxError: ${'x'.repeat(400)}`,
        assertionResults: [],
      },
    ]);
    const [line] = vitestFailures(path);
    expect(line).toMatch(/^test\/unit\/c\.test\.ts: SyntaxError: x+…$/);
    expect(line.length).toBeLessThan(340);
  });

  it('says so when there is no report to read', () => {
    expect(vitestFailures(join(dir, 'missing.json'))).toEqual([
      expect.stringMatching(/^\(no Vitest report at .*missing\.json: ENOENT/),
    ]);
  });
});
