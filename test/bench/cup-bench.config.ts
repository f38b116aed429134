import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The cup latency benchmark (`node scripts/cup-bench.mjs`, part of `npm run bench`): the same
 * browser and server as the browser tests, but only `*.pw.ts` here, and never in `npm test`.
 */
const port = Number(process.env.MIA_BENCH_PORT ?? 4183);

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '**/*.pw.ts',
  timeout: 120_000,
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    // Run from the repository root (`npm run bench` does), not from this folder.
    cwd: process.cwd(),
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
