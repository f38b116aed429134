/**
 * "Record a trace" through the real Web Bluetooth path: the emulated cup replays a reference
 * trace (its readings on the telemetry stream, and the events the C core makes of it, live),
 * the app records it and writes the CSV, and the C host tool's replay of that CSV gives the
 * same events the app saw live. One telemetry frame is dropped on the way: it shows as a gap.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrace, parseTraceEvents } from '../../src/cup';
import { connectedGame, panel } from './fixtures/cup-table';
import { expect, test } from './fixtures/emulated-cup';

const reference = join(import.meta.dirname, '../../firmware-protocol/reference');
const host = join(reference, 'build/mia_host');

function hostTool(): string {
  if (!existsSync(host)) execFileSync('bash', [join(reference, 'test.sh'), 'host']);
  return host;
}

test('a recording replays through the C core into the events the app saw live', async ({
  page,
  cup,
}, testInfo) => {
  test.setTimeout(180_000);
  const source = join(reference, 'traces/whole-turn.csv');
  const sourceEvents = parseTraceEvents(execFileSync(hostTool(), ['events', source]).toString());
  expect(sourceEvents.map((e) => e.type)).toContain('shake_started');

  await connectedGame(page);
  await panel(page).getByRole('button', { name: 'Record a trace' }).click();
  await page.getByTestId('trace-label').fill('whole turn');
  await page.getByTestId('trace-note').fill('replayed by the emulated cup');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('trace-status')).toContainText('Recording');

  // The cup's accelerometer and lid read the trace (its detectors decide the events, live);
  // one frame in the quiet part after the first look is lost on air.
  let t = 0;
  let dropped = false;
  await cup.firmware.play(parseTrace(readFileSync(source, 'utf8')).rows, async (ms) => {
    t += ms;
    if (!dropped && t >= 5_000) {
      cup.firmware.telemetry.dropNext = 1;
      dropped = true;
    }
  });
  await cup.firmware.whenStill();
  await cup.settled();
  await expect(page.getByTestId('trace-plot')).not.toHaveAttribute('data-points', '0');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByTestId('trace-status')).toHaveText('Done.');
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
  // The emulated cup's core made the events the C host tool makes of the trace (the
  // recording began a little before the trace was played: its clock is that much ahead).
  const offset = live[0].t - sourceEvents[0].t;
  expect(live.map((e) => ({ ...e, t: e.t - offset }))).toEqual(sourceEvents);

  // The file the app writes, replayed through the C core.
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
  expect(csv).toContain('# gaps: 1 (1 frames lost)');
  expect(csv).toMatch(/\n# gap: frame \d+ lost, no readings between \d+ and \d+ ms\n/);
  const replayed = parseTraceEvents(execFileSync(hostTool(), ['events', file]).toString());
  expect(replayed).toEqual(live);
});
