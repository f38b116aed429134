/**
 * What the simulated cup's accelerometer reads: a cup at rest (gravity and a little noise), and
 * a person shaking it the way a dice cup is shaken (a smooth swing along one axis with a
 * smaller sway across it, its pace and strength drifting as a hand's do, the dice knocking at
 * each reversal). Readings in milli-g, on the cup's clock (ms). Deterministic for a seed.
 */

/** How the person shakes: the swing's frequency and its amplitude (mg, without gravity). */
export interface ShakeStyle {
  hz: number;
  amplitudeMg: number;
}

/**
 * How a dice cup is shaken: two and a half swings a second, |a| swinging smoothly between
 * about 0 and 2.7 g (the detector's operating range: firmware-protocol/reference/README.md).
 */
export const DICE_CUP_SHAKE: ShakeStyle = { hz: 2.5, amplitudeMg: 1_500 };

const NOISE_MG = 8;
const RAMP_MS = 80;
const ONE_G = 1_000;

interface Shake extends ShakeStyle {
  from: number;
  to: number;
}

export type Reading = [x: number, y: number, z: number];

export class CupMotion {
  private shakes: Shake[] = [];
  private state: number;

  constructor(seed = 1) {
    this.state = seed >>> 0;
  }

  /** The person shakes the cup from `from` for `ms` (cup clock). */
  shake(from: number, ms: number, style: ShakeStyle = DICE_CUP_SHAKE): void {
    this.shakes.push({ from, to: from + ms, ...style });
  }

  /** The person stops shaking at `t`. */
  stop(t: number): void {
    for (const s of this.shakes) s.to = Math.min(s.to, t);
  }

  /** The cup is put down: no shake under way or to come (a restart). */
  reset(): void {
    this.shakes = [];
  }

  /** Whether a shake is under way or still to come at `t`. */
  moving(t: number): boolean {
    return this.shakes.some((s) => s.to > t);
  }

  /** The reading at `t`; shakes that ended before `t` are forgotten. */
  reading(t: number): Reading {
    this.shakes = this.shakes.filter((s) => s.to > t - RAMP_MS);
    let [x, y, z] = [0, 0, ONE_G];
    for (const s of this.shakes) {
      const [sx, sy, sz] = swing(t, s);
      x += sx;
      y += sy;
      z += sz;
    }
    return [this.noisy(x), this.noisy(y), this.noisy(z)];
  }

  private noisy(v: number): number {
    return Math.max(-32767, Math.min(32767, Math.round(v + NOISE_MG * this.gauss())));
  }

  /** mulberry32, then Box-Muller. */
  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  private gauss(): number {
    return (
      Math.sqrt(-2 * Math.log(Math.max(this.next(), 1e-12))) * Math.cos(2 * Math.PI * this.next())
    );
  }
}

/** One shake's acceleration at `t` (no gravity): along z, with a sway along x. */
function swing(t: number, s: Shake): Reading {
  if (t < s.from || t >= s.to) return [0, 0, 0];
  const envelope = Math.min(1, (t - s.from) / RAMP_MS, (s.to - t) / RAMP_MS);
  const sec = (t - s.from) / 1000;
  // The pace drifts by +-8 % at 0.7 Hz, the strength by +-10 % at 1.3 Hz, as a hand's do.
  const phase =
    2 *
    Math.PI *
    s.hz *
    (sec - (0.08 / (2 * Math.PI * 0.7)) * (Math.cos(2 * Math.PI * 0.7 * sec) - 1));
  const a = s.amplitudeMg * envelope * (1 + 0.1 * Math.sin(2 * Math.PI * 1.3 * sec));
  const along = a * (Math.sin(phase) + 0.15 * Math.sin(3 * phase));
  // The dice knock at each reversal of the swing: a short spike along it.
  const knock = Math.abs(Math.cos(phase)) < 0.08 ? 0.5 * a * Math.sign(Math.sin(phase)) : 0;
  return [0.25 * a * Math.sin(phase + 0.7), 0, along + knock];
}
