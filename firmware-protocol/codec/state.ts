/** The State frame (PROTOCOL.md 4.3): lid, motion, battery, log position and counters. */

import { BATTERY_UNKNOWN, Length, StateFlag } from './constants';
import { bytesOf, checkLength, FrameWriter, u16, u32, type FrameInput } from './bytes';
import { accept, reject, type DecodeResult } from './result';

export interface CupState {
  lidOpen: boolean;
  shaking: boolean;
  charging: boolean;
  /** 0..100, or null when the cup cannot measure it. */
  batteryPercent: number | null;
  /** Sequence number of the newest event in the cup's log. */
  lastSeq: number;
  /** Milliseconds since boot when the State was taken. */
  timeMs: number;
  /** Shakes ended since boot (u16, wraps). */
  shakeCount: number;
  /** Lid openings since boot (u16, wraps). */
  lidOpenCount: number;
  /** Sequence number of the oldest event still in the ring buffer. */
  oldestSeq: number;
  /** 1.1: the cup has an owner key. */
  owned: boolean;
  /** 1.1: this connection has proven the owner key (or claimed the cup). */
  proven: boolean;
  /** 1.1: the random id of the cup's current boot; null from a 1.0 cup. */
  bootId: number | null;
}

export function decodeState(input: FrameInput): DecodeResult<CupState> {
  const b = bytesOf(input);
  const early = checkLength(b, Length.state, 'state');
  if (early) return early;
  const flags = b[0];
  const battery = b[1];
  if (battery > 100 && battery !== BATTERY_UNKNOWN) {
    return reject('bad_value', `state battery is ${battery}, must be 0..100 or 255`);
  }
  return accept({
    lidOpen: (flags & StateFlag.lidOpen) !== 0,
    shaking: (flags & StateFlag.shaking) !== 0,
    charging: (flags & StateFlag.charging) !== 0,
    batteryPercent: battery === BATTERY_UNKNOWN ? null : battery,
    lastSeq: u16(b, 2),
    timeMs: u32(b, 4),
    shakeCount: u16(b, 8),
    lidOpenCount: u16(b, 10),
    oldestSeq: u16(b, 12),
    owned: (flags & StateFlag.owned) !== 0,
    proven: (flags & StateFlag.proven) !== 0,
    bootId: b.length >= Length.state11 ? u32(b, 14) : null,
  });
}

/** Encodes a State frame; throws RangeError on out-of-range input. */
export function encodeState(state: CupState): Uint8Array {
  const battery = state.batteryPercent ?? BATTERY_UNKNOWN;
  if (state.batteryPercent !== null && !(state.batteryPercent <= 100)) {
    throw new RangeError(`batteryPercent must be 0..100 or null, got ${state.batteryPercent}`);
  }
  const flags =
    (state.lidOpen ? StateFlag.lidOpen : 0) |
    (state.shaking ? StateFlag.shaking : 0) |
    (state.charging ? StateFlag.charging : 0) |
    (state.owned ? StateFlag.owned : 0) |
    (state.proven ? StateFlag.proven : 0);
  const w = new FrameWriter()
    .u8(flags, 'flags')
    .u8(battery, 'batteryPercent')
    .u16(state.lastSeq, 'lastSeq')
    .u32(state.timeMs, 'timeMs')
    .u16(state.shakeCount, 'shakeCount')
    .u16(state.lidOpenCount, 'lidOpenCount')
    .u16(state.oldestSeq, 'oldestSeq');
  if (state.bootId !== null) w.u32(state.bootId, 'bootId');
  return w.finish('state');
}
