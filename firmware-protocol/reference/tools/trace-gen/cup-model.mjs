// Slow, wide shakes of a dice cup (issue #25): the model behind tools/trace-gen/cup-traces.mjs.
//
// A player shakes a dice cup with the whole forearm, not the wrist: 2-2.5 swings a second over
// 10-15 cm, along one axis a little off vertical (the cup is swung up and down, leaning
// forward), smoothly (almost a sine). The hand's acceleration along the axis peaks at
// A = x (2 pi f)^2: 1.3 g for 8 cm at 2 Hz. With gravity, |a| swings between about
// sqrt(1 + A^2 + 2 A cos(tilt)) at the top and sin(tilt) near the bottom (the magnitude folds
// through its minimum when the hand pulls down harder than 1 g): 2.3 g and 0.2 g for A = 1.3 g
// and a tilt of 12 degrees. Such a shake has little high-frequency content: the dice slide more
// than they hit.
import { envelope } from './ideal-model.mjs';
import { add, deg, scale, unit } from './sensor-model.mjs';

/** The swing axis `tilt` degrees off vertical, leaning towards +x. */
export const swingAxis = (tilt) => [Math.sin(tilt * deg), 0, Math.cos(tilt * deg)];

/**
 * The hand's acceleration (mg, without gravity) while it swings the cup over [start, end):
 * amplitude `amp` along `dir`, a small third harmonic, `side` of it across, the frequency
 * drifting +-6 % and the amplitude +-`wobble` as a hand does, ramps of `ramp` ms. `pauses`
 * lists [from, to) spans in which the hand holds the cup still (the swing starts again after).
 */
export function cupSwing(
  t,
  {
    start,
    end,
    hz,
    amp,
    dir = swingAxis(12),
    across = [0, 1, 0],
    side = 0.12,
    ramp,
    wobble = 0.08,
    pauses = [],
  },
) {
  let from = start;
  for (const [p0, p1] of pauses) {
    if (t >= p0 && t < p1) return [0, 0, 0];
    if (t >= p1) from = p1;
  }
  const until = pauses.find(([p0]) => p0 > t)?.[0] ?? end;
  const r = ramp ?? 250 / hz;
  const e = envelope(t, from, until, r);
  if (e === 0) return [0, 0, 0];
  const s = (t - from) / 1000;
  const phase =
    2 * Math.PI * hz * (s - (0.06 / (2 * Math.PI * 0.6)) * (Math.cos(2 * Math.PI * 0.6 * s) - 1));
  const a = amp * e * (1 + wobble * Math.sin((2 * Math.PI * 0.9 * (t - start)) / 1000 + 0.5));
  const along = a * (Math.sin(phase) + 0.04 * Math.sin(3 * phase));
  const cross = side * a * Math.sin(phase + 1.1);
  return add(scale(unit(dir), along), scale(across, cross));
}

/** The times within the swing at which it reverses (the ends, where dice may hit a wall). */
export function swingEnds({ start, end, hz, pauses = [] }) {
  const out = [];
  for (let t = start + 1000 / hz / 4; t < end - 40; t += 1000 / hz / 2) {
    if (!pauses.some(([p0, p1]) => t >= p0 - 60 && t < p1 + 60)) out.push(Math.round(t));
  }
  return out;
}

/**
 * Expected events of a swing of the hand over [start, end) (see the traces' README section):
 * `shake_started` at or after the start, by half a swing after the hand's own acceleration first
 * reaches the threshold (the detector knows how far a swing went once it has seen both its
 * ends), or 250 ms after the start, whichever is later; `shake_ended` after the hand's last
 * active swing end (within half a swing and a ramp before the hand stops) and by one sample
 * after it stops; the peak as handShakeExpect.
 */
export function cupShakeExpect({ samples, period }, s, hand, threshold = 1200) {
  const halfSwing = 500 / s.hz;
  const ramp = s.ramp ?? 250 / s.hz;
  const inShake = samples.filter((p) => p.at >= s.start && p.at <= s.end + period);
  const rep = Math.max(...inShake.map((p) => p.rep));
  const late = Math.ceil(period);
  const first = inShake.find((p) => Math.hypot(...hand(p.at)) >= threshold);
  const startBy = Math.max(s.start + 250, first ? Math.ceil(first.at + halfSwing + period) : 0);
  const early = Math.ceil(Math.max(250, halfSwing + ramp));
  return [
    ['shake_started', s.start, startBy, '', '', '', ''],
    [
      'shake_ended',
      s.end - early,
      s.end + late,
      s.end - s.start - early - (startBy - s.start),
      s.end - s.start + late,
      Math.round(rep * 0.9),
      Math.ceil(rep * 1.01),
    ],
  ];
}
