// `npm run bench`: every benchmark the project has. They print figures; none is a test. Each
// runs as a child that is stopped with this script (Ctrl-C, `kill`): no server outlives it.
import { must } from './lib/children.mjs';

await must('npx', ['vitest', 'bench', '--run']);
// The cup: notification -> DOM in headless Chromium with the emulated cup (Playwright).
await must('node', ['scripts/cup-bench.mjs']);
// Start-up, first-load size, tap-to-paint and stored bytes at 4x CPU, against a baseline page.
await must('node', ['scripts/speed-bench.mjs']);
