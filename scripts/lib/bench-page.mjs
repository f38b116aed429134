// The speed benchmark's side in the page (\`speed-bench.mjs\`): what it adds to the page before
// the page's own scripts, and how it waits for a start-up and taps.

/**
 * Page side, before any of the page's scripts: long tasks; `__bench.ready`, the time (since
 * navigation start) of the first frame with the target on screen and enabled; `__bench.live`,
 * of the first such frame with the app's own target (not one the page drew before the app's code
 * ran: the one that answers taps; the resources loaded by then count as its first load);
 * `__bench.tap(selector)`, which taps the first element matching the selector (in any shadow
 * root) and resolves with the time to the next paint.
 */
export const PAGE = (target) => `(() => {
  const bench = { ready: null, live: null, longTasks: [] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const deep = (root, selector) => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        const inner = deep(el.shadowRoot, selector);
        if (inner) return inner;
      }
    }
    return null;
  };
  // The start-up targets by their path through shadow roots: searching every shadow root on
  // every frame cost the app about 10 ms at 4x, the baseline's single root almost nothing.
  const at = (...path) => {
    let root = document;
    let el = null;
    for (const selector of path) {
      el = root?.querySelector(selector);
      if (!el) return null;
      root = el.shadowRoot;
    }
    return el;
  };
  const enabled = (el) => el && !el.disabled && el.getClientRects().length > 0;
  const shown = (el) => (enabled(el) ? el : null);
  const targets = {
    start: () =>
      shown(at('mia-app', 'mia-new-game', 'button.start') ?? at('bench-baseline', 'button')),
    table: () =>
      shown(
        at('mia-app', 'mia-table', 'mia-actions', '[data-action]') ??
          at('mia-snapshot', 'snap-mia-table', 'snap-mia-actions', '[data-action]'),
      ),
  };
  // A first screen drawn from the page's prerendered copy, or a table from the last page's
  // snapshot (src/ui/first-screen), answers taps only once the app has drawn its own: the
  // copy's shadow roots hold their style sheets as <style> elements (the app's, Lit's, adopt
  // them), the snapshot is in <mia-snapshot>.
  const copied = (el) =>
    !!el.getRootNode().querySelector?.(':scope > style') || el.localName.startsWith('snap-') ||
    !!el.getRootNode().host?.localName.startsWith('snap-');
  const check = () => {
    const found = targets['${target}']();
    if (found && bench.ready === null) {
      bench.ready = performance.now();
      // Told over the console: polling from outside would run the driver's code in the page
      // while it starts.
      console.debug('mia-bench-ready:${target}');
    }
    if (found && !copied(found)) {
      bench.live = performance.now();
      console.debug('mia-bench-live:${target}');
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  const nextPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      }),
    );
  bench.find = (selector) => deep(document, selector);
  bench.tap = async (selector) => {
    for (let i = 0; i < 500; i++) {
      const el = deep(document, selector);
      if (enabled(el)) {
        const start = performance.now();
        el.click();
        return (await nextPaint()) - start;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('nothing to tap: ' + selector);
  };
  bench.written = 0;
  bench.writes = 0;
  bench.countWrites = () => {
    const size = (value) => new TextEncoder().encode(JSON.stringify(value) ?? '').length;
    for (const name of ['put', 'add']) {
      const original = IDBObjectStore.prototype[name];
      IDBObjectStore.prototype[name] = function (value, key) {
        bench.written += size(value) + (key === undefined ? 0 : size(key));
        bench.writes++;
        return original.apply(this, arguments);
      };
    }
  };
})();`;

/**
 * Navigate (or reload) and wait for the target: the time to it (`ready`) and to the app's own
 * (`live`), and the blocking time until it showed.
 */
export async function timeTo(page, go, label = 'start') {
  const target = label === 'restore' ? 'table' : 'start';
  const told = (what) =>
    page.waitForEvent('console', {
      predicate: (message) => message.text() === `mia-bench-${what}:${target}`,
      timeout: 60_000,
    });
  const ready = Promise.all([told('ready'), told('live')]);
  await go();
  await ready.catch(async (error) => {
    const state = await page
      .evaluate(() => {
        const b = window.__bench?.find('button.start');
        return [b?.outerHTML, b?.disabled, b?.getClientRects().length, window.__bench?.ready];
      })
      .catch(() => '?');
    throw new Error(
      `${page.url()} (${label}) never showed its first screen (${state}): ${error.message}`,
    );
  });
  // The resources are read a frame later (an entry may be added to the timeline after the frame
  // that needed it), as those that had come by the app's own screen.
  const { at, live, longTasks, resources } = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const bench = window.__bench;
    return {
      at: bench.ready,
      live: bench.live,
      longTasks: bench.longTasks,
      resources: performance
        .getEntriesByType('resource')
        .filter((r) => r.responseEnd <= bench.live)
        .map((r) => r.name),
    };
  });
  const blocking = longTasks
    .filter(([start]) => start < at)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { ready: at, live, blocking, resources };
}

export const controlled = (page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });

export const tap = (page, selector) => page.evaluate((s) => window.__bench.tap(s), selector);
