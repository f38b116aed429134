/** SMP packets and CBOR bodies: the vectors, joining fragments, and garbage that never throws. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from '../../../../src/cup/smp/cbor';
import {
  SmpAssembler,
  decodePacket,
  encodePacket,
  fragment,
  type SmpPacket,
} from '../../../../src/cup/smp/frame';
import { SMP_CHARACTERISTIC, SMP_SERVICE } from '../../../../src/cup/smp';

interface PacketVector {
  name: string;
  direction: string;
  hex: string;
  decoded: SmpPacket;
}

const file = JSON.parse(
  readFileSync(
    new URL('../../../../firmware-protocol/vectors/smp/packets.json', import.meta.url),
    'utf8',
  ),
) as { service: string; characteristic: string; vectors: PacketVector[] };

/** `{ $bytes: hex }` in the JSON is a byte string. */
function revive(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revive);
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    if (typeof o.$bytes === 'string') return Uint8Array.from(Buffer.from(o.$bytes, 'hex'));
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revive(x)]));
  }
  return v;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

describe('SMP vectors (firmware-protocol/vectors/smp/packets.json)', () => {
  it('name the service and characteristic the app uses', () => {
    expect(file.service).toBe(SMP_SERVICE);
    expect(file.characteristic).toBe(SMP_CHARACTERISTIC);
  });

  for (const v of file.vectors) {
    it(`${v.name}: encodes to its bytes and decodes back`, () => {
      const packet = revive(v.decoded) as SmpPacket;
      expect(hex(encodePacket(packet))).toBe(v.hex);
      const decoded = decodePacket(fromHex(v.hex));
      expect(decoded.ok).toBe(true);
      if (decoded.ok) expect(decoded.value).toEqual(packet);
    });
  }

  it('an SMP header is big-endian: length, then group', () => {
    const bytes = encodePacket({ op: 2, group: 0x0102, id: 7, seq: 9, body: {} });
    expect([...bytes.subarray(0, 8)]).toEqual([0x0a, 0, 0, 1, 1, 2, 9, 7]);
  });
});

describe('decodePacket', () => {
  it('refuses a short header, a wrong length and a body that is not a map', () => {
    expect(decodePacket(fromHex('08000001'))).toMatchObject({ ok: false, reason: 'truncated' });
    expect(decodePacket(fromHex('0800000200010000a0'))).toMatchObject({
      ok: false,
      reason: 'length_mismatch',
    });
    expect(decodePacket(fromHex('080000010001000001'))).toMatchObject({
      ok: false,
      reason: 'bad_body',
    });
    expect(decodePacket(fromHex('0f00000100010000a0'))).toMatchObject({
      ok: false,
      reason: 'bad_op',
    });
  });
});

describe('SmpAssembler', () => {
  const packet = encodePacket({
    op: 3,
    group: 1,
    id: 0,
    seq: 3,
    body: { images: [{ slot: 0, version: '1.4.2', hash: new Uint8Array(32).fill(7) }] },
  });

  it('joins 20-byte notifications into the packet by the header length', () => {
    const parts = fragment(packet, 20);
    expect(parts.length).toBeGreaterThan(2);
    const assembler = new SmpAssembler();
    const out = parts.map((p) => assembler.push(p));
    expect(out.slice(0, -1).every((r) => r.ok && r.value === null)).toBe(true);
    const last = out.at(-1)!;
    expect(last.ok && hex(last.value!)).toBe(hex(packet));
  });

  it('reports a packet that runs past its length, and starts again after it', () => {
    const assembler = new SmpAssembler();
    const longer = new Uint8Array([...packet, 1, 2]);
    expect(assembler.push(longer)).toMatchObject({ ok: false, reason: 'length_mismatch' });
    expect(assembler.push(packet)).toMatchObject({ ok: true });
  });

  it('refuses a packet longer than it may hold', () => {
    const assembler = new SmpAssembler(64);
    expect(assembler.push(packet)).toMatchObject({ ok: false, reason: 'too_long' });
  });
});

describe('garbage never throws', () => {
  it('decodeBody, decodePacket and the assembler return results for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const body = decodeBody(bytes);
        expect(typeof body.ok).toBe('boolean');
        expect(typeof decodePacket(bytes).ok).toBe('boolean');
        const assembler = new SmpAssembler(256);
        for (const part of fragment(bytes, 7))
          expect(typeof assembler.push(part).ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('a header with a body of random bytes decodes or is refused, never throws', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (body) => {
        const head = new Uint8Array([0x09, 0, body.length >> 8, body.length & 0xff, 0, 1, 0, 0]);
        const result = decodePacket(new Uint8Array([...head, ...body]));
        if (!result.ok) expect(['bad_body']).toContain(result.reason);
      }),
      { numRuns: 500 },
    );
  });

  it('CBOR bodies round-trip', () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.nat(), fc.string(), fc.boolean(), fc.uint8Array({ maxLength: 40 })),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 8 }), tie('node'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), value.node, { maxKeys: 5 }), (map) => {
        const back = decodeBody(encodeBody(map as never));
        expect(back).toEqual({ ok: true, value: map });
      }),
      { numRuns: 300 },
    );
  });
});
