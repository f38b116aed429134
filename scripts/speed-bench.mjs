// The speed benchmark (part of `npm run bench`, never of `npm test`): the built app in headless
// Chromium with the CPU throttled 4x over the DevTools protocol (a cheap tablet), side by side
// with a baseline page built in the same run (test/bench/baseline: Vite + lit + xstate rendering
// one button, with the same service-worker set-up). Prints each figure, its ratio and its goal
// (issue 13). Every figure is the median of several runs.
//
//   MIA_BENCH_RUNS   start-up runs per page (default 9)
//   MIA_BENCH_REOPENS warm reopens, and restores, per start-up run (default 3)
//   MIA_BENCH_GAMES  played games for tap-to-paint (default 3)
//   MIA_BENCH_ROUNDS rounds per played game (default 150)
//   MIA_BENCH_ONLY   'startup' to measure only the start-up figures (cold, warm, restore, first load)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { findChromium } from './find-chromium.mjs';
import { buildPages } from './lib/bench-builds.mjs';
import { browserLauncher, settled } from './lib/bench-browser.mjs';
import { PAGE, controlled, tap, timeTo } from './lib/bench-page.mjs';
import { median, ms, report } from './lib/bench-report.mjs';

const RUNS = Number(process.env.MIA_BENCH_RUNS ?? 9);
const REOPENS = Number(process.env.MIA_BENCH_REOPENS ?? 3);
const GAMES = Number(process.env.MIA_BENCH_GAMES ?? 3);
const ROUNDS = Number(process.env.MIA_BENCH_ROUNDS ?? 150);
const THROTTLE = 4;
const EARLY = [5, 15];
const LATE = [ROUNDS - 10, ROUNDS];
const PLAYERS = 10;
const STARTUP_ONLY = process.env.MIA_BENCH_ONLY === 'startup';

const { work, app, base } = await buildPages('speed-bench');
const appDir = app.dir;
const executablePath = await findChromium();
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const launch = browserLauncher({ work, executablePath, asRoot });

/**
 * `REOPENS` reopens of the page as it is, each once the page has finished its own start
 * (`settled`): their times (`ready`, the median; `samples`, each; `lives`, each until the app's
 * own first screen, which answers taps, where the page drew its prerendered copy first).
 */
async function reopen(page, label) {
  const samples = [];
  const lives = [];
  for (let i = 0; i < REOPENS; i++) {
    await settled(page);
    const { ready, live } = await timeTo(page, () => page.reload(), label);
    samples.push(ready);
    lives.push(live);
  }
  return { ready: median(samples), samples, lives };
}

/** One visit per page: cold start, warm offline reopens, and (the app) restores of a game. */
async function startUp(url, isApp) {
  const { context, page, throttle, close } = await launch();
  try {
    await page.addInitScript(PAGE('start'));
    await throttle(THROTTLE);
    const cold = await timeTo(page, () => page.goto(url));
    await controlled(page);
    await context.setOffline(true);
    const warm = await reopen(page, 'warm');
    let restore = null;
    if (isApp) {
      await tap(page, 'button.start');
      await tap(page, 'button[data-action="ROLL"]');
      await tap(page, 'button[data-score="54"]');
      await page.waitForFunction(() => !document.querySelector('mia-app')?.hasAttribute('saving'));
      await page.addInitScript(PAGE('table'));
      restore = await reopen(page, 'restore');
    }
    return { cold, warm, restore };
  } finally {
    await close();
  }
}

// --- start-up ------------------------------------------------------------------------------
const runs = { app: [], base: [] };
for (let i = 0; i < RUNS; i++) {
  console.log(`[bench] start-up run ${i + 1}/${RUNS}`);
  runs.base.push(await startUp(base.url, false));
  runs.app.push(await startUp(app.url, true));
  const [b, a] = [runs.base.at(-1), runs.app.at(-1)];
  console.log(
    `[bench]   cold ${ms(a.cold.ready)} (app up ${ms(a.cold.live)}) / ${ms(b.cold.ready)}, warm ${ms(a.warm.ready)} / ${ms(b.warm.ready)}, restore ${ms(a.restore.ready)}`,
  );
}
const m = (list, pick) => median(list.map(pick));
/** The median of every reopen of every run. */
const pooled = (list, pick) => median(list.flatMap((r) => pick(r).samples));
const coldApp = m(runs.app, (r) => r.cold.ready);
const coldBase = m(runs.base, (r) => r.cold.ready);
const warmApp = pooled(runs.app, (r) => r.warm);
const warmBase = pooled(runs.base, (r) => r.warm);
const restoreApp = pooled(runs.app, (r) => r.restore);
const coldLive = m(runs.app, (r) => r.cold.live);
const warmLive = median(runs.app.flatMap((r) => r.warm.lives));
const restoreLive = median(runs.app.flatMap((r) => r.restore.lives));
const tbtApp = m(runs.app, (r) => r.cold.blocking);
const tbtBase = m(runs.base, (r) => r.cold.blocking);
/**
 * The lowest and highest ratio of a single run (app and baseline started one after the other);
 * `pickBase` defaults to the same figure of the baseline.
 */
const spread = (pickApp, pickBase = pickApp) => {
  const ratios = runs.app.map((run, i) => pickApp(run) / pickBase(runs.base[i]));
  return `runs ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`;
};
const coldSpread = spread((r) => r.cold.ready);
const warmSpread = spread((r) => r.warm.ready);
const restoreSpread = spread(
  (r) => r.restore.ready,
  (r) => r.warm.ready,
);

// --- first-load JavaScript, in every language -------------------------------------------------
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const firstLoad = {};
for (const locale of ['en', 'nb', 'de', 'da']) {
  const { page, close } = await launch({ locale });
  try {
    await page.addInitScript(PAGE('start'));
    const { resources } = await timeTo(page, () => page.goto(app.url));
    const scripts = [...new Set(resources)]
      .map((r) => new URL(r).pathname)
      .filter((p) => p.endsWith('.js'));
    firstLoad[locale] = {
      bytes: scripts.reduce((sum, p) => sum + gz(join(appDir, p)), 0),
      files: scripts.map((p) => p.replace('/assets/', '')),
    };
  } finally {
    await close();
  }
}

// --- a long game: tap-to-paint early and late, bytes stored per step -------------------------
const inWindow = (round, [from, to]) => round >= from && round <= to;

async function playGame(measureWrites) {
  const { page, throttle, close } = await launch();
  try {
    await page.addInitScript(PAGE('start'));
    await timeTo(page, () => page.goto(app.url));
    const inputs = page.locator('mia-new-game input');
    while ((await inputs.count()) < PLAYERS) {
      await page.getByRole('button', { name: 'Add player' }).click();
    }
    for (let i = 0; i < PLAYERS; i++) await inputs.nth(i).fill(`P${i + 1}`);
    await page.locator('mia-new-game [data-preset="pub"]').click();
    await page.locator('[data-setting="end"][data-value="last-standing"]').click();
    const more = page.getByRole('button', { name: 'More lives' });
    while (await more.isEnabled()) await more.click();
    if (measureWrites) await page.evaluate(() => window.__bench.countWrites());
    await page.getByRole('button', { name: 'Start game' }).click();
    const taps = { early: [], late: [] };
    let steps = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const early = inWindow(round, EARLY);
      const late = inWindow(round, LATE);
      if (!measureWrites) await throttle(early || late ? THROTTLE : 1);
      const sequence = [
        'button[data-action="ROLL"]',
        'button[data-score="31"]',
        'button[data-action="LIFT"]',
        'button[aria-label="Die 1: 3"]',
        'button[aria-label="Die 2: 1"]', // the second die settles the lift (no confirm)
      ];
      for (const selector of sequence) {
        const time = await tap(page, selector);
        if (early) taps.early.push(time);
        if (late) taps.late.push(time);
      }
      steps += 4; // roll, claim, lift, dice: the game's own steps (the faces are not)
      if (await page.evaluate(() => !!window.__bench.find('mia-game-over'))) {
        throw new Error(`the game ended in round ${round}`);
      }
    }
    await page.waitForFunction(() => !document.querySelector('mia-app')?.hasAttribute('saving'));
    const written = await page.evaluate(() => window.__bench.written);
    return { taps, bytesPerStep: written / steps };
  } finally {
    await close();
  }
}

let bytesPerStep = null;
const early = [];
const late = [];
if (!STARTUP_ONLY) {
  console.log(`[bench] a ${ROUNDS}-round game with ${PLAYERS} players: bytes stored per step`);
  ({ bytesPerStep } = await playGame(true));
  for (let i = 0; i < GAMES; i++) {
    console.log(`[bench] tap-to-paint game ${i + 1}/${GAMES}`);
    const { taps } = await playGame(false);
    early.push(median(taps.early));
    late.push(median(taps.late));
  }
}

app.server.close();
base.server.close();

// --- figures -------------------------------------------------------------------------------
const ratio = (a, b) => a / b;
console.log(
  `\nspeed bench: Chromium, CPU throttled ${THROTTLE}x, medians of ${RUNS} runs (reopens: ${RUNS * REOPENS})`,
);
report(
  'cold_start_ms',
  ratio(coldApp, coldBase),
  `${ms(coldApp)} (baseline ${ms(coldBase)}) ratio ${ratio(coldApp, coldBase).toFixed(2)}x (${coldSpread})`,
  1.3,
);
report(
  'warm_offline_reopen_ms',
  ratio(warmApp, warmBase),
  `${ms(warmApp)} (baseline ${ms(warmBase)}) ratio ${ratio(warmApp, warmBase).toFixed(2)}x (${warmSpread})`,
  1.3,
);
// Until the app's own first screen (the one that answers taps) where the page drew it first (the
// new-game screen's copy, a table's snapshot): shown, no goal.
report(
  'app_answers_ms',
  ratio(coldLive, coldBase),
  `cold ${ms(coldLive)} (${ratio(coldLive, coldBase).toFixed(2)}x the baseline's first screen), warm ${ms(warmLive)} (${ratio(warmLive, warmBase).toFixed(2)}x), restore ${ms(restoreLive)} (${ratio(restoreLive, warmLive).toFixed(2)}x its warm reopen): the app's own screen after the page's copy or snapshot`,
);
// The restore's goal (issue 29): against the app's own warm reopen of the new-game screen, the
// same browser and run; against the baseline page it is shown too.
const overOwn = runs.app.map((r) => r.restore.ready / r.warm.ready);
const overOwnMedian = ratio(restoreApp, warmApp);
report(
  'restore_over_own_warm_reopen',
  overOwnMedian,
  `${ms(restoreApp)} (the app's warm reopen ${ms(warmApp)}) ratio ${overOwnMedian.toFixed(2)}x (runs ${Math.min(...overOwn).toFixed(2)}-${Math.max(...overOwn).toFixed(2)}x)`,
  1.3,
);
report(
  'restore_game_offline_ms',
  ratio(restoreApp, warmBase),
  `${ms(restoreApp)} (baseline's warm reopen ${ms(warmBase)}) ratio ${ratio(restoreApp, warmBase).toFixed(2)}x (${restoreSpread})`,
);
const tbtRuns = runs.app.map((r) => r.cold.blocking);
report(
  'total_blocking_time_ms',
  tbtApp,
  `${ms(tbtApp)} (baseline ${ms(tbtBase)}) cold start, until "Start game" (runs ${ms(Math.min(...tbtRuns))}-${ms(Math.max(...tbtRuns))})`,
);
for (const [locale, { bytes, files }] of Object.entries(firstLoad)) {
  report(
    `first_load_js_gzip_${locale}`,
    bytes / 1024,
    `${(bytes / 1024).toFixed(1)} KB, the same every run (${files.join(', ')})`,
    30,
  );
}
if (!STARTUP_ONLY) {
  const tapEarly = median(early);
  const tapLate = median(late);
  const perGame = late.map((value, i) => value / early[i]);
  report(
    'tap_to_paint_ms',
    ratio(tapLate, tapEarly),
    `rounds ${EARLY.join('-')}: ${tapEarly.toFixed(1)} ms, rounds ${LATE.join('-')}: ${tapLate.toFixed(1)} ms, ratio ${ratio(tapLate, tapEarly).toFixed(2)}x (games ${Math.min(...perGame).toFixed(2)}-${Math.max(...perGame).toFixed(2)}x; ${PLAYERS} players, medians of ${GAMES} games)`,
    1.15,
  );
  report(
    'stored_bytes_per_step',
    bytesPerStep,
    `${Math.round(bytesPerStep)} B (counted, the same every run; with the table view written per step)`,
    400,
  );
}
