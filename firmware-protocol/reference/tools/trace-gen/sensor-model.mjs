import { clamp16, envelope, halfSine, peakMax, rng } from './ideal-model.mjs';

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

export const deg = Math.PI / 180;
/** Rotation matrix about a unit axis by `d` degrees. */
export function rotation([ux, uy, uz], d) {
  const c = Math.cos(d * deg);
  const s = Math.sin(d * deg);
  const t = 1 - c;
  return [
    [t * ux * ux + c, t * ux * uy - s * uz, t * ux * uz + s * uy],
    [t * ux * uy + s * uz, t * uy * uy + c, t * uy * uz - s * ux],
    [t * ux * uz - s * uy, t * uy * uz + s * ux, t * uz * uz + c],
  ];
}
export const apply = (m, v) => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
export const add = (a, b) => a.map((v, i) => v + b[i]);
export const scale = (a, k) => a.map((v) => v * k);
export const IDENTITY = rotation([0, 0, 1], 0);
export const UP = [0, 0, 1000];

/** A half-sine pulse of `area` mg*ms and `width` ms starting at `at`, along unit `dir`. */
export function pulse(t, { at, width, area, dir }) {
  if (t < at || t >= at + width) return [0, 0, 0];
  const peak = (area * Math.PI) / (2 * width);
  return scale(dir, peak * Math.sin((Math.PI * (t - at)) / width));
}
/** Ringing after an impact: a decaying sine along `dir`. */
export function ring(t, { at, hz, amp, tau, dir }) {
  if (t < at) return [0, 0, 0];
  const d = t - at;
  return scale(dir, amp * Math.exp(-d / tau) * Math.sin((2 * Math.PI * hz * d) / 1000));
}
export const unit = (v) => scale(v, 1 / Math.hypot(...v));

/**
 * A hand shaking the cup: an oscillation along `dir` with a third harmonic, a smaller component
 * across it, the frequency and the amplitude drifting as a hand does, an envelope with ramps.
 * Returns the acceleration without gravity, in mg.
 */
export function handShake(
  t,
  { start, end, hz, amp, dir = [0, 0, 1], across = [1, 0, 0], side = 0.25 },
) {
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
export function reversals({ start, end, hz }) {
  const out = [];
  for (let t = start + 1000 / hz / 4; t < end - 40; t += 1000 / hz / 2) out.push(Math.round(t));
  return out;
}
/** Dice hitting the walls at the given times: spikes along +-dir, areas 2500-6000 mg*ms. */
export function diceHits(times, dir, r, { areaMin = 2500, areaMax = 6000, jitter = 12 } = {}) {
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
export function rattle(from, untilMs, r, { area = 5000 } = {}) {
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
export const spikes = (t, hits) => hits.reduce((acc, h) => add(acc, pulse(t, h)), [0, 0, 0]);
/** Hand tremor while the cup is held: 9-11 Hz, tens of mg. */
export const tremor = (t, amp = 25) => [
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
export function renderSensor(t, accel, lid, sensor, extraLidTimes = []) {
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
export function handShakeExpect({ samples, period }, { start, end }, threshold = 1200) {
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
export function held(t, from, to) {
  if (t < from || t >= to) return [0, 0, 0];
  return add(
    [0, 0, 300 * halfSine(t, from, 250) - 250 * halfSine(t, to - 250, 250)],
    scale(tremor(t), envelope(t, from, to, 150)),
  );
}

export const sensors = {
  // a plain board, LIS2DH12-like at 100 Hz, slightly miscalibrated
  plain: { rateHz: 100, gain: [1.02, 0.99, 1.01], offset: [20, -35, 40], noiseMg: 5 },
};
export function unitRotation37() {
  return rotation(unit([1, -1, 0]), 37);
}
export function sub(a, b) {
  return a.map((v, i) => v - b[i]);
}
