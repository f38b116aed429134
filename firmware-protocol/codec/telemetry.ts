/**
 * The Telemetry frame (PROTOCOL.md 4.7, a 1.1 addition): raw samples while a stream runs. A
 * 7-byte header (its own sequence number, the kind, the time) and a payload by kind.
 */

import {
  Length,
  TELEMETRY_END_REASONS,
  TelemetryKind,
  type KnownTelemetryKind,
  type TelemetryEndReason,
} from './constants';
import {
  bytesOf,
  checkLength,
  fromHex,
  FrameWriter,
  i16,
  toHex,
  u16,
  u32,
  type FrameInput,
} from './bytes';
import { accept, reject, type DecodeResult } from './result';

interface TelemetryHeader {
  /** The stream's own sequence number: 0 for its first frame, + 1 per frame (u16, wraps). */
  seq: number;
  /** Milliseconds since the cup booted: the (first) reading's time, or when the stream ended. */
  timeMs: number;
}

/** One accelerometer sample in milli-g. */
export interface AccelSample {
  x: number;
  y: number;
  z: number;
}

export type TelemetryFrame =
  | (TelemetryHeader & { kind: 'accel' } & AccelSample)
  /** Two samples, the second `intervalMs` after the first. */
  | (TelemetryHeader & {
      kind: 'accel2';
      intervalMs: number;
      x2: number;
      y2: number;
      z2: number;
    } & AccelSample)
  /** A lid reading: `open` as the cup's settings read it (before the debounce), and the raw value. */
  | (TelemetryHeader & { kind: 'lid'; open: boolean; reading: number })
  | (TelemetryHeader & { kind: 'end'; reason: TelemetryEndReason })
  /** A kind from a later version: keep its sequence number, ignore the rest. */
  | (TelemetryHeader & { kind: 'unknown'; kindCode: number; payload: string });

const NAMES = new Map<number, KnownTelemetryKind>(
  (Object.entries(TelemetryKind) as [KnownTelemetryKind, number][]).map(([n, c]) => [c, n]),
);

const LENGTHS: Record<KnownTelemetryKind, number> = {
  accel: Length.telemetryAccel,
  accel2: Length.telemetryAccel2,
  lid: Length.telemetryLid,
  end: Length.telemetryEnd,
};

export function decodeTelemetry(input: FrameInput): DecodeResult<TelemetryFrame> {
  const b = bytesOf(input);
  const early = checkLength(b, Length.telemetryHeader, 'telemetry');
  if (early) return early;
  const code = b[2];
  const header = { seq: u16(b, 0), timeMs: u32(b, 3) };
  if (code === 0) return reject('bad_value', 'telemetry kind 0 is reserved');
  const kind = NAMES.get(code);
  if (kind === undefined) {
    return accept({ ...header, kind: 'unknown', kindCode: code, payload: toHex(b.subarray(7)) });
  }
  const short = checkLength(b, LENGTHS[kind], `telemetry ${kind} frame`);
  if (short) return short;
  switch (kind) {
    case 'accel':
      return accept({ ...header, kind, x: i16(b, 7), y: i16(b, 9), z: i16(b, 11) });
    case 'accel2':
      return accept({
        ...header,
        kind,
        intervalMs: b[7],
        x: i16(b, 8),
        y: i16(b, 10),
        z: i16(b, 12),
        x2: i16(b, 14),
        y2: i16(b, 16),
        z2: i16(b, 18),
      });
    case 'lid':
      if (b[7] > 1) return reject('bad_value', `telemetry lid open byte ${b[7]}, must be 0 or 1`);
      return accept({ ...header, kind, open: b[7] === 1, reading: u16(b, 8) });
    case 'end': {
      const reason = TELEMETRY_END_REASONS[b[7]] as TelemetryEndReason | undefined;
      if (reason === undefined) {
        return reject('bad_value', `telemetry end reason ${b[7]}, must be 0..2`);
      }
      return accept({ ...header, kind, reason });
    }
  }
}

/** Encodes a Telemetry frame; throws RangeError on out-of-range input. */
export function encodeTelemetry(frame: TelemetryFrame): Uint8Array {
  const code = frame.kind === 'unknown' ? frame.kindCode : TelemetryKind[frame.kind];
  if (frame.kind === 'unknown' && NAMES.has(code)) {
    throw new RangeError(`kindCode ${code} is a known kind, not an unknown one`);
  }
  if (code === 0) throw new RangeError('telemetry kind 0 is reserved');
  const w = new FrameWriter().u16(frame.seq, 'seq').u8(code, 'kind').u32(frame.timeMs, 'timeMs');
  switch (frame.kind) {
    case 'accel':
      w.i16(frame.x, 'x').i16(frame.y, 'y').i16(frame.z, 'z');
      break;
    case 'accel2':
      w.u8(frame.intervalMs, 'intervalMs');
      w.i16(frame.x, 'x').i16(frame.y, 'y').i16(frame.z, 'z');
      w.i16(frame.x2, 'x2').i16(frame.y2, 'y2').i16(frame.z2, 'z2');
      break;
    case 'lid':
      w.u8(frame.open ? 1 : 0, 'open').u16(frame.reading, 'reading');
      break;
    case 'end':
      w.u8(TELEMETRY_END_REASONS.indexOf(frame.reason), 'reason');
      break;
    case 'unknown':
      w.raw(fromHex(frame.payload));
      break;
  }
  return w.finish('telemetry');
}

/** The samples of an `accel` or `accel2` frame with their times; none for other kinds. */
export function telemetrySamples(frame: TelemetryFrame): (AccelSample & { timeMs: number })[] {
  if (frame.kind === 'accel') return [{ timeMs: frame.timeMs, x: frame.x, y: frame.y, z: frame.z }];
  if (frame.kind !== 'accel2') return [];
  return [
    { timeMs: frame.timeMs, x: frame.x, y: frame.y, z: frame.z },
    { timeMs: (frame.timeMs + frame.intervalMs) >>> 0, x: frame.x2, y: frame.y2, z: frame.z2 },
  ];
}
