/**
 * The simulated board's sensors and clock: what the accelerometer reads (a cup at rest, a person
 * shaking it, or readings recorded elsewhere played back) and what the lid switch reads, fed
 * into the core at the accelerometer's rate on the board's clock (ms since boot, never back).
 */
import type { CupCore } from '../../../firmware-protocol/wasm';
import { CupMotion, type ShakeStyle } from './motion';

/** After a pause (or a jump of the clock) the board feeds at most this much of the rest. */
const CATCH_UP_MS = 250;

/** A recorded reading (a trace's row): ms from the recording's start. */
export interface PlayedReading {
  t: number;
  accel?: { x: number; y: number; z: number };
  lid?: 0 | 1;
}

export class SimSensors {
  private readonly motion: CupMotion;
  private bootAt = 0;
  private last = 0;
  private nextSample = 0;
  private lidOpen = false;
  private playing = false;

  constructor(
    private readonly core: CupCore,
    private readonly now: () => number,
    private readonly rateHz: number,
    seed: number,
  ) {
    this.motion = new CupMotion(seed);
  }

  /**
   * The board's clock now, ms since boot. While a recording plays the clock is the recording's:
   * a wait that ends late (a busy machine) must not stamp the next reading with the wall clock,
   * or the detector would see other gaps between readings than the recording has.
   */
  time(): number {
    if (this.playing) return this.last;
    this.last = Math.max(this.last, (this.now() - this.bootAt) >>> 0);
    return this.last;
  }

  /** The time of the last call into the core (no later than `time()`). */
  get latest(): number {
    return this.last;
  }

  /** The lid as the person left it. */
  get lidUp(): boolean {
    return this.lidOpen;
  }

  /** A person is shaking the cup (or a recording is being played). */
  moving(): boolean {
    return this.playing || this.motion.moving(this.time());
  }

  /** The core (re)boots now: the clock from 0, at rest, the first lid reading. */
  boot(lidOpen: boolean): void {
    this.bootAt = this.now();
    this.last = 0;
    this.nextSample = 0;
    this.motion.reset();
    this.lidOpen = lidOpen;
    this.core.lid(0, lidOpen ? 1 : 0);
  }

  /**
   * Feed the readings up to now, `each` after each one (the board hands on what the core has
   * due, as a board's interrupt would: a late timer must not overflow the core's queues); false
   * while a recording plays (it feeds itself).
   */
  catchUp(each: () => void): boolean {
    if (this.playing) return false;
    const t = this.time();
    const period = 1000 / this.rateHz;
    let s = Math.max(this.nextSample, t - CATCH_UP_MS);
    for (; s <= t; s += period) {
      const at = Math.round(s);
      const [x, y, z] = this.motion.reading(at);
      this.core.accel(at, x, y, z);
      this.nextSample = s + period;
      each();
    }
    return true;
  }

  /** A person shakes the cup from now, for `ms` (Infinity: until `stopShaking`). */
  shake(ms: number, style?: ShakeStyle): void {
    this.motion.shake(this.time(), ms, style);
  }

  stopShaking(): void {
    this.motion.stop(this.time());
  }

  setLid(open: boolean): void {
    this.lidOpen = open;
    this.core.lid(this.time(), open ? 1 : 0);
  }

  /**
   * Readings recorded elsewhere played into the core, each at its time from now on; `each`
   * runs after each one (a tick, the frames due). The clock then goes on from the last one,
   * ahead of the wall clock if the playing was faster than the recording.
   */
  async play(
    rows: readonly PlayedReading[],
    wait: (ms: number) => Promise<void>,
    each: (t: number) => void,
  ): Promise<void> {
    const start = this.time();
    this.playing = true;
    try {
      let previous = rows[0]?.t ?? 0;
      for (const row of rows) {
        if (row.t > previous) await wait(row.t - previous);
        previous = row.t;
        const at = Math.max(this.last, start + row.t);
        this.last = at;
        if (row.accel) this.core.accel(at, row.accel.x, row.accel.y, row.accel.z);
        if (row.lid !== undefined) {
          this.core.lid(at, row.lid);
          this.lidOpen = row.lid === 1;
        }
        each(at);
      }
    } finally {
      this.playing = false;
    }
    this.bootAt = Math.min(this.bootAt, this.now() - this.last);
    this.nextSample = this.last + 1;
  }
}
