import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The cup latency benchmark (`node scripts/cup-bench.mjs`, part of `npm run bench`): the same
 * browser as the browser tests, but only `*.pw.ts` here, and never in `npm test`. The script
 * serves the build on a free port and says where (MIA_BENCH_URL): no server of its own here.
 */
const url = process.env.MIA_BENCH_URL;
if (!url) throw new Error('MIA_BENCH_URL is not set: run the benchmark with `npm run bench`');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '**/*.pw.ts',
  timeout: 120_000,
  use: { ...base.use, baseURL: url },
  webServer: undefined,
});
