// `npm run bench`: every benchmark the project has. They print figures; none is a test.
import { spawnSync } from 'node:child_process';

const run = (command, args) =>
  spawnSync(command, args, { stdio: 'inherit' }).status === 0 || process.exit(1);

run('npx', ['vitest', 'bench', '--run']);
// The cup: notification -> DOM in headless Chromium with the emulated cup (Playwright).
run('node', ['scripts/cup-bench.mjs']);
// Start-up, first-load size, tap-to-paint and stored bytes at 4x CPU, against a baseline page.
run('node', ['scripts/speed-bench.mjs']);
