import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run screenshots`: every screen at 1024x768 and 768x1024 into screenshots/ (gitignored),
 * with the same browser and server as the browser tests. Never part of `npm test`.
 */
const port = Number(process.env.MIA_SCREENSHOT_PORT ?? 4193);

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '**/*.pw.ts',
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    cwd: process.cwd(),
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
