import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeConfig,
  decodeControl,
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  encodeConfig,
  encodeControl,
  encodeEvent,
  encodeInfo,
  encodeReply,
  encodeState,
  MAX_FRAME_LENGTH,
  toHex,
  type CupEvent,
  type DecodeResult,
  type FrameInput,
} from '../../../firmware-protocol/codec';
import { configArb, controlArb, eventArb, infoArb, replyArb, stateArb } from './arbitraries';

interface Case<T> {
  name: string;
  arb: fc.Arbitrary<T>;
  encode: (value: T) => Uint8Array;
  decode: (input: FrameInput) => DecodeResult<T>;
  /** False for the bare Config record, which is not a frame and has no 20-byte limit. */
  frame: boolean;
}

const u32le = (b: Uint8Array) => (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;

/**
 * What a reader makes of a frame with `extra` bytes appended: an unknown event keeps them as
 * payload; a 1.0-shaped `booted` or State (no boot id) reads the first four as its 1.1 boot id;
 * a sealable request (or a release Reply) without a tag reads the first eight as its 1.2 tag;
 * other frames ignore them.
 */
function withTrailing(value: unknown, extra: Uint8Array): unknown {
  const frame = value as { type?: string; bootId?: number | null; payload?: string; tag?: unknown };
  if (frame.type === 'unknown') return { ...frame, payload: frame.payload + toHex(extra) };
  if (frame.bootId === null && extra.length >= 4) return { ...frame, bootId: u32le(extra) };
  if (frame.tag === null && extra.length >= 8)
    return { ...frame, tag: toHex(extra.subarray(0, 8)) };
  return value;
}

/**
 * A frame cut just before its 1.1 boot id is still a 1.0 frame, and one cut in its 1.2 tag a
 * frame without a tag: it decodes without it.
 */
function cutBeforeOptional(value: unknown, length: number, full: number): unknown {
  const frame = value as { bootId?: number | null; tag?: string | null };
  if (typeof frame.bootId === 'number' && length >= full - 4) return { ...frame, bootId: null };
  if (typeof frame.tag === 'string' && length >= full - 8) return { ...frame, tag: null };
  return undefined;
}

function isUnknownEvent(value: unknown): boolean {
  return (value as CupEvent).type === 'unknown';
}

const cases = [
  { name: 'info', arb: infoArb, encode: encodeInfo, decode: decodeInfo, frame: true },
  { name: 'event', arb: eventArb, encode: encodeEvent, decode: decodeEvent, frame: true },
  { name: 'state', arb: stateArb, encode: encodeState, decode: decodeState, frame: true },
  { name: 'control', arb: controlArb, encode: encodeControl, decode: decodeControl, frame: true },
  { name: 'reply', arb: replyArb, encode: encodeReply, decode: decodeReply, frame: true },
  { name: 'config', arb: configArb, encode: encodeConfig, decode: decodeConfig, frame: false },
] as Case<unknown>[];

describe.each(cases.map((c) => [c.name, c] as const))('%s round trip', (_name, c) => {
  it('decode(encode(x)) is x, in at most 20 bytes', () => {
    fc.assert(
      fc.property(c.arb, (value) => {
        const bytes = c.encode(value);
        expect(bytes.length).toBeLessThanOrEqual(MAX_FRAME_LENGTH);
        expect(c.decode(bytes)).toEqual({ ok: true, value });
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores trailing bytes up to the 20-byte limit', () => {
    fc.assert(
      fc.property(c.arb, fc.uint8Array({ maxLength: 20 }), (value, extra) => {
        const bytes = c.encode(value);
        const room = c.frame ? MAX_FRAME_LENGTH - bytes.length : extra.length;
        const kept = extra.subarray(0, room);
        const padded = new Uint8Array([...bytes, ...kept]);
        expect(c.decode(padded)).toEqual({ ok: true, value: withTrailing(value, kept) });
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects every proper prefix as truncated', () => {
    fc.assert(
      fc.property(c.arb, (value) => {
        const bytes = c.encode(value);
        for (let n = 0; n < bytes.length; n++) {
          const result = c.decode(bytes.subarray(0, n));
          const older = cutBeforeOptional(value, n, bytes.length);
          if (isUnknownEvent(value) && n >= 7) {
            // The payload of an unknown type has no known length: a shorter one is still valid.
            expect(result.ok).toBe(true);
          } else if (older !== undefined) {
            expect(result).toEqual({ ok: true, value: older });
          } else {
            expect(result).toMatchObject({ ok: false, reason: 'truncated' });
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('decodes the same bytes the same way at any byteOffset', () => {
    fc.assert(
      fc.property(c.arb, fc.nat(16), (value, offset) => {
        const bytes = c.encode(value);
        const buffer = new Uint8Array(offset + bytes.length + 4).fill(0xff);
        buffer.set(bytes, offset);
        const view = new DataView(buffer.buffer, offset, bytes.length);
        expect(c.decode(view)).toEqual({ ok: true, value });
      }),
      { numRuns: 500 },
    );
  });
});
