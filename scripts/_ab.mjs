// The speed benchmark (part of `npm run bench`, never of `npm test`): the built app in headless
// Chromium with the CPU throttled 4x over the DevTools protocol (a cheap tablet), side by side
// with a baseline page built in the same run (test/bench/baseline: Vite + lit + xstate rendering
// one button, with the same service-worker set-up). Prints each figure, its ratio and its goal
// (issue 13). Every figure is the median of several runs.
//
//   MIA_BENCH_RUNS   start-up runs per page (default 9)
//   MIA_BENCH_GAMES  played games for tap-to-paint (default 3)
//   MIA_BENCH_ROUNDS rounds per played game (default 150)
//   MIA_BENCH_ONLY   'startup' to measure only the start-up figures (cold, warm, restore, first load)
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';
import { must, onCleanup } from './lib/children.mjs';
import { serveDir } from './lib/serve-dir.mjs';
import { PAGE, controlled, tap, timeTo } from './lib/bench-page.mjs';
import { median, ms, report } from './lib/bench-report.mjs';

const RUNS = Number(process.env.MIA_BENCH_RUNS ?? 9);
const GAMES = Number(process.env.MIA_BENCH_GAMES ?? 3);
const ROUNDS = Number(process.env.MIA_BENCH_ROUNDS ?? 150);
const THROTTLE = 4;
const EARLY = [5, 15];
const LATE = [ROUNDS - 10, ROUNDS];
const PLAYERS = 10;
const STARTUP_ONLY = process.env.MIA_BENCH_ONLY === 'startup';

const work = mkdtempSync(join(tmpdir(), 'mia-speed-bench-'));
onCleanup(() => rmSync(work, { recursive: true, force: true }));
const appDir = join(work, 'app');
const baseDir = join(work, 'baseline');

async function build(args, label) {
  console.log(`[bench] building ${label}`);
  await must('npx', ['vite', 'build', '--logLevel', 'warn', ...args]);
}
const executablePath = await findChromium();
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const app = await serveDir('/tmp/abB-dist');
const base = await serveDir('/tmp/abA-dist');

// Browser profiles in memory where there is such a place: the disk's latency is not the page's.
const profiles = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/mia-speed-bench-') : work;
onCleanup(() => rmSync(profiles, { recursive: true, force: true }));
/** How long a freshly launched browser is left to finish its own start-up (see `launch`). */
const SETTLE_MS = 1500;

/**
 * A browser on a fresh profile, with a blank page. It is left alone for a moment first: a
 * browser just launched is still setting up its profile and services, which on two cores slowed
 * the first page by up to a second, at random. A tablet's browser is already running when the
 * app is first opened.
 */
async function launch(options = {}) {
  const dir = mkdtempSync(join(profiles, 'profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    viewport: { width: 1024, height: 768 },
    locale: 'en-US',
    args: [
      ...(asRoot ? ['--no-sandbox'] : []),
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
    ],
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cdp = await context.newCDPSession(page);
  const throttle = (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const close = async () => {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { context, page, throttle, close };
}

/** One visit per page: cold start, warm offline reopen, and (the app) a restored game. */
async function startUp(url, isApp) {
  const { context, page, throttle, close } = await launch();
  try {
    await page.addInitScript(PAGE('start'));
    await throttle(THROTTLE);
    const cold = await timeTo(page, () => page.goto(url));
    await controlled(page);
    await context.setOffline(true);
    const warm = await timeTo(page, () => page.reload(), 'warm');
    let restore = null;
    if (isApp) {
      await tap(page, 'button.start');
      await tap(page, 'button[data-action="ROLL"]');
      await tap(page, 'button[data-score="54"]');
      await page.waitForFunction(() => !document.querySelector('mia-app')?.hasAttribute('saving'));
      await page.addInitScript(PAGE('table'));
      restore = await timeTo(page, () => page.reload(), 'restore');
    }
    return { cold, warm, restore };
  } finally {
    await close();
  }
}

const res = { A: [], B: [] };
for (let i = 0; i < RUNS; i++) {
  for (const [k, u] of i % 2 ? [['A', base.url], ['B', app.url]] : [['B', app.url], ['A', base.url]]) {
    const r = await startUp(u, true);
    res[k].push(r);
    console.log(k, Math.round(r.cold.ready), Math.round(r.warm.ready), Math.round(r.restore.ready), (r.restore.ready / r.warm.ready).toFixed(2));
  }
}
for (const k of ['A', 'B']) {
  const m = (f) => median(res[k].map(f));
  console.log(k, 'cold', Math.round(m((r) => r.cold.ready)), 'warm', Math.round(m((r) => r.warm.ready)), 'restore', Math.round(m((r) => r.restore.ready)), 'ratio', m((r) => r.restore.ready / r.warm.ready).toFixed(2));
}
app.server.close(); base.server.close();
