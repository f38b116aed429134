// The ideal model of the traces (tools/gen-traces.mjs): a seeded PRNG, envelopes, a sensor that
// reads the true acceleration plus noise, the expected events of a shake and of the lid.

/** mulberry32: a small seeded PRNG, so the traces never change between runs. */
export function rng(seed) {
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

export const clamp16 = (v) => Math.max(-32767, Math.min(32767, Math.round(v)));
export const mag = ([x, y, z]) => Math.sqrt(x * x + y * y + z * z);
export const halfSine = (t, start, width) =>
  t >= start && t < start + width ? Math.sin((Math.PI * (t - start)) / width) : 0;
/** Smooth 0..1..0 envelope over [start, end) with ramps of `ramp` ms. */
export const envelope = (t, start, end, ramp = 60) => {
  if (t < start || t >= end) return 0;
  return Math.min(1, (t - start) / ramp, (end - t) / ramp);
};

/**
 * A trace: `accel(t)` gives the true acceleration [x, y, z] in milli-g at time t (ms), or null
 * for no sample; `lid(t)` the sensor reading or null. Samples are taken every 1000/rate ms;
 * `extraLidTimes` adds lid-only rows (contact bounce faster than the sample rate).
 */
export function trace({
  name,
  about,
  rateHz,
  lidMode = 'digital',
  durationMs,
  seed,
  noiseMg = 15,
}) {
  return { name, about, rateHz, lidMode, durationMs, seed, noiseMg };
}

export function render(t, accel, lid, extraLidTimes = []) {
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
export const peakIn = (truth, from, to) =>
  Math.round(Math.max(...truth.filter(([ms]) => ms >= from && ms <= to).map(([, m]) => m)));

export const rest = () => [0, 0, 1000];

/** A shake: a dominant oscillation (vertical and sideways), a harmonic, and an envelope. */
export function shake(ms, { start, end, hz, amp, side = 0.5 }) {
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
export const peakMax = (peak) => Math.ceil(peak * 1.01);

export function shakeExpect(truth, { start, end }) {
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
export function lidExpect(open, close) {
  const rows = [['lid_opened', open, open + 10, '', '', '', '']];
  if (close !== undefined) {
    rows.push(['lid_closed', close, close + 10, close - open - 10, close - open + 10, '', '']);
  }
  return rows;
}

/** Digital lid with contact bounce: 1 (open) during [open, close), toggling for 6 ms at edges. */
export function bouncyLid(open, close) {
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
