// `npm run prerender`: writes the copy of the app's first screen that the built page draws before
// any of the app's code has loaded (src/ui/first-screen/first-screen.html; see draw.ts there). It
// builds the app, opens it in Chromium as a first visit (English, nothing stored) and serializes
// the first screen at the first frame the app paints it. Run it after changing what the first
// screen shows; the browser test `first-screen.spec.ts` fails until then.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { runnerImport } from 'vite';
import { findChromium } from './find-chromium.mjs';
import { exit, must, onCleanup } from './lib/children.mjs';
import { serveDir } from './lib/serve-dir.mjs';

const FILE = 'src/ui/first-screen/first-screen.html';
// TypeScript, shared with the browser test (and the screen's serializer with the app).
const { module: capture } = await runnerImport('./scripts/lib/first-screen-capture.ts');
const { captureFirstScreen } = capture;

const work = mkdtempSync(join(tmpdir(), 'mia-prerender-'));
onCleanup(() => rmSync(work, { recursive: true, force: true }));
const dir = join(work, 'app');
// Built without a copy (MIA_PRERENDER): what is captured is the app's own drawing.
await must('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], {
  env: { ...process.env, MIA_PRERENDER: '1' },
});
const { url } = await serveDir(dir);
const browser = await chromium.launch({
  executablePath: await findChromium(),
  headless: true,
  args: [
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, locale: 'en-US' });
const copy = await captureFirstScreen(page, url);
await browser.close();
writeFileSync(FILE, copy);
console.log(`[prerender] wrote ${FILE} (${copy.length} characters)`);
await exit(0);
