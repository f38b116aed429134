/**
 * CBOR for SMP bodies, through `cborg` (small, strict, maintained, no dependencies). SMP bodies
 * are maps with text keys; values are unsigned integers, text, byte strings, booleans, arrays
 * and nested maps. Decoding never throws: a body that is not a CBOR map is a rejection.
 */
import { decode, encode } from 'cborg';

/** A CBOR value as SMP uses it (maps decode to plain objects). */
export type CborValue =
  | number
  | bigint
  | string
  | boolean
  | null
  | undefined
  | Uint8Array
  | CborValue[]
  | { [key: string]: CborValue };

export type CborMap = { [key: string]: CborValue };

export type BodyResult = { ok: true; value: CborMap } | { ok: false; detail: string };

/** Encode a body (definite lengths, shortest integers, as cborg always does). */
export function encodeBody(body: CborMap): Uint8Array {
  return encode(body);
}

/** Decode a body: a CBOR map with text keys, whole (no trailing bytes), or a rejection. */
export function decodeBody(bytes: Uint8Array): BodyResult {
  let value: unknown;
  try {
    value = decode(bytes, { useMaps: false, rejectDuplicateMapKeys: true });
  } catch (error) {
    return { ok: false, detail: `not CBOR: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, detail: 'the body is not a map' };
  }
  if (value instanceof Uint8Array) return { ok: false, detail: 'the body is not a map' };
  return { ok: true, value: value as CborMap };
}

/** A non-negative integer field, or undefined. */
export function uintField(body: CborMap, key: string): number | undefined {
  const v = body[key];
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  return undefined;
}

export function bytesField(body: CborMap, key: string): Uint8Array | undefined {
  const v = body[key];
  return v instanceof Uint8Array ? v : undefined;
}

export function boolField(body: CborMap, key: string): boolean | undefined {
  const v = body[key];
  return typeof v === 'boolean' ? v : undefined;
}

export function textField(body: CborMap, key: string): string | undefined {
  const v = body[key];
  return typeof v === 'string' ? v : undefined;
}

export function mapField(body: CborMap, key: string): CborMap | undefined {
  const v = body[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array)
    ? (v as CborMap)
    : undefined;
}
