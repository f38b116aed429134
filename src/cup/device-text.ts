/**
 * Strings a cup sends about itself (its Bluetooth name, the Device Information strings, its
 * firmware images' versions), made fit to show: a cup may send up to 512 bytes of anything.
 * Runs of white space become one space; control characters (C0, DEL, C1) and format
 * characters (bidi marks, embeddings, overrides, isolates, zero-width ones, the BOM) go, so
 * a string cannot break a line or turn the text around it; and it is cut to `DEVICE_TEXT_MAX`
 * characters, ending in "…" when cut.
 */

/** The longest device string shown, in characters (code points). */
export const DEVICE_TEXT_MAX = 32;

/** Control (Cc) and format (Cf) characters: the bidi controls, zero-width ones and the BOM are Cf. */
const UNSAFE = /[\p{Cc}\p{Cf}]/gu;

/** `raw` as the app shows it (see the module comment); '' when nothing is left. */
export function deviceText(raw: string, max = DEVICE_TEXT_MAX): string {
  return cut(raw.replace(/\s+/gu, ' ').replace(UNSAFE, '').trim(), max);
}

/**
 * `raw` for a report that must show what the cup sent: each character `deviceText` removes is
 * written as `\u{…}`, and the whole is cut to `max` characters.
 */
export function escapedDeviceText(raw: string, max = 4 * DEVICE_TEXT_MAX): string {
  const escaped = (c: string) => `\\u{${c.codePointAt(0)!.toString(16)}}`;
  return cut(raw.replace(new RegExp(`${UNSAFE.source}|[^\\S ]`, 'gu'), escaped), max);
}

/** `text` cut to `max` characters (code points: a pair of surrogates stays whole), with "…". */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
