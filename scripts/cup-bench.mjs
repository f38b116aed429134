// The cup latency benchmark: Playwright in headless Chromium with the emulated cup (see
// test/bench/cup-latency.pw.ts). Prints `cup_to_dom_ms` (notification -> the app's DOM) and
// `raw_notify_ms` (notification -> a bare handler on a page with no app). Not a test.
// It builds the app into a temporary folder (or uses the build in MIA_BENCH_DIST) and serves it
// on a free port; its server, Playwright and the browsers stop with it, also when interrupted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { must, onCleanup, run } from './lib/children.mjs';
import { serveDir } from './lib/serve-dir.mjs';

const work = mkdtempSync(join(tmpdir(), 'mia-cup-bench-'));
onCleanup(() => rmSync(work, { recursive: true, force: true }));
const out = join(work, 'results.json');
let dist = process.env.MIA_BENCH_DIST;
if (!dist) {
  dist = join(work, 'app');
  await must('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir']);
}
const { url } = await serveDir(dist);
console.log(`[bench] serving ${dist} on ${url}`);
const chromium = await findChromium();
const status = await run(
  'npx',
  ['playwright', 'test', '-c', 'test/bench/cup-bench.config.ts', '--reporter=line'],
  { env: { ...process.env, MIA_CHROMIUM: chromium, MIA_CUP_BENCH_OUT: out, MIA_BENCH_URL: url } },
);
let results = {};
try {
  results = JSON.parse(readFileSync(out, 'utf8'));
} catch {
  // reported below
}

const quantile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const figures = (samples, ps) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return ps.map((p) => `p${Math.round(p * 100)}=${quantile(sorted, p).toFixed(2)}`).join(' ');
};

if (results.app)
  console.log(`cup_to_dom_ms ${figures(results.app, [0.5, 0.95, 0.99])} n=${results.app.length}`);
if (results.raw)
  console.log(`raw_notify_ms ${figures(results.raw, [0.5, 0.95])} n=${results.raw.length}`);
if (results.app && results.raw) {
  const p95 = (s) =>
    quantile(
      [...s].sort((a, b) => a - b),
      0.95,
    );
  console.log(`app_overhead_p95_ms=${(p95(results.app) - p95(results.raw)).toFixed(2)}`);
}
process.exit(status === 0 && results.app && results.raw ? 0 : 1);
