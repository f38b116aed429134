/**
 * Recording on the simulated cup (`?cup=sim`), as a maker without a cup would try it: the
 * on-screen cup runs the C core, its board feeds it real readings (a cup at rest, a person
 * shaking it), so the recording plots real readings, the CSV is whole, and the C host tool's
 * replay of the downloaded file gives the events the app saw live.
 */
import { readFileSync } from 'node:fs';
import { parseTrace, parseTraceEvents } from '../../src/cup';
import { expect, startGame, test } from './fixtures';
import { panel, status } from './fixtures/cup-table';
import { hostTool } from './fixtures/recording';

test('a recording on the simulated cup replays through the C core into what the app saw', async ({
  page,
}, testInfo) => {
  await page.goto('/?cup=sim');
  await startGame(page, ['Ada', 'Ben']);
  await expect(status(page)).toHaveText('Connected');
  await panel(page).getByRole('button', { name: 'Record a trace' }).click();
  await page.getByTestId('trace-label').fill('sim shake');
  await page.getByTestId('trace-note').fill('one tap on Shake, then the lid lifted');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('trace-status')).toContainText('Recording');

  // A person shakes the on-screen cup, then lifts the lid and puts it back.
  await page.getByTestId('sim-shake').click();
  await expect(page.getByTestId('sim-shake')).toBeEnabled(); // the shake is over
  await page.getByTestId('sim-lid').click();
  await expect(page.getByTestId('cup-live-lid')).toHaveText('Lid open');
  await page.getByTestId('sim-lid').click();
  await expect(page.getByTestId('cup-live-lid')).toHaveText('Lid closed');
  // The plot marks the four events the cup sent as it sent them.
  await expect(page.getByTestId('trace-plot')).toHaveAccessibleDescription(
    /Cup events marked: 4\./,
  );
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByTestId('trace-status')).toHaveText('Done.');
  expect(Number(await page.getByTestId('trace-plot').getAttribute('data-points'))).toBeGreaterThan(
    100,
  );

  const seen = page.getByTestId('trace-events').locator('li');
  const live = await seen.evaluateAll((items) =>
    items.map((li) => ({
      type: li.getAttribute('data-type')!.replace('-', '_'),
      t: Number(li.getAttribute('data-t')),
      value: li.getAttribute('data-value') ? Number(li.getAttribute('data-value')) : null,
      peakMg: li.getAttribute('data-peak') ? Number(li.getAttribute('data-peak')) : null,
    })),
  );
  expect(live.map((e) => e.type)).toEqual([
    'shake_started',
    'shake_ended',
    'lid_opened',
    'lid_closed',
  ]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const file = testInfo.outputPath('sim-recording.csv');
  await download.saveAs(file);
  const trace = parseTrace(readFileSync(file, 'utf8'));
  // Real readings: a shake of the dice cup swings |a| well past 2 g and back below 1 g.
  const magnitudes = trace.rows.flatMap((r) =>
    r.accel ? [Math.hypot(r.accel.x, r.accel.y, r.accel.z)] : [],
  );
  expect(magnitudes.length).toBeGreaterThan(100);
  expect(Math.max(...magnitudes)).toBeGreaterThan(2_200);
  expect(Math.min(...magnitudes)).toBeLessThan(500);
  expect(trace.events).toEqual(live);
  // The replay starts from the recording's first reading, where the live cup had been at rest
  // since it booted: its estimate of 1 g (a peak's unit, a swing's middle) may differ a little.
  // The same events, each within the tolerances of `mia_host compare` (20 ms, 15 %).
  const replayed = parseTraceEvents(hostTool('events', file).lines.join('\n'));
  expect(replayed.map((e) => e.type)).toEqual(live.map((e) => e.type));
  const compared = hostTool('compare', file);
  expect(compared.lines.at(-1)).toBe('4 events, all match');
  expect(compared.status).toBe(0);
});
