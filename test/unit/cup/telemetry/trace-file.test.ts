import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrace, traceCsv, type RecordedEvent, type TraceRow } from '../../../../src/cup';

const here = new URL('.', import.meta.url).pathname;
const reference = join(here, '../../../../firmware-protocol/reference');
const meta = { label: 'peek', note: '', rateHz: 100, config: null };

/** A lid lifted from 1000 to 1800 ms, at rest, read every 10 ms. */
function peekRows(): TraceRow[] {
  const rows: TraceRow[] = [{ t: 0, lid: 0 }];
  for (let t = 0; t <= 3000; t += 10) {
    rows.push({ t, accel: { x: 0, y: 0, z: 1000 } });
    if (t === 1000) rows.push({ t, lid: 1 });
    if (t === 1800) rows.push({ t, lid: 0 });
  }
  return rows;
}

const peekEvents: RecordedEvent[] = [
  { type: 'lid_opened', t: 1000, value: null, peakMg: null },
  { type: 'lid_closed', t: 1800, value: 800, peakMg: null },
];

describe('the events the app saw live, in the trace file', () => {
  it('are comment lines after the readings of their time, counted in the header', () => {
    const rows: TraceRow[] = [
      { t: 0, accel: { x: 0, y: 0, z: 1000 } },
      { t: 10, accel: { x: 900, y: 0, z: 2100 } },
      { t: 20, accel: { x: 0, y: 0, z: 1000 } },
      { t: 20, lid: 1 },
      { t: 30, accel: { x: 0, y: 0, z: 1000 } },
    ];
    const events: RecordedEvent[] = [
      { type: 'lid_opened', t: 20, value: null, peakMg: null },
      { type: 'shake_ended', t: 15, value: 1410, peakMg: 3721 },
      { type: 'lid_closed', t: 45, value: 25, peakMg: null },
      { type: 'shake_started', t: 5, value: null, peakMg: null },
    ];
    const lines = traceCsv(meta, rows, [], events, 0).split('\n');
    expect(lines).toContain('# events: 4 seen live by the app');
    expect(lines.slice(lines.indexOf('t_ms,x_mg,y_mg,z_mg,lid') + 1)).toEqual([
      '0,0,0,1000,',
      '# event: shake_started t_ms=5',
      '10,900,0,2100,',
      '# event: shake_ended t_ms=15 duration_ms=1410 peak_mg=3721',
      '20,0,0,1000,',
      '20,,,,1',
      '# event: lid_opened t_ms=20',
      '30,0,0,1000,',
      '# event: lid_closed t_ms=45 open_ms=25',
      '',
    ]);
    const parsed = parseTrace(lines.join('\n'));
    expect(parsed.rows).toEqual(rows);
    expect(parsed.events).toEqual([...events].sort((a, b) => a.t - b.t));
    expect(parsed.header.events).toBe('4 seen live by the app');
  });

  it('a trace without them reads as before: no events, the same rows', () => {
    const text = readFileSync(join(reference, 'traces/whole-turn.csv'), 'utf8');
    const parsed = parseTrace(text);
    expect(parsed.events).toEqual([]);
    expect(parsed.rows.length).toBe(text.split('\n').filter((l) => /^\d/.test(l)).length);
    // A line that only looks like one is no event.
    expect(parseTrace('# event: sneeze t_ms=5\n# event: lid_opened\n').events).toEqual([]);
  });
});

describe('mia_host compare', () => {
  const host = join(reference, 'build/mia_host');
  const compare = (csv: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'mia-compare-')), 'peek.csv');
    writeFileSync(file, csv);
    const run = spawnSync(host, ['compare', file]);
    return { status: run.status, out: run.stdout.toString().trim().split('\n') };
  };

  it('replays the file the app writes and finds the events it saw live, or says which not', () => {
    const good = compare(traceCsv(meta, peekRows(), [], peekEvents, 0));
    expect(good.out.at(-1)).toBe('2 events, all match');
    expect(good.out[1]).toMatch(/^ok +lid_closed +file: t_ms=1800 open_ms=800 +replay: t_ms=1800/);
    expect(good.status).toBe(0);

    // Within the tolerances (time +-20 ms, open time +-30 ms), and just outside them.
    const near = peekEvents.map((e) => ({ ...e, t: e.t + 20, value: e.value && e.value - 30 }));
    expect(compare(traceCsv(meta, peekRows(), [], near, 0)).status).toBe(0);
    const late = [peekEvents[0], { ...peekEvents[1], t: 1821 }];
    const off = compare(traceCsv(meta, peekRows(), [], late, 0));
    expect(off.out).toContainEqual(expect.stringMatching(/^MISMATCH +lid_closed .*off by 21/));
    expect(off.out.at(-1)).toBe('mismatches: 1 (2 events in the file, 2 in the replay)');
    expect(off.status).toBe(1);

    // An event the app missed, and one the replay does not give.
    const missed = compare(traceCsv(meta, peekRows(), [], [peekEvents[1]], 0));
    expect(missed.out[0]).toMatch(/^MISMATCH +lid_opened +file: none +replay: t_ms=1000/);
    expect(missed.status).toBe(1);
    const extra = [...peekEvents, { type: 'shake_started', t: 2500, value: null, peakMg: null }];
    expect(compare(traceCsv(meta, peekRows(), [], extra as RecordedEvent[], 0)).status).toBe(1);

    // A trace that is not a recording from the app cannot be compared.
    const plain = compare(readFileSync(join(reference, 'traces/lid-peek.csv'), 'utf8'));
    expect(plain.status).toBe(2);
  }, 120_000);
});
