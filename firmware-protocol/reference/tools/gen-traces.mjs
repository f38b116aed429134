// Generates the detector traces in ../traces/: synthetic but physically shaped accelerometer
// and lid-sensor recordings, each with the events it must (and only it must) produce.
//   node firmware-protocol/reference/tools/gen-traces.mjs
// Deterministic (seeded noise): running it again rewrites the same files. The traces are kept
// in the repository as data; the C tests read them (test/test_traces.c).
//
// <name>.csv           # header lines, then t_ms,x_mg,y_mg,z_mg,lid (an empty field = no reading)
// <name>.expected.csv  event,t_min_ms,t_max_ms,value_min,value_max,peak_min_mg,peak_max_mg
//   value = duration (shake_ended) or open time (lid_closed), in ms. Ranges come from the
//   physical scenario the generator drew (when the motion began and stopped, the true largest
//   magnitude), not from running the detector.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'traces');

/** mulberry32: a small seeded PRNG, so the traces never change between runs. */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gauss = () => {
    const u = Math.max(next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  return { next, gauss };
}

const clamp16 = (v) => Math.max(-32767, Math.min(32767, Math.round(v)));
const mag = ([x, y, z]) => Math.sqrt(x * x + y * y + z * z);
const halfSine = (t, start, width) =>
  t >= start && t < start + width ? Math.sin((Math.PI * (t - start)) / width) : 0;
/** Smooth 0..1..0 envelope over [start, end) with ramps of `ramp` ms. */
const envelope = (t, start, end, ramp = 60) => {
  if (t < start || t >= end) return 0;
  return Math.min(1, (t - start) / ramp, (end - t) / ramp);
};

/**
 * A trace: `accel(t)` gives the true acceleration [x, y, z] in milli-g at time t (ms), or null
 * for no sample; `lid(t)` the sensor reading or null. Samples are taken every 1000/rate ms;
 * `extraLidTimes` adds lid-only rows (contact bounce faster than the sample rate).
 */
function trace({ name, about, rateHz, lidMode = 'digital', durationMs, seed, noiseMg = 15 }) {
  return { name, about, rateHz, lidMode, durationMs, seed, noiseMg };
}

function render(t, accel, lid, extraLidTimes = []) {
  const r = rng(t.seed);
  const period = 1000 / t.rateHz;
  const rows = [];
  const truth = [];
  for (let i = 0; i * period <= t.durationMs; i++) {
    const ms = Math.round(i * period);
    const a = accel(ms, r);
    const noisy = a && a.map((v) => clamp16(v + r.gauss() * t.noiseMg));
    const l = lid ? lid(ms, r) : null;
    rows.push([ms, noisy, l]);
    if (noisy) truth.push([ms, mag(noisy)]);
  }
  for (const ms of extraLidTimes) rows.push([ms, null, lid(ms, r)]);
  rows.sort((p, q) => p[0] - q[0] || (p[1] ? -1 : 1));
  const lines = [
    `# trace: ${t.name}`,
    `# about: ${t.about}`,
    `# rate_hz: ${t.rateHz}`,
    `# lid: ${t.lidMode}`,
    't_ms,x_mg,y_mg,z_mg,lid',
    ...rows.map(
      ([ms, a, l]) => `${ms},${a ? a.join(',') : ',,'},${l === null || l === undefined ? '' : l}`,
    ),
  ];
  return { text: lines.join('\n') + '\n', truth };
}

/** The largest sampled magnitude in [from, to]: the true peak a detector may report. */
const peakIn = (truth, from, to) =>
  Math.round(Math.max(...truth.filter(([ms]) => ms >= from && ms <= to).map(([, m]) => m)));

const rest = () => [0, 0, 1000];

/** A shake: a dominant oscillation (vertical and sideways), a harmonic, and an envelope. */
function shake(ms, { start, end, hz, amp, side = 0.5 }) {
  const e = envelope(ms, start, end);
  if (e === 0) return rest();
  const w = (2 * Math.PI * hz * (ms - start)) / 1000;
  return [
    side * amp * e * Math.sin(w + 0.7),
    0.2 * amp * e * Math.sin(2 * w),
    1000 + amp * e * Math.sin(w) + 0.15 * amp * e * Math.sin(3 * w),
  ];
}

/** The peak is reported in units of the 1 g the detector measured at rest; from a noisy rest
 * that estimate is good to a few mg, so a reported peak may exceed the sampled one by up to
 * 1 %. */
const peakMax = (peak) => Math.ceil(peak * 1.01);

function shakeExpect(truth, { start, end }) {
  const peak = peakIn(truth, start, end);
  return [
    ['shake_started', start, start + 250, '', '', '', ''],
    [
      'shake_ended',
      end - 250,
      end,
      end - start - 500,
      end - start,
      Math.round(peak * 0.9),
      peakMax(peak),
    ],
  ];
}

/** A lid event's time is the start of the reading that held for the debounce: within the
 * contact bounce (6 ms) or one sample (10 ms) of the true edge. */
function lidExpect(open, close) {
  const rows = [['lid_opened', open, open + 10, '', '', '', '']];
  if (close !== undefined) {
    rows.push(['lid_closed', close, close + 10, close - open - 10, close - open + 10, '', '']);
  }
  return rows;
}

/** Digital lid with contact bounce: 1 (open) during [open, close), toggling for 6 ms at edges. */
function bouncyLid(open, close) {
  const bounce = (ms, edge, after) => {
    const d = ms - edge;
    if (d >= 0 && d < 6) return d % 2 === 0 ? after : 1 - after;
    return null;
  };
  const read = (ms) => {
    for (const [edge, after] of [
      [open, 1],
      [close, 0],
    ]) {
      if (edge === undefined) continue;
      const b = bounce(ms, edge, after);
      if (b !== null) return b;
    }
    return ms >= open && (close === undefined || ms < close) ? 1 : 0;
  };
  const times = [];
  for (const edge of [open, close]) {
    if (edge === undefined) continue;
    for (let d = 0; d < 8; d++) times.push(edge + d);
  }
  return { read, times };
}

const traces = [];

// 1. A vigorous shake: 2 s at 5 Hz, about 3 g up and down and sideways.
{
  const t = trace({
    name: 'vigorous-shake',
    about: 'rest 1 s, 2 s of vigorous shaking at 5 Hz (about 3 g), rest 1 s: one shake',
    rateHz: 100,
    durationMs: 4000,
    seed: 1,
  });
  const s = { start: 1000, end: 3000, hz: 5, amp: 3000 };
  const { text, truth } = render(
    t,
    (ms) => shake(ms, s),
    () => 0,
  );
  traces.push({ t, text, expected: shakeExpect(truth, s) });
}

// 2. A gentle shake, sampled at 50 Hz: sideways swirling at 2.5 Hz, about 2.3 g.
{
  const t = trace({
    name: 'gentle-shake',
    about: 'a gentle sideways shake at 2.5 Hz (2.3 g), sampled at 50 Hz: still one shake',
    rateHz: 50,
    durationMs: 5000,
    seed: 2,
  });
  const s = { start: 1000, end: 3500 };
  const accel = (ms) => {
    const e = envelope(ms, s.start, s.end, 100);
    const w = (2 * Math.PI * 2.5 * (ms - s.start)) / 1000;
    return [2300 * e * Math.sin(w), 600 * e * Math.cos(w), 1000 + 200 * e * Math.sin(2 * w)];
  };
  const { text, truth } = render(t, accel, () => 0);
  traces.push({ t, text, expected: shakeExpect(truth, s) });
}

// 3. Taps: the cup knocked on the table three times, a second apart.
{
  const t = trace({
    name: 'tap',
    about: 'three taps on the table a second apart (2.8 g spike, 60 Hz ringing): no shake',
    rateHz: 100,
    durationMs: 4500,
    seed: 3,
  });
  const accel = (ms) => {
    let z = 1000;
    let x = 0;
    for (const at of [1000, 2000, 3000]) {
      z += 1800 * halfSine(ms, at, 12);
      const d = ms - at - 12;
      if (d >= 0) {
        const ring = 800 * Math.exp(-d / 20) * Math.sin((2 * Math.PI * 60 * d) / 1000);
        z += ring;
        x += 0.3 * ring;
      }
    }
    return [x, 0, z];
  };
  const { text } = render(t, accel, () => 0);
  traces.push({ t, text, expected: [] });
}

// 4. The cup lifted and set down hard: a drop, a 4.5 g impact, a bounce, ringing.
{
  const t = trace({
    name: 'set-down-hard',
    about: 'lifted, held, brought down fast and slammed on the table (4.5 g, bounce): no shake',
    rateHz: 100,
    durationMs: 3000,
    seed: 4,
  });
  const accel = (ms) => {
    let z = 1000 + 300 * halfSine(ms, 500, 300); // lift
    if (ms >= 1200 && ms < 1320) z = 300; // brought down fast (0.7 g down)
    z += 3500 * halfSine(ms, 1320, 16); // impact
    z += 1200 * halfSine(ms, 1365, 10); // bounce
    const d = ms - 1336;
    let x = 800 * halfSine(ms, 1320, 16);
    if (d >= 0) {
      const ring = 600 * Math.exp(-d / 30) * Math.sin((2 * Math.PI * 40 * d) / 1000);
      z += ring;
      x += 0.5 * ring;
    }
    return [x, 0, z];
  };
  const { text } = render(t, accel, () => 0);
  traces.push({ t, text, expected: [] });
}

// 5. A peek: the lid lifted for 0.8 s (reed switch with contact bounce).
{
  const t = trace({
    name: 'lid-peek',
    about: 'reed switch: lid lifted at 2000 ms for 800 ms, with contact bounce: opened, closed',
    rateHz: 100,
    durationMs: 4000,
    seed: 5,
  });
  const lid = bouncyLid(2000, 2800);
  const accel = (ms) => [0, 150 * envelope(ms, 1950, 2850, 100), 1000];
  const { text } = render(t, accel, lid.read, lid.times);
  traces.push({ t, text, expected: lidExpect(2000, 2800) });
}

// 6. A lift: analog hall sensor (higher = magnet near = closed), open 5 s.
{
  const t = trace({
    name: 'lid-lift',
    about: 'analog hall sensor: lid lifted at 1500 ms and put back at 6500 ms: opened, closed',
    rateHz: 100,
    lidMode: 'analog invert=1 open_level=300 closed_level=600',
    durationMs: 8000,
    seed: 6,
  });
  const adc = (ms, r) => {
    const open = ms >= 1500 && ms < 6500;
    return Math.max(0, Math.min(1023, Math.round((open ? 120 : 880) + r.gauss() * 20)));
  };
  const { text } = render(t, rest, adc);
  traces.push({ t, text, expected: lidExpect(1500, 6500) });
}

// 7. Magnet blips: a 20 ms glitch while closed, a magnet passing the open lid for 30 ms.
{
  const t = trace({
    name: 'magnet-blip',
    about:
      'analog hall: 20 ms open glitch while closed, real opening at 2000 ms, then a magnet ' +
      'passing the open lid for 30 ms: only the one opening',
    rateHz: 100,
    lidMode: 'analog invert=1 open_level=300 closed_level=600',
    durationMs: 4500,
    seed: 7,
  });
  const adc = (ms, r) => {
    let open = ms >= 2000;
    if (ms >= 1000 && ms < 1020) open = true; // glitch
    if (ms >= 3000 && ms < 3030) open = false; // a magnet passes
    return Math.max(0, Math.min(1023, Math.round((open ? 150 : 850) + r.gauss() * 15)));
  };
  const { text } = render(t, rest, adc);
  traces.push({ t, text, expected: lidExpect(2000) });
}

// 8. Sensor noise: a noisy accelerometer with one-sample glitches, a flickering switch.
{
  const t = trace({
    name: 'sensor-noise',
    about:
      '10 s at rest on a noisy sensor (60 mg), one-sample 2.5 g glitches and one-sample lid ' +
      'flickers every 1.1-1.9 s: nothing',
    rateHz: 100,
    durationMs: 10000,
    seed: 8,
    noiseMg: 60,
  });
  const r = rng(88);
  const glitches = [];
  for (let at = 700; at < 9800; at += 1100 + Math.round(r.next() * 800)) glitches.push(at);
  const accel = (ms) => (glitches.includes(ms) ? [1200, -800, 2600] : rest());
  const lid = (ms) => (glitches.includes(ms + 500) ? 1 : 0);
  const { text } = render(t, accel, lid);
  traces.push({ t, text, expected: [] });
}

// Extras: the debounce both ways, a tilt, a swirl below the threshold.
{
  const t = trace({
    name: 'shake-with-pause',
    about: 'shaking 1.2 s, a 120 ms pause (shorter than the 200 ms gap), 1 s more: one shake',
    rateHz: 100,
    durationMs: 4500,
    seed: 9,
  });
  const a = { start: 1000, end: 2200, hz: 5, amp: 3000 };
  const b = { start: 2320, end: 3320, hz: 5, amp: 3000 };
  const { text, truth } = render(
    t,
    (ms) => (ms < 2260 ? shake(ms, a) : shake(ms, b)),
    () => 0,
  );
  traces.push({ t, text, expected: shakeExpect(truth, { start: a.start, end: b.end }) });
}
{
  const t = trace({
    name: 'two-shakes',
    about: 'shaking 1 s, an 800 ms pause (longer than the gap), shaking 1 s: two shakes',
    rateHz: 100,
    durationMs: 5000,
    seed: 10,
  });
  const a = { start: 1000, end: 2000, hz: 4.5, amp: 2800 };
  const b = { start: 2800, end: 3800, hz: 4.5, amp: 2800 };
  const { text, truth } = render(
    t,
    (ms) => (ms < 2400 ? shake(ms, a) : shake(ms, b)),
    () => 0,
  );
  traces.push({ t, text, expected: [...shakeExpect(truth, a), ...shakeExpect(truth, b)] });
}
{
  const t = trace({
    name: 'tilt',
    about: 'the cup tipped onto its side over 0.6 s, held, and stood up again: nothing',
    rateHz: 100,
    durationMs: 4000,
    seed: 11,
  });
  const angle = (ms) =>
    (Math.PI / 2) * Math.min(1, Math.max(0, Math.min((ms - 1000) / 600, (3200 - ms) / 600)));
  const accel = (ms) => [1000 * Math.sin(angle(ms)), 0, 1000 * Math.cos(angle(ms))];
  const { text } = render(t, accel, () => 0);
  traces.push({ t, text, expected: [] });
}
{
  const t = trace({
    name: 'swirl-below-threshold',
    about: 'swirling the cup gently (0.8 g sideways at 2 Hz) for 3 s: under the threshold',
    rateHz: 100,
    durationMs: 5000,
    seed: 12,
  });
  const accel = (ms) => {
    const e = envelope(ms, 1000, 4000, 200);
    const w = (2 * Math.PI * 2 * ms) / 1000;
    return [800 * e * Math.sin(w), 800 * e * Math.cos(w), 1000];
  };
  const { text } = render(t, accel, () => 0);
  traces.push({ t, text, expected: [] });
}

// The whole turn, for the end-to-end test: shake, peek, pass the cup, lift.
{
  const t = trace({
    name: 'whole-turn',
    about: 'a turn: shake 1.5 s, peek 0.7 s, slide the cup to the next player, who lifts the lid',
    rateHz: 100,
    durationMs: 8500,
    seed: 13,
  });
  const s = { start: 1000, end: 2500, hz: 4.5, amp: 2800 };
  const peek = bouncyLid(3500, 4200);
  const lift = bouncyLid(6500);
  const accel = (ms) => {
    if (ms < 2600) return shake(ms, s);
    if (ms >= 5000 && ms < 5800) {
      // slid across the table: push, glide, brake, and a small knock at the end
      const push = 300 * halfSine(ms, 5000, 300) - 300 * halfSine(ms, 5400, 300);
      return [push, 40 * Math.sin(ms / 7), 1000 + 500 * halfSine(ms, 5720, 20)];
    }
    return [0, 120 * (envelope(ms, 3450, 4250, 100) + envelope(ms, 6450, 6700, 100)), 1000];
  };
  const lid = (ms) => (ms < 5000 ? peek.read(ms) : lift.read(ms));
  const { text, truth } = render(t, accel, lid, [...peek.times, ...lift.times]);
  traces.push({
    t,
    text,
    expected: [...shakeExpect(truth, s), ...lidExpect(3500, 4200), ...lidExpect(6500)],
  });
}

// ---------------------------------------------------------------------------------------------
// Real sensors and real hands (issue #9). The traces above are ideal: 1000 mg at rest, perfect
// timing, no clipping. The ones below go through a model of a real MEMS accelerometer:
//
//   true acceleration of the cup (cup frame: z up when the cup stands, mg, at any instant)
//   -> the board's mounting (a rotation: upside down, on its side, tilted 37 degrees)
//   -> the sample: the mean over the sample interval (a decimating sensor's filter), or the
//      value at the instant (`instant`: no filter, so a few-ms spike is caught at full height)
//   -> per-axis gain error (up to 5 %) and offset (up to 100 mg), white noise, quantisation
//   -> clipping at the rails of a +-2 g or +-4 g range (e.g. +1999/-2000, +4095/-4096)
//   -> the time the board stamps: jittered, or reconstructed from a FIFO read in batches.
//
// Numbers and where they come from:
// - Noise: MEMS datasheets give 90-220 ug/sqrt(Hz) (LIS2DH12 / LIS3DH / BMA400 class), about
//   1-3 mg RMS at 50-100 Hz; a hand adds tremor (8-12 Hz, tens of mg). We use 5-12 mg white
//   noise plus tremor where the cup is held.
// - Offsets +-100 mg and gain errors +-5 %: the brief's bounds, close to the datasheet
//   zero-g level (+-40..100 mg) and sensitivity tolerance (+-1..5 %) before calibration.
// - Shaking: 3-8 Hz (wrist and forearm oscillation), 2-5 g; a vigorous swirl: the cup on a
//   circle of 5-8 cm at 3 Hz, r * (2 pi f)^2 = 1.8-2.9 g horizontal.
// - Dice: a 16 mm die of ~4.5 g hitting the wall at 0.5-1 m/s gives the cup (~150 g with the
//   electronics) a velocity step of 2-5 mm/s... 3-6 cm/s, an impulse of 3000-6000 mg*ms over a
//   contact of 2-4 ms: a spike of 1-3 g that lasts a few ms (our estimate from momentum; no
//   published recording of a dice cup was available).
// - A knock or a hard set-down: an impact of 3-6 g over 10-16 ms and structural ringing at
//   40-60 Hz that dies out in 20-30 ms (as in tap / set-down-hard above).
//
// Expected events come from the scenario: a shake begins when the hand starts (the first strong
// swing comes within 250 ms) and stops when the hand stops (a sample may show motion up to one
// sample interval later, since it averages the interval before it); the peak is the largest
// magnitude the sensor reported, in units of what the same sensor reads at rest (with
// clipping, that is the clipped reading, far below the true peak).

const deg = Math.PI / 180;
/** Rotation matrix about a unit axis by `d` degrees. */
function rotation([ux, uy, uz], d) {
  const c = Math.cos(d * deg);
  const s = Math.sin(d * deg);
  const t = 1 - c;
  return [
    [t * ux * ux + c, t * ux * uy - s * uz, t * ux * uz + s * uy],
    [t * ux * uy + s * uz, t * uy * uy + c, t * uy * uz - s * ux],
    [t * ux * uz - s * uy, t * uy * uz + s * ux, t * uz * uz + c],
  ];
}
const apply = (m, v) => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
const add = (a, b) => a.map((v, i) => v + b[i]);
const scale = (a, k) => a.map((v) => v * k);
const IDENTITY = rotation([0, 0, 1], 0);
const UP = [0, 0, 1000];

/** A half-sine pulse of `area` mg*ms and `width` ms starting at `at`, along unit `dir`. */
function pulse(t, { at, width, area, dir }) {
  if (t < at || t >= at + width) return [0, 0, 0];
  const peak = (area * Math.PI) / (2 * width);
  return scale(dir, peak * Math.sin((Math.PI * (t - at)) / width));
}
/** Ringing after an impact: a decaying sine along `dir`. */
function ring(t, { at, hz, amp, tau, dir }) {
  if (t < at) return [0, 0, 0];
  const d = t - at;
  return scale(dir, amp * Math.exp(-d / tau) * Math.sin((2 * Math.PI * hz * d) / 1000));
}
const unit = (v) => scale(v, 1 / Math.hypot(...v));

/**
 * A hand shaking the cup: an oscillation along `dir` with a third harmonic, a smaller component
 * across it, the frequency and the amplitude drifting as a hand does, an envelope with ramps.
 * Returns the acceleration without gravity, in mg.
 */
function handShake(t, { start, end, hz, amp, dir = [0, 0, 1], across = [1, 0, 0], side = 0.25 }) {
  const e = envelope(t, start, end, 80);
  if (e === 0) return [0, 0, 0];
  const s = (t - start) / 1000;
  // phase of a frequency drifting by +-8 % at 0.7 Hz
  const phase =
    2 * Math.PI * hz * (s - (0.08 / (2 * Math.PI * 0.7)) * (Math.cos(2 * Math.PI * 0.7 * s) - 1));
  const a = amp * e * (1 + 0.1 * Math.sin(2 * Math.PI * 1.3 * s));
  const along = a * (Math.sin(phase) + 0.15 * Math.sin(3 * phase));
  const cross = side * a * Math.sin(phase + 0.7);
  return add(scale(dir, along), scale(across, cross));
}
/** The times within [start, end) at which the shake reverses (dice hit the walls there). */
function reversals({ start, end, hz }) {
  const out = [];
  for (let t = start + 1000 / hz / 4; t < end - 40; t += 1000 / hz / 2) out.push(Math.round(t));
  return out;
}
/** Dice hitting the walls at the given times: spikes along +-dir, areas 2500-6000 mg*ms. */
function diceHits(times, dir, r, { areaMin = 2500, areaMax = 6000, jitter = 12 } = {}) {
  return times.map((at, i) => ({
    at: at + Math.round((r.next() - 0.5) * 2 * jitter),
    width: 2 + Math.round(r.next() * 2),
    area: areaMin + r.next() * (areaMax - areaMin),
    dir: unit(
      add(scale(dir, i % 2 === 0 ? 1 : -1), [0.3 * (r.next() - 0.5), 0.3 * (r.next() - 0.5), 0]),
    ),
  }));
}
/** Dice still rattling after the hand stopped: impacts at decaying intervals and strength. */
function rattle(from, untilMs, r, { area = 5000 } = {}) {
  const hits = [];
  let t = from + 25;
  let a = area;
  while (t < untilMs) {
    hits.push({
      at: Math.round(t),
      width: 2 + Math.round(r.next() * 2),
      area: a * (0.7 + 0.6 * r.next()),
      dir: unit([r.next() - 0.5, r.next() - 0.5, (r.next() - 0.5) * 0.6]),
    });
    t += 45 + r.next() * 110;
    a *= 0.85;
  }
  return hits;
}
const spikes = (t, hits) => hits.reduce((acc, h) => add(acc, pulse(t, h)), [0, 0, 0]);
/** Hand tremor while the cup is held: 9-11 Hz, tens of mg. */
const tremor = (t, amp = 25) => [
  amp * Math.sin((2 * Math.PI * 9.3 * t) / 1000),
  0.8 * amp * Math.sin((2 * Math.PI * 10.7 * t) / 1000 + 1),
  0.5 * amp * Math.sin((2 * Math.PI * 8.1 * t) / 1000 + 2),
];

/**
 * Samples a scenario through a sensor. `accel(t)` is the cup's true acceleration (with gravity)
 * at instant t (ms, fractional); `lid(t)` a lid reading or null. Returns the CSV text and, per
 * sample, the physical time, the board's time stamp, the true |a| and the reported |a| in units
 * of the sensor's own rest reading (upright).
 */
function renderSensor(t, accel, lid, sensor, extraLidTimes = []) {
  const {
    rateHz,
    jitterMs = 0,
    mount = IDENTITY,
    gain = [1, 1, 1],
    offset = [0, 0, 0],
    noiseMg = 5,
    lsbMg = 1,
    rail = null, // { pos, neg }
    instant = false,
    fifo = null, // { batch, clockError }: samples taken at period / (1 + clockError)
  } = sensor;
  const r = rng(t.seed);
  const nominal = 1000 / rateHz;
  const period = fifo ? nominal / (1 + fifo.clockError) : nominal;
  const read = (a) => {
    const b = apply(mount, a).map((v, i) => v * gain[i] + offset[i]);
    return b;
  };
  const restReading = Math.hypot(...read(UP));
  const rows = [];
  const samples = [];
  for (let k = 0; k * period <= t.durationMs; k++) {
    const at = k * period + (jitterMs ? (r.next() - 0.5) * 2 * jitterMs : 0);
    if (at < 0) continue;
    let a;
    if (instant) {
      a = accel(at);
    } else {
      // the mean over the interval before the sample, integrated at 0.25 ms
      a = [0, 0, 0];
      const n = Math.max(1, Math.round(period / 0.25));
      for (let i = 0; i < n; i++) a = add(a, accel(at - period + ((i + 0.5) * period) / n));
      a = scale(a, 1 / n);
    }
    let v = read(a).map((x) => x + r.gauss() * noiseMg);
    v = v.map((x) => Math.round(x / lsbMg) * lsbMg);
    if (rail) v = v.map((x) => Math.max(-rail.neg, Math.min(rail.pos, x)));
    v = v.map(clamp16);
    let stamp = Math.round(at);
    if (fifo) {
      // the board reads the FIFO when it holds `batch` samples, at the time of the last one,
      // and stamps the earlier ones back at its nominal period
      const last = Math.floor(k / fifo.batch) * fifo.batch + fifo.batch - 1;
      stamp = Math.round(last * period - (last - k) * nominal);
    }
    const l = lid ? lid(at, r) : null;
    rows.push([stamp, v, l]);
    samples.push({
      at,
      stamp,
      true: Math.hypot(...a),
      rep: (Math.hypot(...v) * 1000) / restReading,
    });
  }
  for (const ms of extraLidTimes) rows.push([ms, null, lid(ms, r)]);
  if (!fifo) rows.sort((p, q) => p[0] - q[0] || (p[1] ? -1 : 1));
  const header = [
    `# trace: ${t.name}`,
    `# about: ${t.about}`,
    `# rate_hz: ${rateHz}`,
    `# lid: ${t.lidMode}`,
  ];
  if (t.config) header.push(`# config: ${t.config}`);
  header.push(`# sensor: ${sensorText(sensor)}`, 't_ms,x_mg,y_mg,z_mg,lid');
  const lines = [
    ...header,
    ...rows.map(
      ([ms, a, l]) => `${ms},${a ? a.join(',') : ',,'},${l === null || l === undefined ? '' : l}`,
    ),
  ];
  return { text: lines.join('\n') + '\n', samples, period };
}

function sensorText(s) {
  const parts = [`${s.rateHz} Hz`];
  if (s.jitterMs) parts.push(`jitter +-${s.jitterMs} ms`);
  if (s.fifo)
    parts.push(`FIFO batches of ${s.fifo.batch}, sensor clock ${s.fifo.clockError * 100}% fast`);
  if (s.mountText) parts.push(`mounted ${s.mountText}`);
  if (s.gain) parts.push(`gain ${s.gain.join('/')}`);
  if (s.offset) parts.push(`offset ${s.offset.join('/')} mg`);
  parts.push(`noise ${s.noiseMg ?? 5} mg`);
  if (s.lsbMg && s.lsbMg !== 1) parts.push(`${s.lsbMg} mg steps`);
  if (s.rail) parts.push(`clipped at +${s.rail.pos}/-${s.rail.neg} mg`);
  parts.push(s.instant ? 'sampled at the instant' : 'averaged over the interval');
  return parts.join(', ');
}

/** Expected events of one shake of the hand over [start, end). It is under way within 250 ms
 * of the start, or (a shake near the threshold) by the first sample whose reading departs from
 * 1 g by the threshold, whichever is later. */
function handShakeExpect({ samples, period }, { start, end }, threshold = 1200) {
  const inShake = samples.filter((p) => p.at >= start && p.at <= end + period);
  const rep = Math.max(...inShake.map((p) => p.rep));
  const late = Math.ceil(period);
  const firstStrong = inShake.find((p) => Math.abs(p.rep - 1000) >= threshold);
  const startBy = Math.max(start + 250, firstStrong ? Math.ceil(firstStrong.at + period) : 0);
  return [
    ['shake_started', start, startBy, '', '', '', ''],
    [
      'shake_ended',
      end - 250,
      end + late,
      end - start - 500,
      end - start + late,
      Math.round(rep * 0.9),
      peakMax(rep),
    ],
  ];
}

/** Holds the cup in the hand: lifted by 300 mg for 250 ms at `from`, tremor until `to`. */
function held(t, from, to) {
  if (t < from || t >= to) return [0, 0, 0];
  return add(
    [0, 0, 300 * halfSine(t, from, 250) - 250 * halfSine(t, to - 250, 250)],
    scale(tremor(t), envelope(t, from, to, 150)),
  );
}

const sensors = {
  // a plain board, LIS2DH12-like at 100 Hz, slightly miscalibrated
  plain: { rateHz: 100, gain: [1.02, 0.99, 1.01], offset: [20, -35, 40], noiseMg: 5 },
};

// 14. A shake read by a +-2 g sensor: every swing clips.
{
  const t = trace({
    name: 'shake-clipped-2g',
    about:
      'a vigorous up-and-down shake (5 Hz, 3.5 g) on a +-2 g sensor: every swing clips at ' +
      '+1999/-2000 mg; dice hit the walls at each reversal: one shake, peak as clipped',
    rateHz: 100,
    durationMs: 4500,
    seed: 14,
  });
  const s = { start: 1000, end: 3000, hz: 5, amp: 3500 };
  const r = rng(1401);
  const hits = diceHits(reversals(s), [0, 0, 1], r);
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 700, 3400))), spikes(ms, hits));
  const sensor = { ...sensors.plain, rail: { pos: 1999, neg: 2000 }, lsbMg: 1 };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}

// 15. A +-4 g sensor, a harder shake, the board tilted 37 degrees in the cup.
{
  const t = trace({
    name: 'shake-clipped-4g',
    about:
      'a hard shake (6 Hz, 5 g, up and down and sideways) on a +-4 g sensor (2 mg steps, ' +
      'clips at +4094/-4096), board tilted 37 degrees: one shake, peak as clipped',
    rateHz: 100,
    durationMs: 4500,
    seed: 15,
  });
  const s = { start: 1200, end: 3000, hz: 6, amp: 5000, side: 0.45 };
  const r = rng(1501);
  const hits = diceHits(reversals(s), [0, 0, 1], r);
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 900, 3400))), spikes(ms, hits));
  const sensor = {
    ...sensors.plain,
    mount: rotation([1, 0, 0], 37),
    mountText: 'tilted 37 degrees',
    rail: { pos: 4094, neg: 4096 },
    lsbMg: 2,
  };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}

// 16. A miscalibrated sensor at rest for a minute, with a sensitive Config (threshold 250 mg):
//     its rest reads about 1160 mg; thumps on the table and temperature drift. Measured against
//     1000 mg the cup would be "active" all the time and the thumps would pass the threshold.
{
  const t = trace({
    name: 'miscalibrated-rest',
    about:
      'a minute on the table, the sensor reading about 1160 mg at rest (offsets +90/-100/+100 ' +
      'mg, gains +5 %), drifting 20 mg; threshold 250 mg; someone thumps the table (200 mg ' +
      'at 15 Hz at the cup, 5 at a time): nothing',
    rateHz: 50,
    durationMs: 60000,
    seed: 16,
  });
  t.config = 'threshold_mg=250';
  const drums = [];
  for (const at of [7000, 19000, 33000, 48000])
    for (let i = 0; i < 5; i++) drums.push(at + i * 140);
  const accel = (ms) => {
    const drift = [0, 0, 20 * Math.sin((2 * Math.PI * ms) / 120000)];
    let bump = [0, 0, 0];
    for (const at of drums)
      bump = add(bump, ring(ms, { at, hz: 15, amp: 200, tau: 40, dir: [0.2, 0.1, 1] }));
    return add(add(UP, drift), bump);
  };
  const sensor = { rateHz: 50, gain: [1.05, 1.05, 1.05], offset: [90, -100, 100], noiseMg: 6 };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: [] });
}

// 17. A miscalibrated sensor that reads low (rest 850 mg), shaken just over the threshold.
{
  const t = trace({
    name: 'miscalibrated-shake',
    about:
      'a sensor reading 850 mg at rest (gains -5 %, offsets -60/+40/-100 mg) shaken at 4 Hz ' +
      'with 1.45 g swings: uncalibrated the swings read under the threshold, measured against ' +
      'its own 1 g they pass it: one shake',
    rateHz: 100,
    durationMs: 5000,
    seed: 17,
  });
  const s = { start: 1500, end: 3500, hz: 4, amp: 1450, side: 0.15 };
  const r = rng(1701);
  const hits = diceHits(reversals(s), [0, 0, 1], r, { areaMin: 1500, areaMax: 3000 });
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 1100, 3900))), spikes(ms, hits));
  const sensor = { rateHz: 100, gain: [0.95, 0.95, 0.95], offset: [-60, 40, -100], noiseMg: 5 };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}

// 18. 25 Hz with jitter.
{
  const t = trace({
    name: 'shake-25hz-jitter',
    about:
      'a 4 Hz shake (2.8 g) read at 25 Hz with +-10 ms of timing jitter, board upright but ' +
      'miscalibrated: one shake',
    rateHz: 25,
    durationMs: 5000,
    seed: 18,
  });
  const s = { start: 1200, end: 3200, hz: 4, amp: 2800 };
  const r = rng(1801);
  const hits = diceHits(reversals(s), [0, 0, 1], r);
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 900, 3600))), spikes(ms, hits));
  const sensor = { ...sensors.plain, rateHz: 25, jitterMs: 10 };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}

// 19. 50 Hz read from a FIFO in batches, stamped by the board.
{
  const t = trace({
    name: 'shake-50hz-fifo',
    about:
      'a 5 Hz shake (3 g) at 50 Hz read from a FIFO in batches of 12; the board stamps each ' +
      'batch back from the read time at 20 ms a sample while the sensor runs 10 % fast, so the ' +
      'stamps step back 2 ms at every batch: one shake',
    rateHz: 50,
    durationMs: 5000,
    seed: 19,
  });
  const s = { start: 1300, end: 3300, hz: 5, amp: 3000 };
  const r = rng(1901);
  const hits = diceHits(reversals(s), [0, 0, 1], r);
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 1000, 3700))), spikes(ms, hits));
  const sensor = { ...sensors.plain, rateHz: 50, fifo: { batch: 12, clockError: 0.1 } };
  const out = renderSensor(t, accel, () => 0, sensor);
  // a stamp is up to 11 samples * (20 - 18.2) ms = 20 ms earlier than the sample was taken
  const early = Math.ceil(11 * (20 - 20 / 1.1));
  const exp = handShakeExpect(out, s).map((row) =>
    row[0] === 'shake_started'
      ? [row[0], row[1] - early, row[2], ...row.slice(3)]
      : [row[0], row[1] - early, row[2], row[3] - early, row[4] + early, row[5], row[6]],
  );
  traces.push({ t, text: out.text, expected: exp });
}

// 20-22. The board mounted upside down, on its side, tilted 37 degrees.
for (const [seed, name, mount, mountText, dir, about] of [
  [
    20,
    'mounted-upside-down',
    rotation([1, 0, 0], 180),
    'upside down',
    [0, 0, 1],
    'an up-and-down shake (5 Hz, 3 g)',
  ],
  [
    21,
    'mounted-sideways',
    rotation([0, 1, 0], 90),
    'on its side',
    [1, 0, 0],
    'a side-to-side shake (4 Hz, 2.8 g)',
  ],
  [
    22,
    'mounted-tilted-37',
    unitRotation37(),
    'tilted 37 degrees about a diagonal',
    unit([1, 1, 0]),
    'a diagonal shake (5 Hz, 3 g)',
  ],
]) {
  const t = trace({
    name,
    about: `${about} with the board mounted ${mountText} (at rest it reads 1 g on another axis): one shake`,
    rateHz: 100,
    durationMs: 4500,
    seed,
  });
  const s = {
    start: 1000,
    end: 3000,
    hz: dir[2] === 1 ? 5 : 4,
    amp: dir[2] === 1 ? 3000 : 2800,
    dir,
    across: dir[2] === 1 ? [1, 0, 0] : [0, 0, 1],
  };
  const r = rng(seed * 100 + 1);
  const hits = diceHits(reversals(s), dir, r);
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 700, 3400))), spikes(ms, hits));
  const sensor = {
    ...sensors.plain,
    mount,
    mountText,
    gain: [0.97, 1.04, 1.02],
    offset: [-50, 70, -30],
  };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}
function unitRotation37() {
  return rotation(unit([1, -1, 0]), 37);
}

// 23. Side to side, near the threshold: the swing is horizontal, gravity stays on z.
{
  const t = trace({
    name: 'side-to-side',
    about:
      'shaken side to side at 3.5 Hz, 2.3 g horizontal (|a| about 2.5 g at the ends), ' +
      'dice hitting the walls at each end: one shake',
    rateHz: 100,
    durationMs: 4500,
    seed: 23,
  });
  const s = {
    start: 1000,
    end: 3200,
    hz: 3.5,
    amp: 2300,
    dir: [1, 0, 0],
    across: [0, 1, 0],
    side: 0.2,
  };
  const r = rng(2301);
  const hits = diceHits(reversals(s), [1, 0, 0], r);
  const accel = (ms) => add(add(UP, add(handShake(ms, s), held(ms, 700, 3500))), spikes(ms, hits));
  const out = renderSensor(t, accel, () => 0, sensors.plain);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}

// 24. A vigorous swirl: the cup on a circle, |a| almost constant, never back near 1 g.
{
  const t = trace({
    name: 'swirl-vigorous',
    about:
      'swirling the cup vigorously: a 7 cm ellipse at 3 Hz (2.0-2.8 g horizontal, |a| ' +
      '2.2-3.0 g, never back near 1 g), the cup tilting 8 degrees into the motion, dice rolling ' +
      'round the wall: one shake',
    rateHz: 100,
    durationMs: 5000,
    seed: 24,
  });
  const s = { start: 1000, end: 3500 };
  const r = rng(2401);
  const roll = [];
  for (let at = s.start + 200; at < s.end; at += 60 + r.next() * 120) roll.push(at);
  const hits = diceHits(roll, [1, 0, 0], r, { areaMin: 800, areaMax: 2500, jitter: 0 });
  const accel = (ms) => {
    const e = envelope(ms, s.start, s.end, 250);
    const ph = (2 * Math.PI * 3 * (ms - s.start)) / 1000;
    const horiz = [2800 * e * Math.cos(ph), 2000 * e * Math.sin(ph), 150 * e * Math.sin(2 * ph)];
    const tilt = 8 * deg * e;
    const g = [
      1000 * Math.sin(tilt) * Math.cos(ph),
      1000 * Math.sin(tilt) * Math.sin(ph),
      1000 * Math.cos(tilt),
    ];
    return add(add(add(g, horiz), held(ms, 700, 3900)), spikes(ms, hits));
  };
  const sensor = {
    ...sensors.plain,
    mount: rotation([0, 0, 1], 30),
    mountText: 'turned 30 degrees',
  };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({
    t,
    text: out.text,
    expected: handShakeExpect(out, { start: s.start, end: s.end }),
  });
}

// 25. A shake, then the dice rattle on: sampled at the instant, so every spike is caught.
{
  const t = trace({
    name: 'shake-then-dice-rattle',
    about:
      'a 1.8 s shake (5 Hz, 3 g), then the hand stops and the dice rattle on for 0.9 s ' +
      '(impacts of 1-3 g lasting 2-4 ms, every 45-155 ms, caught at full height by a sensor ' +
      'without a filter): one shake, ended when the hand stopped',
    rateHz: 100,
    durationMs: 5000,
    seed: 25,
  });
  const s = { start: 1000, end: 2800, hz: 5, amp: 3000 };
  const r = rng(2501);
  const hits = [
    ...diceHits(reversals(s), [0, 0, 1], r),
    ...rattle(s.end, s.end + 900, r, { area: 6000 }),
  ];
  // a sensor without a filter samples an instant: put each rattle spike's top on a sample
  const onSample = hits.map((h) =>
    h.at > s.end ? { ...h, at: Math.round(h.at / 10) * 10 - h.width / 2 } : h,
  );
  const accel = (ms) =>
    add(add(UP, add(handShake(ms, s), held(ms, 700, 4200))), spikes(ms, onSample));
  const sensor = { ...sensors.plain, instant: true };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
}

// 26. A knock on the table with the dice jumping, on a +-4 g sensor.
{
  const t = trace({
    name: 'knock-with-dice',
    about:
      'the cup knocked on the table twice 400 ms apart (5 g, clipped at 4 g, ringing at ' +
      '50 Hz), the dice jumping for 0.5 s after each: nothing',
    rateHz: 100,
    durationMs: 4000,
    seed: 26,
  });
  const r = rng(2601);
  const knocks = [1500, 1900];
  const hits = knocks.flatMap((k) => rattle(k, k + 500, r, { area: 5000 }));
  const accel = (ms) => {
    let a = add(UP, held(ms, 1000, 2600));
    for (const k of knocks) {
      a = add(
        a,
        pulse(ms, { at: k, width: 12, area: 5000 * 12 * (2 / Math.PI), dir: [0.15, 0, 1] }),
      );
      a = add(a, ring(ms, { at: k + 12, hz: 50, amp: 900, tau: 25, dir: [0.5, 0.3, 1] }));
    }
    return add(a, spikes(ms, hits));
  };
  const sensor = { ...sensors.plain, rail: { pos: 4095, neg: 4096 } };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: [] });
}

// 27. The cup set down hard with the dice bouncing, on a +-2 g sensor at 50 Hz.
{
  const t = trace({
    name: 'set-down-hard-dice',
    about:
      'lifted, brought down fast and slammed on the table (6 g, clipped at 2 g), a bounce, ' +
      'ringing, the dice bouncing for 0.6 s; +-2 g sensor at 50 Hz, sampled at the instant: ' +
      'nothing',
    rateHz: 50,
    durationMs: 3500,
    seed: 27,
  });
  const r = rng(2701);
  const impact = 1500;
  const hits = rattle(impact + 10, impact + 650, r, { area: 6000 });
  const accel = (ms) => {
    let a = add(UP, scale(tremor(ms), envelope(ms, 600, impact, 100)));
    a = add(a, [0, 0, 350 * halfSine(ms, 600, 300)]); // lift
    if (ms >= impact - 180 && ms < impact)
      a = add(a, [0, 0, -500 * halfSine(ms, impact - 180, 180)]); // down fast
    a = add(
      a,
      pulse(ms, { at: impact, width: 14, area: 5000 * 14 * (2 / Math.PI), dir: [0.2, 0.1, 1] }),
    );
    a = add(
      a,
      pulse(ms, { at: impact + 50, width: 10, area: 1500 * 10 * (2 / Math.PI), dir: [0, 0, 1] }),
    );
    a = add(a, ring(ms, { at: impact + 14, hz: 40, amp: 800, tau: 30, dir: [0.5, 0.2, 1] }));
    return add(a, spikes(ms, hits));
  };
  const sensor = { ...sensors.plain, rateHz: 50, instant: true, rail: { pos: 1999, neg: 2000 } };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: [] });
}

// 28. Carried across the table.
{
  const t = trace({
    name: 'carried',
    about:
      'picked up, carried 60 cm across the table (0.5 g pushes), tilted 15 degrees on the way, ' +
      'hand tremor, set down gently: nothing',
    rateHz: 50,
    durationMs: 5000,
    seed: 28,
  });
  const accel = (ms) => {
    const tilt = 15 * deg * envelope(ms, 1500, 3000, 400);
    const g = [0, 1000 * Math.sin(tilt), 1000 * Math.cos(tilt)];
    const push = 500 * halfSine(ms, 1400, 500) - 500 * halfSine(ms, 2600, 500);
    const bob = 120 * Math.sin((2 * Math.PI * 1.8 * ms) / 1000) * envelope(ms, 1300, 3200, 200);
    let a = add(g, [push, 0.3 * push, bob]);
    a = add(a, held(ms, 1000, 3600));
    a = add(a, [0, 0, 250 * halfSine(ms, 3590, 15)]); // touching down
    return a;
  };
  const sensor = { ...sensors.plain, rateHz: 50, jitterMs: 3 };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: [] });
}

// 29. Tilted to pour the dice out, held there, put back.
{
  const t = trace({
    name: 'pour',
    about:
      'tilted 130 degrees over 0.7 s to pour the dice out (they slide and drop: small knocks), ' +
      'held upside down-ish for 1.5 s, turned back; the miscalibrated sensor reads 1080 mg ' +
      'upright and 900 mg tilted: nothing',
    rateHz: 100,
    durationMs: 6000,
    seed: 29,
  });
  const r = rng(2901);
  const angle = (ms) =>
    130 * deg * Math.min(1, Math.max(0, Math.min((ms - 1000) / 700, (4200 - ms) / 700)));
  const dice = [1550, 1620, 1700, 1760].map((at) => ({
    at,
    width: 3,
    area: 1500 + 1500 * r.next(),
    dir: unit([0, 1, -0.5]),
  }));
  const accel = (ms) => {
    const th = angle(ms);
    const w = (angle(ms + 5) - angle(ms - 5)) / 0.01; // rad/s
    const g = [0, 1000 * Math.sin(th), 1000 * Math.cos(th)];
    const centripetal = [0, 0, (-0.05 * w * w * 1000) / 9.81]; // sensor 5 cm from the axis
    return add(add(add(g, centripetal), held(ms, 700, 4800)), spikes(ms, dice));
  };
  const sensor = { rateHz: 100, gain: [1.0, 0.96, 1.04], offset: [30, -90, 40], noiseMg: 6 };
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: [] });
}

// 30. A whole turn as real hands and a real sensor do it.
{
  const t = trace({
    name: 'whole-turn-real',
    about:
      'a turn on a +-4 g sensor at 50 Hz with jitter, board tilted 37 degrees, miscalibrated: ' +
      'picked up, swirled then shaken up and down (2.2 s), set down with the dice rattling, ' +
      'peeked (reed with bounce), slid to the next player, who lifts the lid and pours the ' +
      'dice out: shake, peek, lift',
    rateHz: 50,
    durationMs: 11000,
    seed: 30,
  });
  const swirl = { start: 1200, end: 2200 };
  const s = { start: 2200, end: 3400, hz: 5, amp: 3200 };
  const r = rng(3001);
  const hits = [...diceHits(reversals(s), [0, 0, 1], r), ...rattle(3650, 4200, r, { area: 4000 })];
  const peek = bouncyLid(5000, 5700);
  const lift = bouncyLid(8000);
  const pourAngle = (ms) =>
    120 * deg * Math.min(1, Math.max(0, Math.min((ms - 8600) / 700, (10200 - ms) / 700)));
  const accel = (ms) => {
    const e = envelope(ms, swirl.start, swirl.end, 200);
    const ph = (2 * Math.PI * 3 * (ms - swirl.start)) / 1000;
    let a = add(UP, [2600 * e * Math.cos(ph), 2200 * e * Math.sin(ph), 0]);
    a = add(a, handShake(ms, s));
    a = add(a, held(ms, 900, 3650));
    a = add(a, pulse(ms, { at: 3640, width: 10, area: 1200 * 10 * (2 / Math.PI), dir: [0, 0, 1] })); // set down
    // slid to the next player
    a = add(a, [300 * halfSine(ms, 6500, 300) - 300 * halfSine(ms, 6900, 300), 0, 0]);
    // lifted lid, then the cup tilted to pour
    const th = pourAngle(ms);
    if (th > 0) a = add(sub(a, UP), [0, 1000 * Math.sin(th), 1000 * Math.cos(th)]);
    a = add(a, held(ms, 8400, 10600));
    return add(a, spikes(ms, hits));
  };
  const lid = (ms) => (ms < 6000 ? peek.read(Math.round(ms)) : lift.read(Math.round(ms)));
  const sensor = {
    rateHz: 50,
    jitterMs: 4,
    mount: unitRotation37(),
    mountText: 'tilted 37 degrees',
    gain: [1.04, 0.97, 1.03],
    offset: [60, -80, 50],
    noiseMg: 8,
    lsbMg: 2,
    rail: { pos: 4094, neg: 4096 },
  };
  const out = renderSensor(t, accel, lid, sensor, [...peek.times, ...lift.times]);
  traces.push({
    t,
    text: out.text,
    expected: [
      ...handShakeExpect(out, { start: swirl.start, end: s.end }),
      ...lidExpect(5000, 5700),
      ...lidExpect(8000),
    ],
  });
}
function sub(a, b) {
  return a.map((v, i) => v - b[i]);
}

mkdirSync(outDir, { recursive: true });
for (const { t, text, expected } of traces) {
  writeFileSync(join(outDir, `${t.name}.csv`), text);
  const header = 'event,t_min_ms,t_max_ms,value_min,value_max,peak_min_mg,peak_max_mg';
  const body = expected.map((row) => row.join(',')).join('\n');
  writeFileSync(join(outDir, `${t.name}.expected.csv`), header + '\n' + (body ? body + '\n' : ''));
  console.log(`${t.name}: ${expected.length} expected event(s)`);
}
