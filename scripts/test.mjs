// `npm test`: every test the project has. Unit tests (Vitest; those of the Puck.js board build
// its firmware and run its blob on QEMU), the C reference core (when present), and the browser
// tests (Playwright in a real Chromium that this script finds; one checks the fake Puck).
//   --unit-only  / --e2e-only  run one part; any other arguments go to Playwright.
//   --deep  (`npm run test:deep`) only the long property tests and the pub evening soak, with many
//           more runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { playwrightFailures, vitestFailures } from './lib/test-failures.mjs';

const args = process.argv.slice(2);
const unitOnly = args.includes('--unit-only');
const e2eOnly = args.includes('--e2e-only');
const deep = args.includes('--deep');
const rest = args.filter((a) => !['--unit-only', '--e2e-only', '--deep'].includes(a));

/** The run counts of the deep run (the quick defaults are in the tests, see test/unit/random.ts). */
const DEEP = {
  MIA_RANDOM_GAMES: '5000',
  MIA_MODEL_LIVES: '3',
  MIA_SOAK_EVENINGS: '10',
  MIA_SOAK_ACTIONS: '1000',
};

const reports = mkdtempSync(join(tmpdir(), 'mia-test-'));
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));

const results = [];
/** A Vitest run that also writes a JSON report, whose failures the summary lists. */
function vitest(name, files, env = {}) {
  const report = join(reports, `${name}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (!step(name, 'npx', ['vitest', 'run', ...reporters, ...files], env)) {
    results.at(-1).failures = vitestFailures(report);
  }
}

function step(name, command, commandArgs, env = {}) {
  console.log(`\n=== ${name}: ${command} ${commandArgs.join(' ')}`);
  const run = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = run.status === 0;
  results.push({ name, ok });
  return ok;
}

if (deep) {
  const files = [
    'test/unit/game/random-games.test.ts',
    'test/unit/game/model.test.ts',
    'test/unit/soak/evening.test.ts',
  ];
  vitest('deep', files, DEEP);
} else if (!e2eOnly) {
  vitest('unit', []);
  if (existsSync('firmware-protocol/reference/test.sh')) {
    step('firmware core (C)', 'bash', ['firmware-protocol/reference/test.sh']);
  }
}
if (!unitOnly && !deep) {
  let chromium;
  try {
    chromium = await findChromium();
  } catch (error) {
    console.error(`\n${error.message}`);
    results.push({ name: 'browser', ok: false });
  }
  if (chromium) {
    console.log(`[chromium] using ${chromium}`);
    // The list reporter for the log, a JSON report whose failures the summary lists.
    const report = join(reports, 'browser.json');
    const env = { MIA_CHROMIUM: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: report };
    if (!step('browser', 'npx', ['playwright', 'test', '--reporter=list,json', ...rest], env)) {
      results.at(-1).failures = playwrightFailures(report);
    }
  }
}

console.log('\n=== summary');
for (const { name, ok, failures = [] } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  for (const line of failures) console.log(`     ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`test suites: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
