/**
 * The lid from the Puck's magnetometer (MMC5603NJ, readings in 0.1 uT): a magnet in the lid.
 * The level is how far the field is from the field with the lid off, so the Earth's field and
 * the Puck's own magnetism cancel out; the core's analog lid mode turns it into open/closed
 * with two thresholds between the two calibrated levels (a higher level is closed).
 */
import type { Xyz } from './espruino';

/** One calibration: the field with the lid on, and with it off (stored in flash). */
export interface LidCalibration {
  on: Xyz;
  off: Xyz;
}

/**
 * The least difference between lid on and lid off, in 0.1 uT (400 uT). Turning the cup over
 * swings the Earth's field (25-65 uT) by at most 130 uT, and the open threshold below sits at
 * 35 % of the difference: 140 uT or more, so no tilt of a cup without its lid reads closed.
 */
export const MIN_SPAN = 4000;
/** The sensor's range is +-30 gauss (3000 uT) an axis. */
export const LEVEL_MAX = 65535;

export function lidLevel(cal: LidCalibration, xyz: Xyz): number {
  const dx = xyz.x - cal.off.x;
  const dy = xyz.y - cal.off.y;
  const dz = xyz.z - cal.off.z;
  return Math.min(LEVEL_MAX, Math.round(Math.sqrt(dx * dx + dy * dy + dz * dz)));
}

/** The core's two levels, or null when the magnet is too weak (or the two readings swapped). */
export function lidThresholds(
  cal: LidCalibration,
): { openLevel: number; closedLevel: number } | null {
  const span = lidLevel(cal, cal.on);
  if (span < MIN_SPAN) return null;
  return { openLevel: Math.round(span * 0.35), closedLevel: Math.round(span * 0.65) };
}

export function isCalibration(v: unknown): v is LidCalibration {
  const xyz = (p: unknown) =>
    typeof p === 'object' &&
    p !== null &&
    typeof (p as Xyz).x === 'number' &&
    typeof (p as Xyz).y === 'number' &&
    typeof (p as Xyz).z === 'number';
  return (
    typeof v === 'object' &&
    v !== null &&
    xyz((v as LidCalibration).on) &&
    xyz((v as LidCalibration).off)
  );
}
