// A sweep of dice-cup shakes (not part of test.sh): random swings and random sensors through
// build/mia_host (`bash firmware-protocol/reference/test.sh host` first), each checked
// against the expectations of cup-model.mjs. README.md ("Operating range") has the figures.
//
//   node firmware-protocol/reference/tools/trace-gen/sweep-cup.mjs <mode> [n] [seed] [mia_host]
//
// Modes: `in` (1.5-2.6 Hz, 1.35-1.6 g, 1-8 s: one shake each), `short` (the same for
// 0.9-1.2 s), `edge` (1.25-1.3 g), `below` (0.7-1.0 g: nothing). Every swing leans 0-20
// degrees off vertical; every sensor has its own rate (25, 50 or 100 Hz), jitter or a FIFO,
// mounting, gains (+-5 %), offsets (+-100 mg), noise, and its filter (or, 30 % of them, none).
// HZ=lo,hi, AMP=lo,hi, TILT=lo,hi, RATE=r and INSTANT=p (the share without a filter) override
// the draws.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { cupShakeExpect, cupSwing, swingAxis, swingEnds } from './cup-model.mjs';
import { rng, trace } from './ideal-model.mjs';
import { add, diceHits, held, renderSensor, rotation, spikes, unit, UP } from './sensor-model.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [mode = 'in', nArg = '200', seedArg = '1', host = join(here, '../../build/mia_host')] =
  process.argv.slice(2);
const range = (name, fallback) => (process.env[name] ?? fallback).split(',').map(Number);
const amps = { in: '1350,1600', short: '1350,1600', edge: '1250,1300', below: '700,1000' };
const dir = mkdtempSync(join(tmpdir(), 'sweep-cup-'));

/** One random scenario, its trace and its expected events. */
function scenario(seed) {
  const r = rng(seed);
  const u = ([a, b]) => a + (b - a) * r.next();
  const rate = Number(process.env.RATE ?? [25, 50, 100][Math.floor(r.next() * 3)]);
  const fifo = r.next() < 0.3 ? { batch: Math.round(rate / 4), clockError: u([-0.1, 0.1]) } : null;
  const dur = u(mode === 'short' ? [900, 1200] : [1000, 8000]);
  const s = {
    start: 1500,
    end: 1500 + Math.round(dur),
    hz: u(range('HZ', '1.5,2.6')),
    amp: u(range('AMP', amps[mode])),
    dir: swingAxis(u(range('TILT', '0,20'))),
    wobble: u([0.03, 0.12]),
  };
  const sensor = {
    rateHz: rate,
    jitterMs: fifo ? 0 : u([0, 1000 / rate / 3]),
    mount: rotation(unit([u([-1, 1]), u([-1, 1]), u([-1, 1])]), u([0, 180])),
    gain: [0, 1, 2].map(() => u([0.95, 1.05])),
    offset: [0, 1, 2].map(() => u([-100, 100])),
    noiseMg: u([3, 10]),
    instant: r.next() < Number(process.env.INSTANT ?? 0.3),
    fifo,
  };
  const t = trace({ name: 'sweep', about: mode, rateHz: rate, durationMs: s.end + 1500, seed });
  const hits = diceHits(swingEnds(s), s.dir, r, { areaMin: 600, areaMax: 1800 });
  const hand = (ms) => cupSwing(ms, s);
  const accel = (ms) =>
    add(add(UP, add(hand(ms), held(ms, s.start - 400, s.end + 400))), spikes(ms, hits));
  const out = renderSensor(t, accel, () => 0, sensor);
  const expected = mode === 'below' ? [] : cupShakeExpect(out, s, hand);
  // a FIFO's stamps are up to a batch of clock error early (as test_traces.c's FIFO slack)
  for (const row of fifo ? expected : []) {
    row[1] -= 25;
    if (row[0] === 'shake_ended') [row[3], row[4]] = [row[3] - 25, row[4] + 25];
  }
  return { text: out.text, expected, what: { ...s, dir: undefined, rate, fifo: !!fifo } };
}

/** What is wrong with the events (an empty list: nothing). */
function check(events, expected) {
  if (events.length !== expected.length) return [`${events.length} events`];
  return events.flatMap(([type, t, value, peak], i) => {
    const [want, t0, t1, v0, v1, p0, p1] = expected[i];
    const bad = [];
    if (type !== want || t < t0 || t > t1) bad.push(`${type} at ${t} (${want} ${t0}..${t1})`);
    if (type === 'shake_ended' && (value < v0 || value > v1)) bad.push(`lasted ${value}`);
    if (type === 'shake_ended' && (peak < p0 || peak > p1)) bad.push(`peak ${peak}`);
    return bad;
  });
}

let passed = 0;
const n = Number(nArg);
for (let k = 0; k < n; k++) {
  const { text, expected, what } = scenario(Number(seedArg) * 1000 + k);
  const path = join(dir, `${k}.csv`);
  writeFileSync(path, text);
  const events = execFileSync(host, ['events', path])
    .toString()
    .trim()
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(',').map((v, i) => (i === 0 ? v : Number(v))));
  const bad = check(events, expected);
  if (bad.length === 0) passed++;
  else console.log(`  #${k} ${JSON.stringify(what)}: ${bad.join('; ')}`);
}
console.log(`${mode}: ${passed}/${n} as expected`);
