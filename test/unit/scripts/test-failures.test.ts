/**
 * `npm test`'s summary lists the tests that failed (scripts/lib/test-failures.mjs): CI shows
 * only the output's tail, where the browser tests' lines had buried a unit failure, and where a
 * browser test's assertion message (above its code frame) was cut off.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestFailures } from '../../../scripts/lib/test-failures.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mia-vitest-report-'));

function written(content: unknown): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(content));
  return path;
}
const report = (testResults: unknown[]) => written({ testResults });

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

describe('the failures of a Playwright report', () => {
  const result = (status: string, message?: string) => ({
    status,
    errors: message ? [{ message }] : [],
  });
  const spec = (title: string, line: number, ...results: unknown[]) => ({
    title,
    file: 'cup-check.spec.ts',
    line,
    tests: [{ results }],
  });
  const assertion = [
    '\u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m).toBe(expected)',
    'Error: 41 passed, 0 failed, 37 skipped',
    'Stopped early: ownership.prove',
    '',
    'Expected: \u001b[32m"fail"\u001b[39m',
    'Received: \u001b[31m"skip"\u001b[39m',
    '',
    '  136 |       await person(page, cup);',
    "> 137 |       expect(await verdictOf(page, id), await reportOf(page)).toBe('fail');",
    '      |                                                               ^',
    '    at /work/node_modules/playwright/lib/index.js:1:1',
    '    at /work/test/e2e/cup-check.spec.ts:137:63',
  ].join('\n');

  it('names each test that failed in its last try, in its describe, with its message on one line', () => {
    const path = written({
      suites: [
        {
          title: 'cup-check.spec.ts',
          specs: [spec('passes', 80, result('passed')), spec('skipped', 90, result('skipped'))],
          suites: [
            {
              title: 'a cup with the fault reusedRequestId',
              specs: [
                spec('fails control.request-id', 133, result('failed', assertion)),
                spec('hangs', 140, result('timedOut', 'Test timeout of 180000ms exceeded.')),
                spec('retried', 150, result('failed', 'first try'), result('passed')),
              ],
            },
          ],
        },
      ],
      errors: [],
    });
    expect(playwrightFailures(path)).toEqual([
      'cup-check.spec.ts:133 › a cup with the fault reusedRequestId › fails control.request-id: ' +
        'expect(received).toBe(expected) Error: 41 passed, 0 failed, 37 skipped Stopped early: ' +
        'ownership.prove Expected: "fail" Received: "skip" at /work/test/e2e/cup-check.spec.ts:137:63',
      'cup-check.spec.ts:140 › a cup with the fault reusedRequestId › hangs: ' +
        'Test timeout of 180000ms exceeded.',
    ]);
  });

  it('names errors outside any test, and cuts a long message at more words than a unit one', () => {
    const path = written({ suites: [], errors: [{ message: `Error: ${'y'.repeat(2000)}` }] });
    const [line] = playwrightFailures(path);
    expect(line).toMatch(/^Error: y+…$/);
    expect(line.length).toBeGreaterThan(800);
    expect(line.length).toBeLessThan(1000); // not folded where CI shows it
  });

  it('says so when there is no report to read', () => {
    expect(playwrightFailures(join(dir, 'missing.json'))).toEqual([
      expect.stringMatching(/^\(no Playwright report at .*missing\.json: ENOENT/),
    ]);
  });
});
