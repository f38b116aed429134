// Where a start-up's time goes (`npm run bench:phases`; a diagnostic, not part of `npm run
// bench`): the app and the baseline page of the speed bench, built the same way, each opened
// cold or reopened warm (offline, once settled) at CPU 4x with a trace recorded. Prints the
// renderer main thread's work from navigation start to the first screen (the speed bench's
// target), summed by kind, as medians over the runs. Tracing slows a page down: compare the
// columns with each other, not with the speed bench's times.
//
//   node scripts/start-phases.mjs [cold|warm|restore] [runs]        (default: warm, 5 runs)
//   MIA_PHASES_DIRS=a,b   built copies to compare instead (each as an app, e.g. two builds)
// `restore` reopens each app with a game stored (a claim made, as the speed bench does), to its
// table's first action; it has no baseline (MIA_PHASES_DIRS, or the app alone).
import { basename } from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { buildPages } from './lib/bench-builds.mjs';
import { browserLauncher, settled } from './lib/bench-browser.mjs';
import { PAGE, controlled, tap, timeTo } from './lib/bench-page.mjs';
import { median } from './lib/bench-report.mjs';
import { serveDir } from './lib/serve-dir.mjs';

const [mode = 'warm', runs = '5'] = process.argv.slice(2);
if (!['cold', 'warm', 'restore'].includes(mode)) {
  throw new Error(`cold, warm or restore, not ${mode}`);
}
const THROTTLE = 4;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
].join(',');

/** What each kind of main-thread work is called here, by its trace event's name. */
const KINDS = [
  ['HTML parse', ['ParseHTML']],
  ['modules: load, run', ['v8.evaluateModule', 'EvaluateScript', 'v8.compileModule', 'v8.compile']],
  ['microtasks: Lit updates, promises', ['RunMicrotasks']],
  ['frames, timers, events', ['FireAnimationFrame', 'TimerFire', 'EventDispatch', 'FunctionCall']],
  ['style', ['UpdateLayoutTree']],
  ['layout', ['Layout']],
  ['paint', ['Paint', 'PrePaint', 'Layerize', 'Commit']],
  ['navigation, commit', ['DocumentLoader::CommitNavigation']],
];
const kindOf = (name) => KINDS.find(([, names]) => names.includes(name))?.[0] ?? 'other';
const OLD = 'the old page leaving';
const ROWS = ['ready', OLD, ...KINDS.map(([kind]) => kind), 'other', 'main thread busy'];
const isTask = (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';

/**
 * The main thread's work in a trace from navigation start to `ready` (ms after it), by kind:
 * each task's own top-level steps. On a reopen, what comes before the new page's commit is the
 * old page's leaving (its style and paint as it loses focus, its pagehide and unload).
 */
function phases(events, ready) {
  const threads = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const end = t0 + ready * 1000;
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || threads.get(key) !== 'CrRendererMain' || e.ts < t0 || e.ts > end) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  // The renderer that did the most is the page's (a cold start may start a new one).
  const main = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  main.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // The new page begins with the commit just before its HTML (by URL: templates and the blank
  // document a frame starts with are parsed as HTML too).
  const parse = main.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url)?.ts;
  if (parse === undefined)
    throw new Error('the trace has no parse of the page before its first screen');
  const commits = main.filter((e) => e.name === 'DocumentLoader::CommitNavigation');
  const begins = commits.filter((e) => e.ts < parse).at(-1)?.ts ?? parse;
  const sums = { ready };
  const add = (row, ms) => (sums[row] = (sums[row] ?? 0) + ms);
  const stack = [];
  for (const e of main) {
    while (stack.length && e.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    const parent = stack.at(-1);
    stack.push(e);
    if (isTask(e) || (parent && !isTask(parent))) continue;
    const ms = Math.min(e.dur, end - e.ts) / 1000;
    add(mode !== 'cold' && e.ts < begins ? OLD : kindOf(e.name), ms);
    add('main thread busy', ms);
  }
  return sums;
}

const given = process.env.MIA_PHASES_DIRS?.split(',').filter(Boolean);
const pages = given
  ? await Promise.all(given.map(async (dir) => ({ name: basename(dir), ...(await serveDir(dir)) })))
  : await buildPages('start-phases').then(({ app, base }) =>
      mode === 'restore'
        ? [{ name: 'app', ...app }]
        : [
            { name: 'app', ...app },
            { name: 'baseline', ...base },
          ],
    );
const executablePath = await findChromium();
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const launch = browserLauncher({ executablePath, asRoot });

const results = pages.map(() => []);
for (let run = 0; run < Number(runs); run++) {
  console.log(`[phases] ${mode} run ${run + 1}/${runs}`);
  for (const [i, { url }] of pages.entries()) {
    const { context, page, cdp, throttle, close } = await launch();
    try {
      await page.addInitScript(PAGE('start'));
      await throttle(THROTTLE);
      if (mode !== 'cold') {
        await timeTo(page, () => page.goto(url));
        await controlled(page);
        await context.setOffline(true);
        if (mode === 'restore') {
          await tap(page, 'button.start');
          await tap(page, 'button[data-action="ROLL"]');
          await tap(page, 'button[data-score="54"]');
          await page.addInitScript(PAGE('table'));
        }
        await settled(page);
      }
      const events = [];
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
      await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
      const { ready } = await timeTo(
        page,
        () => (mode === 'cold' ? page.goto(url) : page.reload()),
        mode === 'restore' ? 'restore' : 'start',
      );
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      results[i].push(phases(events, ready));
    } finally {
      await close();
    }
  }
}

const cell = (list, row) => {
  const values = list.map((sums) => sums[row] ?? 0);
  return values.some((v) => v > 0) ? `${median(values).toFixed(1)} ms` : '-';
};
console.log(
  `\nstart-up phases (${mode}), renderer main thread, CPU ${THROTTLE}x, traced, medians of ${runs} runs`,
);
console.log(['phase'.padEnd(36), ...pages.map(({ name }) => name.padStart(10))].join(' '));
for (const row of ROWS) {
  console.log([row.padEnd(36), ...results.map((list) => cell(list, row).padStart(10))].join(' '));
}
process.exit(0);
