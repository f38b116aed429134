/** What the fake Puck's sensors read: a cup on a table, its lid on or off, shaken now and then. */
import type { Xyz } from '../src/espruino';
import type { FakeWorld } from './fake-espruino';

/** The Earth's field and the Puck's own, as read with the lid off (0.1 uT). */
export const EARTH: Xyz = { x: 180, y: -320, z: 410 };
/** A 6 x 2 mm disc magnet 20 mm above the Puck adds about 1 mT (docs/build-a-cup.md). */
export const MAGNET: Xyz = { x: 150, y: -90, z: 10_500 };

export class CupWorld implements FakeWorld {
  lidOn = true;
  /** A weaker magnet (calibration tests). */
  magnetScale = 1;
  private shakes: { from: number; to: number }[] = [];

  /** A dice cup's shake: 2.5 Hz up and down, 1.6 g at the ends of the swing. */
  shake(fromMs: number, ms: number): void {
    this.shakes.push({ from: fromMs, to: fromMs + ms });
  }

  motion(ms: number): Xyz {
    const on = this.shakes.find((s) => ms >= s.from && ms < s.to);
    if (!on) return { x: 4, y: -7, z: 1000 };
    const swing = 1600 * Math.sin((2 * Math.PI * 2.5 * (ms - on.from)) / 1000);
    return { x: 30, y: -20, z: 1000 + swing };
  }

  field(): Xyz {
    if (!this.lidOn) return { ...EARTH };
    const k = this.magnetScale;
    return { x: EARTH.x + MAGNET.x * k, y: EARTH.y + MAGNET.y * k, z: EARTH.z + MAGNET.z * k };
  }
}
