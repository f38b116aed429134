/**
 * "Record a trace" through the real Web Bluetooth path: the emulated cup replays a reference
 * trace (its readings on the telemetry stream, and the events the C core makes of it, live),
 * the app plots and records it and writes the CSV, and the C host tool's replay of that CSV
 * gives the same events the app saw live, which the file carries. One telemetry frame is
 * dropped on the way: it shows as a gap. The cup runs a Config other than the defaults: the
 * plot's threshold band and the replay follow it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEFAULT_CONFIG } from '../../firmware-protocol/codec';
import { parseTrace, parseTraceEvents } from '../../src/cup';
import { connectedGame } from './fixtures/cup-table';
import { expect, test } from './fixtures/emulated-cup';
import { hostTool, recordTrace, traceWithConfig } from './fixtures/recording';

/** The cup runs a Config other than the defaults (as if read back from its flash). */
const CONFIG = { ...DEFAULT_CONFIG, shakeThresholdMg: 600 };
test.use({ cupOptions: { config: CONFIG } });

/**
 * The events the app saw, on the played trace's clock: the recording began a moment before
 * the cup read the trace (its own readings at rest came first), so its clock is that much
 * ahead of the trace's.
 */
const onTraceClock = <T extends { t: number }>(live: T[], source: { t: number }[]) =>
  live.map((e) => ({ ...e, t: e.t - (live[0].t - source[0].t) }));

/**
 * The same events at the same times. Their peaks are in g as the cup's calibration reads them,
 * and a live cup also calibrated 1 g on its readings at rest before the trace or the recording
 * began, for as long as the page took to get there: a replay's peaks may be a few mg apart.
 */
function expectSameEvents(
  events: { peakMg: number | null }[],
  expected: { peakMg: number | null }[],
) {
  const noPeak = (list: { peakMg: number | null }[]) => list.map((e) => ({ ...e, peakMg: null }));
  expect(noPeak(events)).toEqual(noPeak(expected));
  events.forEach((e, i) => {
    expect(e.peakMg === null).toBe(expected[i].peakMg === null);
    expect(Math.abs((e.peakMg ?? 0) - (expected[i].peakMg ?? 0))).toBeLessThanOrEqual(20);
  });
}

const plot = (page: Page) => page.locator('mia-trace-plot');
const texts = (l: Locator) => l.evaluateAll((els) => els.map((e) => e.textContent?.trim()));
const num = (l: Locator, name: string) => l.evaluate((e, n) => Number(e.getAttribute(n)), name);

test('a recording replays through the C core into the events the app saw live', async ({
  page,
  cup,
}, testInfo) => {
  test.setTimeout(180_000);
  const source = traceWithConfig('whole-turn.csv', CONFIG);
  await connectedGame(page);
  const sourceEvents = await recordTrace(
    page,
    cup,
    source,
    'whole turn',
    'replayed by the emulated cup',
  );
  expect(sourceEvents.map((e) => e.type)).toContain('shake_started');
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-gaps', '1');
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-lost', '1');

  // What the app saw live.
  const live = await page
    .getByTestId('trace-events')
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => ({
        type: li.getAttribute('data-type')!.replace('-', '_'),
        t: Number(li.getAttribute('data-t')),
        value: li.getAttribute('data-value') ? Number(li.getAttribute('data-value')) : null,
        peakMg: li.getAttribute('data-peak') ? Number(li.getAttribute('data-peak')) : null,
      })),
    );
  // The emulated cup's core made of the trace what the C host tool makes of it.
  expectSameEvents(onTraceClock(live, sourceEvents), sourceEvents);

  // The file the app writes: the events it saw, which a replay through the C core gives.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mia-trace-whole-turn.csv');
  const file = testInfo.outputPath('recording.csv');
  await download.saveAs(file);
  const csv = readFileSync(file, 'utf8');
  expect(csv).toMatch(
    /^# trace: whole turn\n# about: replayed by the emulated cup\n# rate_hz: 100\n/,
  );
  expect(csv).toContain('# config: threshold_mg=600 min_ms=250 gap_ms=200 debounce_ms=50\n');
  expect(csv).toContain('# gaps: 1 (1 frames lost)');
  expect(csv).toMatch(/\n# gap: frame \d+ lost, no readings between \d+ and \d+ ms\n/);
  expect(csv).toContain(`\n# events: ${live.length} seen live by the app\n`);
  const shakeEnd = live.find((e) => e.type === 'shake_ended')!;
  expect(csv).toContain(
    `\n# event: shake_ended t_ms=${shakeEnd.t} duration_ms=${shakeEnd.value} ` +
      `peak_mg=${shakeEnd.peakMg}\n`,
  );
  expect(parseTrace(csv).events).toEqual(live);
  expectSameEvents(parseTraceEvents(hostTool('events', file).lines.join('\n')), live);
  const compared = hostTool('compare', file);
  expect(compared.lines.at(-1)).toBe(`${live.length} events, all match`);
  expect(compared.lines.filter((l) => l.startsWith('ok '))).toHaveLength(live.length);
  expect(compared.status).toBe(0);
});

test('the plot: axes with ticks, the Config threshold band, the events, the gap, x/y/z', async ({
  page,
  cup,
}) => {
  test.setTimeout(180_000);
  const source = traceWithConfig('whole-turn.csv', CONFIG);
  await connectedGame(page);
  const events = await recordTrace(page, cup, source, 'plot', 'what the plot shows');
  const svg = plot(page).getByTestId('trace-plot');
  await expect(svg).toHaveAccessibleName('Acceleration |a| and the lid over time');
  await expect(svg).toHaveAccessibleDescription(
    new RegExp(`^\\d+\\.\\d s recorded\\. Cup events marked: ${events.length}\\. Gaps: 1\\.$`),
  );
  const axe = await new AxeBuilder({ page })
    .include({ fromShadowDom: ['mia-app', 'mia-cup-panel', 'mia-cup-tools', 'mia-cup-recorder'] })
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // A g axis that takes in every reading: x, y and z swing below 0 in the shake, |a| peaks at 3.7 g.
  const yAxis = plot(page).getByTestId('plot-y-axis').locator('text');
  expect(await texts(yAxis)).toEqual(['-1 g', '0 g', '1 g', '2 g', '3 g', '4 g']);
  const xAxis = plot(page).getByTestId('plot-x-axis').locator('text');
  const seconds = await texts(xAxis);
  expect(seconds[0]).toBe('0 s');
  // The trace lasts 8.8 s (and the recording a little longer): the axis shows 10 s or more.
  expect(Number(seconds.at(-1)!.replace(' s', ''))).toBeGreaterThanOrEqual(10);
  const values = seconds.map((s) => Number(s!.replace(' s', '')));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(values.length).toBeGreaterThanOrEqual(3);

  // The band is 1 g ± the cup's threshold (600 mg), on the g axis's scale.
  const band = plot(page).getByTestId('plot-threshold');
  await expect(band).toHaveAttribute('data-low-mg', '400');
  await expect(band).toHaveAttribute('data-high-mg', '1600');
  const tickY = (mg: number) =>
    num(plot(page).getByTestId('plot-y-axis').locator(`g[data-mg="${mg}"] line`), 'y1');
  const [y0, y1] = [await tickY(0), await tickY(1000)];
  const rect = band.locator('rect');
  expect(await num(rect, 'y')).toBeCloseTo(y1 - 0.6 * (y0 - y1), 0);
  expect(await num(rect, 'height')).toBeCloseTo(1.2 * (y0 - y1), 0);
  await expect(plot(page)).toContainText('Shake threshold: 1 g ± 600 mg');

  // A mark for each event the app saw, labelled, in time order (on the recording's clock).
  const marks = plot(page).getByTestId('plot-event');
  await expect(marks).toHaveCount(events.length);
  const offset = Number(await marks.first().getAttribute('data-t')) - events[0].t;
  for (const [i, e] of events.entries()) {
    await expect(marks.nth(i)).toHaveAttribute('data-type', e.type);
    await expect(marks.nth(i)).toHaveAttribute('data-t', String(e.t + offset));
    await expect(marks.nth(i)).toContainText(e.type.replace('_', ' '));
  }
  // The lost frame, 5 s in (where the cup dropped it), hatched and labelled.
  const gap = plot(page).getByTestId('plot-gap');
  await expect(gap).toHaveCount(1);
  await expect(gap).toContainText('gap');
  const tickX = (label: string) =>
    xAxis
      .filter({ hasText: new RegExp(`^${label}$`) })
      .evaluate((e) => Number(e.getAttribute('x')));
  const gapX = await num(gap.locator('rect'), 'x');
  expect(gapX).toBeGreaterThan(await tickX('4 s'));
  expect(gapX).toBeLessThan(await tickX('6 s'));
  await expect(page.getByTestId('trace-summary')).toHaveAttribute('data-lost', '1');

  // x, y and z can be hidden and shown again; |a| stays.
  for (const c of ['x', 'y', 'z']) {
    await expect(plot(page).getByTestId(`plot-s-${c}`)).toHaveCount(1);
    await plot(page).getByRole('checkbox', { name: c, exact: true }).uncheck();
    await expect(plot(page).getByTestId(`plot-s-${c}`)).toHaveCount(0);
  }
  await expect(plot(page).getByTestId('plot-s-a')).toHaveCount(1);
  expect(await texts(yAxis)).toEqual(['0 g', '1 g', '2 g', '3 g', '4 g']); // |a| alone: from 0
  await plot(page).getByRole('checkbox', { name: 'y', exact: true }).check();
  await expect(plot(page).getByTestId('plot-s-y')).toHaveCount(1);
  expect(await plot(page).getByTestId('plot-s-a').getAttribute('points')).toMatch(/^\d/);
});
