import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeAdvert,
  decodeConfig,
  decodeControl,
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  decodeTelemetry,
  encodeAdvert,
  encodeConfig,
  encodeControl,
  encodeEvent,
  encodeInfo,
  encodeReply,
  encodeState,
  encodeTelemetry,
  fromHex,
  REJECTION_CODES,
  type Advert,
  type Config,
  type ControlRequest,
  type CupEvent,
  type CupState,
  type DecodeResult,
  type FrameInput,
  type Info,
  type Reply,
  type TelemetryFrame,
} from '../../../firmware-protocol/codec';
import { loadVectors, vectorFileNames } from './vectors';

interface Decoder {
  name: string;
  decode: (input: FrameInput) => DecodeResult<unknown>;
  encode: (value: unknown) => Uint8Array;
}

const DECODERS: Decoder[] = [
  { name: 'info', decode: decodeInfo, encode: (v) => encodeInfo(v as Info) },
  { name: 'event', decode: decodeEvent, encode: (v) => encodeEvent(v as CupEvent) },
  { name: 'state', decode: decodeState, encode: (v) => encodeState(v as CupState) },
  { name: 'control', decode: decodeControl, encode: (v) => encodeControl(v as ControlRequest) },
  { name: 'reply', decode: decodeReply, encode: (v) => encodeReply(v as Reply) },
  { name: 'config', decode: decodeConfig, encode: (v) => encodeConfig(v as Config) },
  { name: 'advert', decode: decodeAdvert, encode: (v) => encodeAdvert(v as Advert) },
  {
    name: 'telemetry',
    decode: decodeTelemetry,
    encode: (v) => encodeTelemetry(v as TelemetryFrame),
  },
];

const tally = new Map<string, number>();

/**
 * Every decoder must return, never throw; a rejection must carry a known reason and a detail;
 * an accepted value must encode (no RangeError) to bytes that decode to the same value.
 */
function checkAllDecoders(input: FrameInput): void {
  for (const { name, decode, encode } of DECODERS) {
    let result: DecodeResult<unknown>;
    try {
      result = decode(input);
    } catch (error) {
      throw new Error(`${name} decoder threw on ${hexOf(input)}: ${String(error)}`, {
        cause: error,
      });
    }
    if (result.ok) {
      const again = decode(encode(result.value));
      if (!again.ok || JSON.stringify(again.value) !== JSON.stringify(result.value)) {
        throw new Error(`${name}: accepted ${hexOf(input)} but its value does not round-trip`);
      }
      count(`${name}:ok`);
    } else {
      if (!(REJECTION_CODES as readonly string[]).includes(result.reason)) {
        throw new Error(`${name}: unknown reason ${String(result.reason)} for ${hexOf(input)}`);
      }
      if (typeof result.detail !== 'string' || result.detail.trim() === '') {
        throw new Error(`${name}: empty detail for ${hexOf(input)}`);
      }
      count(`${name}:${result.reason}`);
    }
  }
}

function count(key: string): void {
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

function hexOf(input: FrameInput): string {
  const b = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('') || '(empty)';
}

/** A frame placed at a random offset inside a larger buffer, as a DataView or a Uint8Array. */
const placed = (frame: fc.Arbitrary<Uint8Array>) =>
  fc.tuple(frame, fc.nat(8), fc.boolean()).map(([bytes, offset, asView]): FrameInput => {
    const buffer = new ArrayBuffer(offset + bytes.length + 3);
    new Uint8Array(buffer).fill(0xcc);
    new Uint8Array(buffer, offset, bytes.length).set(bytes);
    return asView
      ? new DataView(buffer, offset, bytes.length)
      : new Uint8Array(buffer, offset, bytes.length);
  });

/** A uniformly random length in 0..24 (so 21..24, over the limit, come up too), random bytes. */
const lengths = new Set<number>();
const randomFrame = fc
  .tuple(fc.integer({ min: 0, max: 24 }), fc.uint8Array({ minLength: 24, maxLength: 24 }))
  .map(([length, bytes]) => {
    lengths.add(length);
    return bytes.subarray(0, length);
  });

/** ownership.json holds exchanges: its frames are the steps' writes and Replies. */
const ownershipFrames = (
  loadVectors('ownership').vectors as unknown as { steps: { write: string; reply: string }[] }[]
).flatMap((v) => v.steps.flatMap((s) => [fromHex(s.write), fromHex(s.reply)]));

const seeds = vectorFileNames()
  .filter((file) => !['auth.json', 'ownership.json', 'keys.json', 'session.json'].includes(file)) // not frames
  .flatMap((file) => loadVectors(file.replace(/\.json$/, '')).vectors.map((v) => fromHex(v.hex)))
  .concat(ownershipFrames);

/** A golden vector with a few bytes changed, cut short or extended: near-valid frames. */
const mutated = fc
  .tuple(
    fc.constantFrom(...seeds),
    fc.array(fc.tuple(fc.nat(23), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }),
    fc.integer({ min: 0, max: 24 }),
  )
  .map(([seed, edits, length]) => {
    const out = new Uint8Array(length);
    out.set(seed.subarray(0, length));
    for (const [at, byte] of edits) if (at < length) out[at] = byte;
    return out;
  });

describe('fuzz: every decoder on random frames', () => {
  it('100,000 random frames of 0..24 bytes: no exception, every rejection reasoned', () => {
    tally.clear();
    fc.assert(
      fc.property(placed(fc.noBias(randomFrame)), (input) => {
        checkAllDecoders(input);
      }),
      { numRuns: 100_000 },
    );
    expect(lengths.size).toBe(25);
    // Random bytes reach every rejection reason somewhere (and some frames are accepted).
    const reasons = new Set([...tally.keys()].map((k) => k.split(':')[1]));
    for (const reason of REJECTION_CODES) expect(reasons).toContain(reason);
    expect(reasons).toContain('ok');
  }, 120_000); // a generous bound for a loaded machine: these runs do real work

  it('20,000 mutated golden vectors: same guarantees near the valid frames', () => {
    tally.clear();
    fc.assert(
      fc.property(placed(mutated), (input) => {
        checkAllDecoders(input);
      }),
      { numRuns: 20_000 },
    );
    for (const { name } of DECODERS) expect(tally.get(`${name}:ok`) ?? 0).toBeGreaterThan(0);
  }, 120_000); // a generous bound for a loaded machine: these runs do real work
});
