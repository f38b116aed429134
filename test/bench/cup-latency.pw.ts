/**
 * Cup latency in headless Chromium with the emulated cup: the time from the CDP command that
 * delivers a notification to (a) the app's DOM showing its effect (the cup panel's live shake
 * indicator), and (b) on a page with no app, the bare `characteristicvaluechanged` handler.
 * Both are measured the same way, so the difference is the app's own overhead. Writes the
 * samples to MIA_CUP_BENCH_OUT (JSON); `scripts/cup-bench.mjs` prints the figures.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';
import { CHARACTERISTIC_UUIDS, SERVICE_UUID, encodeEvent } from '../../firmware-protocol/codec';
import { connect } from '../e2e/fixtures/cup-table';
import { test, expect } from '../e2e/fixtures/emulated-cup';

const N = Number(process.env.MIA_CUP_BENCH_N ?? 240);
const WARMUP = 40;
const OUT = process.env.MIA_CUP_BENCH_OUT ?? 'test-results/cup-bench.json';

function save(key: 'raw' | 'app', samples: number[]): void {
  let all: Record<string, number[]> = {};
  try {
    all = JSON.parse(readFileSync(OUT, 'utf8')) as Record<string, number[]>;
  } catch {
    // first result
  }
  all[key] = samples;
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(all));
}

/** Page-side: `__marks` gets a time per observed effect; `__waitMarks(n)` resolves at n. */
const RECORDER = `(() => {
  const w = window;
  w.__marks = [];
  let waiter = null;
  w.__mark = () => {
    w.__marks.push(performance.timeOrigin + performance.now());
    if (waiter && w.__marks.length >= waiter.n) { const r = waiter.resolve; waiter = null; r(); }
  };
  w.__waitMarks = (n) => w.__marks.length >= n ? Promise.resolve() :
    new Promise((resolve) => { waiter = { n, resolve }; });
})();`;

const RAW_PAGE = `<!doctype html><html><body><button id="go">Connect</button><script>
${RECORDER}
document.getElementById('go').addEventListener('click', async () => {
  const device = await navigator.bluetooth.requestDevice({ filters: [{ services: ['${SERVICE_UUID}'] }] });
  const server = await device.gatt.connect();
  const service = await server.getPrimaryService('${SERVICE_UUID}');
  const events = await service.getCharacteristic('${CHARACTERISTIC_UUIDS.events}');
  events.addEventListener('characteristicvaluechanged', () => window.__mark());
  await events.startNotifications();
  document.body.dataset.ready = 'yes';
});
</script></body></html>`;

const waitMarks = (page: Page, n: number) =>
  page.evaluate(
    (count) => (window as unknown as { __waitMarks(n: number): Promise<void> }).__waitMarks(count),
    n,
  );

test('raw notification delivery, no app', async ({ page, cup, baseURL }) => {
  await page.route(`${baseURL}/__raw`, (route) =>
    route.fulfill({ body: RAW_PAGE, contentType: 'text/html' }),
  );
  await page.goto('/__raw');
  await page.click('#go');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  const samples: number[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    const at = await cup.notify(
      CHARACTERISTIC_UUIDS.events,
      encodeEvent({ type: 'shake_started', seq: (i + 1) & 0xffff, timeMs: i * 10 }),
    );
    await waitMarks(page, i + 1);
    const marks = await page.evaluate(() => (window as unknown as { __marks: number[] }).__marks);
    if (i >= WARMUP && at !== null) samples.push(marks[i] - at);
  }
  expect(samples).toHaveLength(N);
  save('raw', samples);
});

test('cup notification to the app DOM', async ({ page, cup }) => {
  await page.goto('/?cup=bluetooth');
  await page.getByRole('button', { name: 'Start game' }).click(); // the default players
  await connect(page); // through the quiet panel's line, as the players would
  // Mark each change of the live shake indicator (shake started / ended toggle it).
  await page.evaluate(RECORDER);
  await page.evaluate(() => {
    const find = (root: ParentNode): Element | null => {
      const hit = root.querySelector('[data-testid="cup-live-shake"]');
      if (hit) return hit;
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) {
          const inner = find(el.shadowRoot);
          if (inner) return inner;
        }
      }
      return null;
    };
    const target = find(document)!;
    new MutationObserver(() => (window as unknown as { __mark(): void }).__mark()).observe(target, {
      attributes: true,
      attributeFilter: ['data-on'],
    });
  });
  const samples: number[] = [];
  const events = CHARACTERISTIC_UUIDS.events;
  for (let i = 0; i < N + WARMUP; i++) {
    const before = cup.sent.length;
    if (i % 2 === 0) cup.firmware.startShake();
    else cup.firmware.endShake();
    await waitMarks(page, i + 1);
    const sent = cup.sent.slice(before).find((s) => s.uuid === events);
    const marks = await page.evaluate(() => (window as unknown as { __marks: number[] }).__marks);
    if (i >= WARMUP && sent) samples.push(marks[i] - sent.at);
  }
  expect(samples).toHaveLength(N);
  save('app', samples);
});
