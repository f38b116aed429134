// `npm run screenshots`: every screen at tablet sizes into screenshots/, to look at.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

const chromium = await findChromium();
const run = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'test/screenshots/playwright.config.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, MIA_CHROMIUM: chromium },
  },
);
process.exit(run.status ?? 1);
