/**
 * The check the app makes on a firmware file before it uploads a byte (PROTOCOL.md 9.4): an
 * MCUboot image header (magic, header size, image size, version), then the TLV area right after
 * the image (its magic, its length), with the image's SHA-256 (TLV 0x10) that the cup names the
 * image by. The file must end where the TLV area ends. Never throws.
 *
 * MCUboot image header, little-endian:
 *
 * | offset | type | field |
 * |---|---|---|
 * | 0 | u32 | magic `0x96f3b83d` |
 * | 4 | u32 | load address |
 * | 8 | u16 | header size (at least 32) |
 * | 10 | u16 | protected TLV area size |
 * | 12 | u32 | image size (after the header) |
 * | 16 | u32 | flags |
 * | 20 | u8, u8, u16, u32 | version: major, minor, revision, build |
 */

export const IMAGE_MAGIC = 0x96f3b83d;
export const IMAGE_HEADER_MIN = 32;
export const TLV_INFO_MAGIC = 0x6907;
export const TLV_PROTECTED_INFO_MAGIC = 0x6908;
export const TLV_SHA256 = 0x10;

export interface ImageVersion {
  major: number;
  minor: number;
  revision: number;
  build: number;
}

export interface FirmwareImage {
  version: ImageVersion;
  /** Header size plus image size: what MCUboot hashes and boots. */
  imageSize: number;
  /** The whole file (header, image, TLV areas). */
  fileSize: number;
  /** The SHA-256 from the image's TLV area: the cup names the image by it. */
  hash: Uint8Array;
}

export type ImageRejection =
  | 'too_short'
  | 'bad_magic'
  | 'bad_header_size'
  | 'truncated'
  | 'bad_tlv_magic'
  | 'no_hash'
  | 'trailing_bytes';

export type ImageResult =
  { ok: true; value: FirmwareImage } | { ok: false; reason: ImageRejection; detail: string };

const fail = (reason: ImageRejection, detail: string): ImageResult => ({
  ok: false,
  reason,
  detail,
});

/** "1.4.2", or "1.4.2.7" with a build number (as Zephyr's image manager writes versions). */
export function versionText(v: ImageVersion): string {
  const base = `${v.major}.${v.minor}.${v.revision}`;
  return v.build ? `${base}.${v.build}` : base;
}

/** Read a version as the cup's image state gives it ("1.4.2" or "1.4.2.7"). */
export function parseVersion(text: string): ImageVersion | null {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  return { major: +m[1], minor: +m[2], revision: +m[3], build: m[4] ? +m[4] : 0 };
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: ImageVersion, b: ImageVersion): number {
  return a.major - b.major || a.minor - b.minor || a.revision - b.revision || a.build - b.build;
}

export function checkImage(file: Uint8Array): ImageResult {
  if (file.length < IMAGE_HEADER_MIN) {
    return fail('too_short', `${file.length} bytes, an MCUboot header needs 32`);
  }
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const magic = view.getUint32(0, true);
  if (magic !== IMAGE_MAGIC) {
    return fail('bad_magic', `magic 0x${magic.toString(16).padStart(8, '0')}, not 0x96f3b83d`);
  }
  const headerSize = view.getUint16(8, true);
  const protectedSize = view.getUint16(10, true);
  const bodySize = view.getUint32(12, true);
  if (headerSize < IMAGE_HEADER_MIN) return fail('bad_header_size', `header size ${headerSize}`);
  const version: ImageVersion = {
    major: file[20],
    minor: file[21],
    revision: view.getUint16(22, true),
    build: view.getUint32(24, true),
  };
  const imageSize = headerSize + bodySize;
  let at = imageSize;
  let hash: Uint8Array | undefined;
  const area = (expected: number): number | ImageResult => {
    if (file.length < at + 4)
      return fail('truncated', `no TLV area at ${at} (${file.length} bytes)`);
    const tlvMagic = view.getUint16(at, true);
    const total = view.getUint16(at + 2, true);
    if (tlvMagic !== expected) {
      return fail('bad_tlv_magic', `TLV magic 0x${tlvMagic.toString(16)} at ${at}`);
    }
    if (total < 4 || file.length < at + total) {
      return fail('truncated', `TLV area of ${total} bytes at ${at} (${file.length} bytes)`);
    }
    for (let p = at + 4; p + 4 <= at + total;) {
      const type = view.getUint16(p, true);
      const length = view.getUint16(p + 2, true);
      if (p + 4 + length > at + total) return fail('truncated', `TLV 0x${type.toString(16)}`);
      if (type === TLV_SHA256 && length === 32) hash = file.slice(p + 4, p + 36);
      p += 4 + length;
    }
    return at + total;
  };
  if (protectedSize > 0) {
    const next = area(TLV_PROTECTED_INFO_MAGIC);
    if (typeof next !== 'number') return next;
    at = next;
  }
  const end = area(TLV_INFO_MAGIC);
  if (typeof end !== 'number') return end;
  if (!hash) return fail('no_hash', 'no SHA-256 TLV (0x10) in the image');
  if (file.length !== end) {
    return fail('trailing_bytes', `${file.length - end} bytes after the TLV area`);
  }
  return { ok: true, value: { version, imageSize, fileSize: file.length, hash } };
}

/**
 * Build an MCUboot-shaped image (for tests and the simulated cup): a 32-byte header, `body`,
 * and a TLV area with a SHA-256 over header and body. Not signed: the check does not verify
 * signatures (the cup's bootloader does).
 */
export async function buildImage(version: ImageVersion, body: Uint8Array): Promise<Uint8Array> {
  const header = new Uint8Array(IMAGE_HEADER_MIN);
  const h = new DataView(header.buffer);
  h.setUint32(0, IMAGE_MAGIC, true);
  h.setUint16(8, IMAGE_HEADER_MIN, true);
  h.setUint32(12, body.length, true);
  header[20] = version.major;
  header[21] = version.minor;
  h.setUint16(22, version.revision, true);
  h.setUint32(24, version.build, true);
  const signedPart = new Uint8Array(header.length + body.length);
  signedPart.set(header);
  signedPart.set(body, header.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', signedPart));
  const tlv = new Uint8Array(4 + 4 + 32);
  const t = new DataView(tlv.buffer);
  t.setUint16(0, TLV_INFO_MAGIC, true);
  t.setUint16(2, tlv.length, true);
  t.setUint16(4, TLV_SHA256, true);
  t.setUint16(6, 32, true);
  tlv.set(digest, 8);
  const out = new Uint8Array(signedPart.length + tlv.length);
  out.set(signedPart);
  out.set(tlv, signedPart.length);
  return out;
}
