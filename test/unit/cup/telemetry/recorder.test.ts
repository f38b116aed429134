import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeReply,
  decodeTelemetry,
  encodeControl,
  type TelemetryFrame,
} from '../../../../firmware-protocol/codec';
import {
  CupFirmware,
  TraceBuilder,
  parseTrace,
  parseTraceEvents,
  type FirmwareOptions,
} from '../../../../src/cup';
import { later, useFakeClock } from '../helpers';

const here = new URL('.', import.meta.url).pathname;
const reference = join(here, '../../../../firmware-protocol/reference');

/** A booted cup (the C core on the simulated board) with an app connected and subscribed. */
async function cup(options: FirmwareOptions = {}) {
  const fw = await CupFirmware.create({ now: () => Date.now(), ...options });
  const out: { c: string; frame: Uint8Array }[] = [];
  fw.notify = (c, frame) => out.push({ c, frame });
  fw.connect();
  for (const c of ['events', 'reply', 'telemetry'] as const) fw.subscribe(c, true);
  const telemetry = () =>
    out
      .filter((o) => o.c === 'telemetry')
      .map((o) => {
        const d = decodeTelemetry(o.frame);
        if (!d.ok) throw new Error(d.detail);
        expect(o.frame.length).toBeLessThanOrEqual(20);
        return d.value;
      });
  const replies = () =>
    out
      .filter((o) => o.c === 'reply')
      .map((o) => {
        const d = decodeReply(o.frame);
        if (!d.ok) throw new Error(d.detail);
        return d.value;
      });
  const order = () => out.map((o) => o.c);
  return { fw, telemetry, replies, order };
}

/** The readings of a still cup, every 10 ms from `from` to `to` (ms from now), z = 1000 + n. */
const still = (from: number, to: number) =>
  Array.from({ length: (to - from) / 10 + 1 }, (_, i) => ({
    t: from + i * 10,
    accel: { x: 0, y: 0, z: 1000 + i },
  }));

describe('the simulated cup streams what its board reads (PROTOCOL.md 4.7)', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('the Reply first, then the readings it is fed, the lid, and the end frame after the stop', async () => {
    const { fw, telemetry, replies, order } = await cup();
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 60 }));
    expect(replies()[0]).toMatchObject({ op: 'telemetry_start', status: 'ok', rateHz: 100 });
    expect(order()[0]).toBe('reply'); // the Reply before the first frame
    const t0 = fw.clock;
    await fw.play([
      { t: 10, accel: { x: 10, y: 20, z: 1000 } },
      { t: 20, accel: { x: 11, y: 21, z: 1001 } },
      { t: 33, lid: 1 },
    ]);
    fw.write(encodeControl({ op: 'telemetry_stop', requestId: 2 }));
    const frames = telemetry();
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i)); // from 0, none lost
    expect(frames).toContainEqual(
      expect.objectContaining({ kind: 'accel2', timeMs: t0 + 10, x: 10, x2: 11 }),
    );
    expect(frames).toContainEqual(expect.objectContaining({ kind: 'lid', open: true }));
    expect(frames.at(-1)).toMatchObject({ kind: 'end', reason: 'stop' });
    const stop = replies()[1];
    expect(stop).toMatchObject({ op: 'telemetry_stop', status: 'ok', frames: frames.length });
    expect(order().lastIndexOf('reply')).toBeLessThan(order().lastIndexOf('telemetry'));
  });

  it('a frame lost on air spends its number: the recording shows the gap', async () => {
    const { fw, telemetry } = await cup();
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 60 }));
    await fw.play(still(10, 40));
    fw.telemetry.dropNext = 1;
    await fw.play(still(50, 80));
    fw.write(encodeControl({ op: 'telemetry_stop', requestId: 2 }));
    const trace = new TraceBuilder();
    telemetry().forEach((f) => trace.add(f));
    const seqs = telemetry().map((f) => f.seq);
    const lost = seqs.findIndex((s, i) => s !== i);
    expect(lost).toBeGreaterThan(0);
    expect(trace.gaps(seqs.at(-1)! + 1)).toMatchObject([{ fromSeq: lost, toSeq: lost }]);
    const csv = trace.csv({ label: 'gap', note: '', rateHz: 100, config: null });
    expect(csv).toContain('# gaps: 1 (1 frames lost)');
  });
});

describe('a recording as a trace file', () => {
  const frames: TelemetryFrame[] = [
    { seq: 0, kind: 'lid', timeMs: 5000, open: false, reading: 1 },
    {
      seq: 1,
      kind: 'accel2',
      timeMs: 5010,
      intervalMs: 10,
      x: 1,
      y: -2,
      z: 998,
      x2: 2,
      y2: -3,
      z2: 1001,
    },
    { seq: 2, kind: 'lid', timeMs: 5025, open: true, reading: 0 },
    { seq: 3, kind: 'accel', timeMs: 5030, x: 3, y: -4, z: 1003 },
    { seq: 4, kind: 'end', timeMs: 5040, reason: 'stop' },
  ];

  it('writes the reference traces format: header, rows in time order, empty fields', () => {
    const trace = new TraceBuilder();
    frames.forEach((f) => trace.add(f));
    const csv = trace.csv({
      label: 'peek\nwith newline',
      note: 'a short look',
      rateHz: 100,
      config: {
        shakeThresholdMg: 1200,
        shakeMinMs: 250,
        shakeGapMs: 200,
        lidDebounceMs: 50,
        idleSleepS: 600,
      },
    });
    expect(csv.split('\n')).toEqual([
      '# trace: peek with newline',
      '# about: a short look',
      '# rate_hz: 100',
      '# lid: digital',
      '# config: threshold_mg=1200 min_ms=250 gap_ms=200 debounce_ms=50',
      '# sensor: telemetry recording, t_ms 0 is 5000 ms since the cup booted',
      '# gaps: 0 (0 frames lost)',
      '# events: 0 seen live by the app',
      't_ms,x_mg,y_mg,z_mg,lid',
      '0,,,,0',
      '10,1,-2,998,',
      '20,2,-3,1001,',
      '25,,,,1',
      '30,3,-4,1003,',
      '',
    ]);
    const parsed = parseTrace(csv);
    expect(parsed.header.rate_hz).toBe('100');
    expect(parsed.rows).toEqual(trace.rows());
  });

  it('the simulated cup plays it back: the same readings go out, its lid opens', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const trace = new TraceBuilder();
    frames.forEach((f) => trace.add(f));
    const parsed = parseTrace(trace.csv({ label: 'x', note: '', rateHz: 100, config: null }));
    const { fw, telemetry } = await cup();
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 60 }));
    const start = fw.clock;
    await fw.play(parsed.rows);
    fw.write(encodeControl({ op: 'telemetry_stop', requestId: 2 }));
    const again = new TraceBuilder();
    telemetry().forEach((f) => again.add(f));
    const played = again.rows().filter((r) => r.t + again.originMs! - start <= 30);
    expect(played.map((r) => ({ ...r, t: r.t + again.originMs! - start }))).toEqual(
      trace.rows().map((r) => ({ ...r })),
    );
    await later(100); // the lid detector's debounce
    expect(fw.lidIsOpen).toBe(true);
    vi.useRealTimers();
  });
});

describe('the C host tool replays a recording', () => {
  it('gives the events of a trace the C core made, from the trace the app would write', () => {
    const host = join(reference, 'build/mia_host');
    const dir = mkdtempSync(join(tmpdir(), 'mia-trace-'));
    // A lid lifted for 800 ms, written as the app writes recordings (with a gap).
    const rows = ['# rate_hz: 100', '# lid: digital', 't_ms,x_mg,y_mg,z_mg,lid', '0,,,,0'];
    for (let t = 0; t <= 3000; t += 10) {
      if (t === 1500) rows.push('# gap: frame 76 lost, no readings between 1490 and 1520 ms');
      if (t >= 1500 && t < 1520) continue;
      rows.push(`${t},0,0,1000,`);
      if (t === 1000) rows.push('1000,,,,1');
      if (t === 1800) rows.push('1800,,,,0');
    }
    const file = join(dir, 'peek.csv');
    writeFileSync(file, rows.join('\n') + '\n');
    const events = parseTraceEvents(execFileSync(host, ['events', file]).toString());
    expect(events).toEqual([
      { type: 'lid_opened', t: 1000, value: null, peakMg: null },
      { type: 'lid_closed', t: 1800, value: 800, peakMg: null },
    ]);
    const expected = execFileSync(host, ['expected', file]).toString();
    writeFileSync(join(dir, 'peek.expected.csv'), expected);
    expect(readFileSync(join(dir, 'peek.expected.csv'), 'utf8').split('\n')).toEqual([
      'event,t_min_ms,t_max_ms,value_min,value_max,peak_min_mg,peak_max_mg',
      'lid_opened,980,1020,,,,',
      'lid_closed,1780,1820,770,830,,',
      '',
    ]);
  }, 120_000);
});
