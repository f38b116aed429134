/** The Events frame (PROTOCOL.md 4.2): a 7-byte header (type, sequence, time) and a payload. */

import { EventType, Length, type KnownEventType } from './constants';
import {
  bytesOf,
  checkLength,
  fromHex,
  FrameWriter,
  toHex,
  u16,
  u32,
  type FrameInput,
} from './bytes';
import { accept, reject, type DecodeResult } from './result';

interface EventHeader {
  /** Sequence number, u16, wraps. */
  seq: number;
  /** Milliseconds since the cup booted, when the event happened (u32, wraps). */
  timeMs: number;
}

export type CupEvent =
  /** The first event after a boot; `bootId` is null from a 1.0 cup. */
  | (EventHeader & { type: 'booted'; bootId: number | null })
  | (EventHeader & { type: 'shake_started' | 'lid_opened' })
  | (EventHeader & { type: 'shake_ended'; durationMs: number; peakMg: number })
  | (EventHeader & { type: 'lid_closed'; openMs: number })
  /** A type from a later minor version: keep its sequence number, ignore the rest. */
  | (EventHeader & { type: 'unknown'; typeCode: number; payload: string });

const NAMES = new Map<number, KnownEventType>(
  (Object.entries(EventType) as [KnownEventType, number][]).map(([name, code]) => [code, name]),
);

export function decodeEvent(input: FrameInput): DecodeResult<CupEvent> {
  const b = bytesOf(input);
  const early = checkLength(b, Length.eventHeader, 'event');
  if (early) return early;
  const code = b[0];
  const header = { seq: u16(b, 1), timeMs: u32(b, 3) };
  if (code === 0) return reject('bad_value', 'event type 0 is reserved');
  const type = NAMES.get(code);
  switch (type) {
    case undefined:
      return accept({ type: 'unknown', ...header, typeCode: code, payload: toHex(b.subarray(7)) });
    case 'shake_ended':
      return (
        checkLength(b, Length.shakeEnded, 'shake_ended event') ??
        accept({ type, ...header, durationMs: u16(b, 7), peakMg: u16(b, 9) })
      );
    case 'lid_closed':
      return (
        checkLength(b, Length.lidClosed, 'lid_closed event') ??
        accept({ type, ...header, openMs: u32(b, 7) })
      );
    case 'booted':
      return accept({ type, ...header, bootId: b.length >= Length.booted11 ? u32(b, 7) : null });
    default:
      return accept({ type, ...header });
  }
}

/** Encodes an event frame; throws RangeError on out-of-range input. */
export function encodeEvent(event: CupEvent): Uint8Array {
  const w = new FrameWriter();
  const code = event.type === 'unknown' ? event.typeCode : EventType[event.type];
  if (event.type === 'unknown' && NAMES.has(code)) {
    throw new RangeError(`typeCode ${code} is a known type, not an unknown one`);
  }
  if (code === 0) throw new RangeError('event type 0 is reserved');
  w.u8(code, 'type').u16(event.seq, 'seq').u32(event.timeMs, 'timeMs');
  switch (event.type) {
    case 'shake_ended':
      w.u16(event.durationMs, 'durationMs').u16(event.peakMg, 'peakMg');
      break;
    case 'lid_closed':
      w.u32(event.openMs, 'openMs');
      break;
    case 'booted':
      if (event.bootId !== null) w.u32(event.bootId, 'bootId');
      break;
    case 'unknown':
      w.raw(fromHex(event.payload));
      break;
  }
  return w.finish('event');
}
