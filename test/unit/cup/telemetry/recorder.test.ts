import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeEvent,
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
  replayTrace,
} from '../../../../src/cup';

const here = new URL('.', import.meta.url).pathname;
const reference = join(here, '../../../../firmware-protocol/reference');

function cup(options: ConstructorParameters<typeof CupFirmware>[0] = {}) {
  let now = 1_000;
  const fw = new CupFirmware({ now: () => now, ...options });
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
  return { fw, telemetry, replies, order, tick: (ms: number) => (now += ms) };
}

describe('the simulated cup streams telemetry (PROTOCOL.md 4.7)', () => {
  it('answers start, then the lid, pairs of samples, and the end frame after the stop Reply', () => {
    const { fw, telemetry, replies, order } = cup();
    fw.lidReading(false, 0);
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 60 }));
    expect(replies()[0]).toEqual({
      op: 'telemetry_start',
      requestId: 1,
      status: 'ok',
      rateHz: 100,
      seconds: 60,
    });
    expect(order()).toEqual(['reply', 'telemetry']); // the Reply before the first frame
    const t0 = fw.clock;
    fw.sample(10, 20, 1000, t0 + 10);
    fw.sample(11, 21, 1001, t0 + 20);
    fw.sample(12, 22, 1002, t0 + 30);
    fw.lidReading(true, t0 + 33);
    fw.write(encodeControl({ op: 'telemetry_stop', requestId: 2 }));
    expect(replies()[1]).toEqual({ op: 'telemetry_stop', requestId: 2, status: 'ok', frames: 5 });
    const frames = telemetry();
    expect(frames.map((f) => `${f.seq}:${f.kind}`)).toEqual([
      '0:lid',
      '1:accel2',
      '2:accel',
      '3:lid',
      '4:end',
    ]);
    expect(frames[1]).toMatchObject({ timeMs: t0 + 10, intervalMs: 10, x: 10, x2: 11 });
    expect(frames[4]).toMatchObject({ kind: 'end', reason: 'stop' });
    expect(order().indexOf('reply', 2)).toBeLessThan(order().lastIndexOf('telemetry'));
  });

  it('is busy while a stream runs, needs proof on an owned cup, is unknown without bit 6', () => {
    const { fw, replies } = cup();
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 5 }));
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 2, seconds: 5 }));
    expect(replies().map((r) => r.status)).toEqual(['ok', 'busy']);
    const owned = cup({ ownerKey: '000102030405060708090a0b0c0d0e0f' });
    owned.fw.write(encodeControl({ op: 'telemetry_start', requestId: 3, seconds: 5 }));
    owned.fw.write(encodeControl({ op: 'telemetry_stop', requestId: 4 }));
    expect(owned.replies().map((r) => r.status)).toEqual(['needs_proof', 'needs_proof']);
    owned.fw.disconnect();
    const without = cup({ telemetry: false });
    without.fw.write(encodeControl({ op: 'telemetry_start', requestId: 5, seconds: 5 }));
    expect(without.replies()[0].status).toBe('unknown_opcode');
    const old = cup({ protocol: { major: 1, minor: 0 } });
    old.fw.write(encodeControl({ op: 'telemetry_start', requestId: 6, seconds: 5 }));
    expect(old.replies()[0].status).toBe('unknown_opcode');
  });

  it('stops by itself at its limit, and with the link', () => {
    const { fw, telemetry, tick } = cup();
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 2 }));
    const t0 = fw.clock;
    tick(2_000);
    fw.tick();
    expect(telemetry().at(-1)).toMatchObject({ kind: 'end', reason: 'limit', timeMs: t0 + 2000 });
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 2, seconds: 60 }));
    fw.disconnect();
    expect(fw.telemetry.running).toBe(false);
  });

  it('a dropped frame spends its number: the recording shows the gap', () => {
    const { fw, telemetry } = cup();
    fw.lidReading(false, 0);
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 60 }));
    for (let i = 1; i <= 4; i++) fw.sample(0, 0, 1000, fw.clock + i * 10);
    fw.telemetry.dropNext = 1;
    for (let i = 5; i <= 8; i++) fw.sample(0, 0, 1000 + i, fw.clock + i * 10);
    fw.write(encodeControl({ op: 'telemetry_stop', requestId: 2 }));
    const trace = new TraceBuilder();
    telemetry().forEach((f) => trace.add(f));
    expect(telemetry().map((f) => f.seq)).toEqual([0, 1, 2, 4, 5]);
    expect(trace.gaps(6)).toEqual([{ fromSeq: 3, toSeq: 3, afterMs: 40, beforeMs: 70 }]);
    const csv = trace.csv({ label: 'gap', note: '', rateHz: 100, config: null }, 6);
    expect(csv).toContain('# gaps: 1 (1 frames lost)');
    const lines = csv.split('\n');
    const gapAt = lines.findIndex((l) => l.startsWith('# gap: frame 3 lost'));
    expect(lines[gapAt - 1]).toBe('40,0,0,1000,');
    expect(lines[gapAt + 1]).toBe('70,0,0,1007,');
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

  it('the simulated cup replays it: the same readings go out, the events at their times', async () => {
    const trace = new TraceBuilder();
    frames.forEach((f) => trace.add(f));
    const parsed = parseTrace(trace.csv({ label: 'x', note: '', rateHz: 100, config: null }));
    const { fw, telemetry } = cup();
    fw.write(encodeControl({ op: 'telemetry_start', requestId: 1, seconds: 60 }));
    const start = fw.clock;
    await replayTrace(fw, parsed, [{ type: 'lid_opened', t: 25, value: null, peakMg: null }]);
    fw.write(encodeControl({ op: 'telemetry_stop', requestId: 2 }));
    const again = new TraceBuilder();
    telemetry().forEach((f) => again.add(f));
    expect(again.rows()).toEqual(trace.rows());
    expect(again.originMs).toBe(start);
    expect(fw.lidIsOpen).toBe(true);
    const logged = fw.log.since(0).frames.map((f) => decodeEvent(f));
    expect(logged.map((d) => (d.ok ? [d.value.type, d.value.timeMs] : null))).toEqual([
      ['lid_opened', start + 25],
    ]);
  });
});

describe('the C host tool replays a recording', () => {
  it('gives the events of a trace the C core made, from the trace the app would write', () => {
    const host = join(reference, 'build/mia_host');
    execFileSync('bash', [join(reference, 'test.sh'), 'host'], { stdio: 'ignore' });
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
