// The strict readers of vectors-to-c.mjs: a key, type or value it does not expect is an error
// (fail); and the C literals (cStr, arr).
export function fail(where, message) {
  throw new Error(`${where}: ${message}`);
}

/** Checks that `obj` has exactly the keys `required` plus any of `optional`. */
export function keys(where, obj, required, optional = []) {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) fail(where, 'not an object');
  for (const k of required) if (!(k in obj)) fail(where, `missing key ${k}`);
  for (const k of Object.keys(obj)) {
    if (!required.includes(k) && !optional.includes(k)) fail(where, `unknown key ${k}`);
  }
}

export function int(where, v, max = 0xffffffff) {
  if (!Number.isInteger(v) || v < 0 || v > max) fail(where, `not an integer 0..${max}: ${v}`);
  return v;
}

export function i16(where, v) {
  if (!Number.isInteger(v) || v < -32768 || v > 32767) fail(where, `not an i16: ${v}`);
  return v;
}

export function bool(where, v) {
  if (typeof v !== 'boolean') fail(where, `not a boolean: ${v}`);
  return v;
}

export function hexBytes(where, hex, maxBytes) {
  if (typeof hex !== 'string' || !/^([0-9a-f]{2})*$/.test(hex)) fail(where, `bad hex ${hex}`);
  const bytes = hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? [];
  if (bytes.length > maxBytes) fail(where, `more than ${maxBytes} bytes`);
  return bytes;
}

/** Exactly n bytes of hex. */
export function hexExact(where, hex, n) {
  const bytes = hexBytes(where, hex, n);
  if (bytes.length !== n) fail(where, `not ${n} bytes: ${hex}`);
  return bytes;
}

/** A 1.1 field that is a u32 or null (absent in a 1.0 frame): [value, present]. */
export function optionalU32(where, v) {
  return v === null ? [0, 0] : [int(where, v), 1];
}

/** 1.2: a tag (8 bytes of hex) or null: [bytes, present]. */
export function optionalTag(where, v) {
  return v === null ? [[], 0] : [hexExact(where, v, 8), 1];
}

/** A C string literal: printable ASCII as is, everything else as octal escapes of UTF-8. */
export const cStr = (s) =>
  '"' +
  [...Buffer.from(String(s), 'utf8')]
    .map((b) =>
      b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c && b !== 0x3f
        ? String.fromCharCode(b)
        : `\\${b.toString(8).padStart(3, '0')}`,
    )
    .join('') +
  '"';
export const arr = (bytes) =>
  `{${bytes.length ? bytes.map((b) => `0x${b.toString(16)}`).join(',') : '0'}}`;
