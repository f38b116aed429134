/** Little-endian byte helpers shared by the frame modules. */

import { MAX_FRAME_LENGTH } from './constants';
import { reject, type Rejection } from './result';

/** What a decoder accepts: the `DataView` a characteristic hands over, or any byte view. */
export type FrameInput = DataView | Uint8Array;

/** A `Uint8Array` over exactly the input's bytes (respects `byteOffset`; copies nothing). */
export function bytesOf(input: FrameInput): Uint8Array {
  return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
}

export function u16(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}

export function i16(b: Uint8Array, at: number): number {
  return (u16(b, at) << 16) >> 16;
}

export function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

export function toHex(b: Uint8Array): string {
  let out = '';
  for (const byte of b) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Parses lowercase or uppercase hex; throws on odd length or a non-hex digit. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new RangeError(`not a hex byte string: "${hex}"`);
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The first two checks of every frame: the 20-byte limit, then the minimum length. */
export function checkLength(
  b: Uint8Array,
  min: number,
  what: string,
  limit = true,
): Rejection | undefined {
  if (limit && b.length > MAX_FRAME_LENGTH) {
    return reject('too_long', `${what}: ${b.length} bytes, more than ${MAX_FRAME_LENGTH}`);
  }
  if (b.length < min) {
    return reject('truncated', `${what}: ${b.length} bytes, needs at least ${min}`);
  }
  return undefined;
}

/** Builds a frame field by field; encoders validate their input with it and throw RangeError. */
export class FrameWriter {
  private readonly bytes: number[] = [];

  u8(value: number, field: string): this {
    this.bytes.push(checkUint(value, 0xff, field));
    return this;
  }

  u16(value: number, field: string): this {
    const v = checkUint(value, 0xffff, field);
    this.bytes.push(v & 0xff, v >> 8);
    return this;
  }

  i16(value: number, field: string): this {
    if (!Number.isInteger(value) || value < -0x8000 || value > 0x7fff) {
      throw new RangeError(`${field} must be an integer in -32768..32767, got ${value}`);
    }
    return this.u16(value & 0xffff, field);
  }

  u32(value: number, field: string): this {
    const v = checkUint(value, 0xffffffff, field);
    this.bytes.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
    return this;
  }

  raw(bytes: Uint8Array): this {
    this.bytes.push(...bytes);
    return this;
  }

  finish(what: string): Uint8Array {
    if (this.bytes.length > MAX_FRAME_LENGTH) {
      throw new RangeError(`${what}: ${this.bytes.length} bytes, more than ${MAX_FRAME_LENGTH}`);
    }
    return Uint8Array.from(this.bytes);
  }
}

export function checkUint(value: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${field} must be an integer in 0..${max}, got ${value}`);
  }
  return value;
}
