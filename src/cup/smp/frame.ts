/**
 * SMP packets: an 8-byte header (big-endian, unlike the Mia frames) and a CBOR body. Over
 * Bluetooth a packet may be cut into several ATT values; the header's length says when it is
 * whole (`SmpAssembler`). Decoders never throw: they return a result with a reason.
 *
 * | byte | field |
 * |---|---|
 * | 0 | bits 0-2 op, bits 3-4 version, bits 5-7 reserved (0) |
 * | 1 | flags (0) |
 * | 2-3 | body length, u16 big-endian |
 * | 4-5 | group, u16 big-endian |
 * | 6 | sequence number, u8 |
 * | 7 | command id |
 */
import { decodeBody, encodeBody, type CborMap } from './cbor';
import { SMP_HEADER_LENGTH, SMP_VERSION, type SmpOp } from './constants';

export interface SmpHeader {
  op: SmpOp;
  version: number;
  flags: number;
  length: number;
  group: number;
  seq: number;
  id: number;
}

export interface SmpPacket {
  op: SmpOp;
  group: number;
  id: number;
  seq: number;
  body: CborMap;
  /** Header version bits (default: `SMP_VERSION`). */
  version?: number;
}

export type SmpRejection =
  'truncated' | 'bad_op' | 'length_mismatch' | 'bad_body' | 'too_long' | 'unexpected';

export type SmpResult<T> =
  { ok: true; value: T } | { ok: false; reason: SmpRejection; detail: string };

export function encodePacket(packet: SmpPacket): Uint8Array {
  const body = encodeBody(packet.body);
  const out = new Uint8Array(SMP_HEADER_LENGTH + body.length);
  const view = new DataView(out.buffer);
  out[0] = (packet.op & 0x07) | (((packet.version ?? SMP_VERSION) & 0x03) << 3);
  out[1] = 0;
  view.setUint16(2, body.length, false);
  view.setUint16(4, packet.group, false);
  out[6] = packet.seq & 0xff;
  out[7] = packet.id & 0xff;
  out.set(body, SMP_HEADER_LENGTH);
  return out;
}

export function decodeHeader(bytes: Uint8Array): SmpResult<SmpHeader> {
  if (bytes.length < SMP_HEADER_LENGTH) {
    return { ok: false, reason: 'truncated', detail: `${bytes.length} bytes, header needs 8` };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ok: true,
    value: {
      op: (bytes[0] & 0x07) as SmpOp,
      version: (bytes[0] >> 3) & 0x03,
      flags: bytes[1],
      length: view.getUint16(2, false),
      group: view.getUint16(4, false),
      seq: bytes[6],
      id: bytes[7],
    },
  };
}

/** A whole packet: header, then exactly `length` bytes of a CBOR map. */
export function decodePacket(bytes: Uint8Array): SmpResult<SmpPacket> {
  const header = decodeHeader(bytes);
  if (!header.ok) return header;
  const { op, length, group, seq, id, version } = header.value;
  if (op > 3) return { ok: false, reason: 'bad_op', detail: `op ${op}` };
  if (bytes.length !== SMP_HEADER_LENGTH + length) {
    return {
      ok: false,
      reason: 'length_mismatch',
      detail: `header says ${length} body bytes, ${bytes.length - SMP_HEADER_LENGTH} came`,
    };
  }
  const body = decodeBody(bytes.subarray(SMP_HEADER_LENGTH));
  if (!body.ok) return { ok: false, reason: 'bad_body', detail: body.detail };
  return { ok: true, value: { op, group, id, seq, body: body.value, version } };
}

/** Cut a packet into ATT values of at most `size` bytes. */
export function fragment(packet: Uint8Array, size: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let at = 0; at < packet.length; at += size) parts.push(packet.subarray(at, at + size));
  return parts;
}

/**
 * Joins ATT values into packets by the header's length. A value that starts a packet must hold
 * the whole header; a packet longer than `maxLength` is dropped (and reported), as is a
 * value that arrives after the packet is whole.
 */
export class SmpAssembler {
  private parts: Uint8Array[] = [];
  private have = 0;
  private want = 0;

  constructor(private readonly maxLength = 4096) {}

  /** Feed one value; returns the packets it completes, or a rejection. */
  push(value: Uint8Array): SmpResult<Uint8Array | null> {
    if (this.want === 0) {
      const header = decodeHeader(value);
      if (!header.ok) return header;
      const total = SMP_HEADER_LENGTH + header.value.length;
      if (total > this.maxLength) {
        return { ok: false, reason: 'too_long', detail: `a packet of ${total} bytes` };
      }
      this.want = total;
    }
    this.parts.push(value.slice());
    this.have += value.length;
    if (this.have < this.want) return { ok: true, value: null };
    const whole = new Uint8Array(this.have);
    let at = 0;
    for (const part of this.parts) {
      whole.set(part, at);
      at += part.length;
    }
    const overrun = this.have > this.want;
    const want = this.want;
    this.reset();
    if (overrun) {
      return { ok: false, reason: 'length_mismatch', detail: `${whole.length} bytes for ${want}` };
    }
    return { ok: true, value: whole };
  }

  reset(): void {
    this.parts = [];
    this.have = 0;
    this.want = 0;
  }
}
