import { describe, expect, it } from 'vitest';
import {
  CHARACTERISTIC_UUIDS,
  SERVICE_UUID,
  proofAnswer,
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
  isRejectionCode,
  statusForRejectedControl,
  toHex,
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
import { loadVectors, vectorFileNames, type Vector } from './vectors';

interface Family {
  decode: (input: FrameInput) => DecodeResult<unknown>;
  encode: (value: unknown) => Uint8Array;
  uuid: string | null;
  /** The Reply status a cup sends for a rejected app->cup frame of this family. */
  status?: (v: Vector) => string | null;
}

const FAMILIES: Record<string, Family> = {
  info: {
    decode: decodeInfo,
    encode: (v) => encodeInfo(v as Info),
    uuid: CHARACTERISTIC_UUIDS.info,
  },
  event: {
    decode: decodeEvent,
    encode: (v) => encodeEvent(v as CupEvent),
    uuid: CHARACTERISTIC_UUIDS.events,
  },
  state: {
    decode: decodeState,
    encode: (v) => encodeState(v as CupState),
    uuid: CHARACTERISTIC_UUIDS.state,
  },
  control: {
    decode: decodeControl,
    encode: (v) => encodeControl(v as ControlRequest),
    uuid: CHARACTERISTIC_UUIDS.control,
    status: (v) => statusForRejectedControl(v.hex.length / 2, v.reason as 'truncated'),
  },
  reply: {
    decode: decodeReply,
    encode: (v) => encodeReply(v as Reply),
    uuid: CHARACTERISTIC_UUIDS.reply,
  },
  config: {
    decode: decodeConfig,
    encode: (v) => encodeConfig(v as Config),
    uuid: null,
    // A bare record can only be rejected as truncated or out of range.
    status: (v) => (v.reason === 'truncated' ? 'bad_length' : 'bad_value'),
  },
  advert: {
    decode: decodeAdvert,
    encode: (v) => encodeAdvert(v as Advert),
    uuid: SERVICE_UUID,
  },
  telemetry: {
    decode: decodeTelemetry,
    encode: (v) => encodeTelemetry(v as TelemetryFrame),
    uuid: CHARACTERISTIC_UUIDS.telemetry,
  },
};

const VECTOR_KEYS = [
  'name',
  'direction',
  'hex',
  'decoded',
  'canonical',
  'reason',
  'status',
  'note',
];

describe('vector files', () => {
  it('has exactly one file per frame family', () => {
    expect(vectorFileNames()).toEqual(
      [...Object.keys(FAMILIES), 'auth', 'ownership', 'keys', 'session']
        .map((f) => `${f}.json`)
        .sort(),
    );
  });

  for (const [family, { uuid }] of Object.entries(FAMILIES)) {
    it(`${family}.json follows the schema in vectors/README.md`, () => {
      const file = loadVectors(family);
      expect(file.family).toBe(family);
      expect(file.uuid).toBe(uuid);
      expect(file.protocol).toBe('1.2');
      expect(file.vectors.length).toBeGreaterThan(5);
      const names = new Set<string>();
      for (const v of file.vectors) {
        expect(names.has(v.name), `duplicate name ${v.name}`).toBe(false);
        names.add(v.name);
        expect(
          Object.keys(v).every((k) => VECTOR_KEYS.includes(k)),
          v.name,
        ).toBe(true);
        expect(['cup->app', 'app->cup']).toContain(v.direction);
        expect(v.hex, v.name).toMatch(/^([0-9a-f]{2}){0,24}$/);
        expect('decoded' in v !== 'reason' in v, `${v.name}: decoded xor reason`).toBe(true);
        if ('decoded' in v) {
          expect(typeof v.canonical, v.name).toBe('boolean');
          expect('status' in v, v.name).toBe(false);
        } else {
          expect(isRejectionCode(v.reason), v.name).toBe(true);
          expect('canonical' in v, v.name).toBe(false);
          expect('status' in v, v.name).toBe(v.direction === 'app->cup');
        }
      }
    });
  }
});

for (const [family, impl] of Object.entries(FAMILIES)) {
  describe(`${family} vectors`, () => {
    const { vectors } = loadVectors(family);

    it.each(vectors.map((v) => [v.name, v] as const))('decodes %s', (_name, v) => {
      const result = impl.decode(fromHex(v.hex));
      if (v.decoded !== undefined) {
        expect(result).toEqual({ ok: true, value: v.decoded });
      } else {
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.reason).toBe(v.reason);
          expect(result.detail.length).toBeGreaterThan(0);
        }
      }
    });

    const canonical = vectors.filter((v) => v.decoded !== undefined && v.canonical);
    it.each(canonical.map((v) => [v.name, v] as const))('encodes %s', (_name, v) => {
      expect(toHex(impl.encode(v.decoded))).toBe(v.hex);
    });

    const rejectedWrites = vectors.filter((v) => v.reason !== undefined && 'status' in v);
    if (impl.status !== undefined && rejectedWrites.length > 0) {
      const status = impl.status;
      it.each(rejectedWrites.map((v) => [v.name, v] as const))(
        'gives the reply status for %s',
        (_name, v) => {
          expect(status(v)).toBe(v.status);
        },
      );
    }

    it('decodes the same from a DataView at an offset', () => {
      for (const v of vectors) {
        const frame = fromHex(v.hex);
        const buffer = new ArrayBuffer(frame.length + 7);
        new Uint8Array(buffer).fill(0xa5);
        new Uint8Array(buffer, 3, frame.length).set(frame);
        const view = new DataView(buffer, 3, frame.length);
        expect(impl.decode(new Uint8Array(buffer, 3, frame.length)), v.name).toEqual(
          impl.decode(frame),
        );
        expect(impl.decode(view), v.name).toEqual(impl.decode(frame));
      }
    });
  });
}

describe('auth vectors', () => {
  const file = loadVectors('auth') as unknown as {
    family: string;
    protocol: string;
    vectors: { name: string; key: string; challenge: string; answer: string; note?: string }[];
  };

  it('follows the schema in vectors/README.md', () => {
    expect(file.family).toBe('auth');
    expect(file.protocol).toBe('1.1');
    for (const v of file.vectors) {
      expect(
        Object.keys(v).every((k) => ['name', 'key', 'challenge', 'answer', 'note'].includes(k)),
      );
      for (const field of [v.key, v.challenge, v.answer]) expect(field).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))('answers %s', async (_name, v) => {
    expect(await proofAnswer(v.key, v.challenge)).toBe(v.answer);
  });

  it('the prove vector of control.json carries the answer of auth.json', () => {
    const prove = loadVectors('control').vectors.find((v) => v.name === 'auth prove');
    const decoded = prove?.decoded as { answer: string };
    expect(decoded.answer).toBe(file.vectors[0].answer);
  });
});
