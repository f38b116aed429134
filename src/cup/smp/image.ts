/**
 * The check the app makes on a firmware file before it uploads a byte (PROTOCOL.md 9.4): an
 * MCUboot image header (magic, header size, image size, version), then the TLV area right after
 * the image (its magic, its length), with the image's SHA-256 (TLV 0x10) that the cup names the
 * image by. The file must end where the TLV area ends, and be at most `MAX_IMAGE_BYTES` long.
 * Never throws.
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
/**
 * The largest file taken as a cup's firmware: far above what the cup's flash slot holds, and
 * small enough to read into memory once. A larger file is refused before it is read.
 */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

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
  | 'too_large'
  | 'too_short'
  | 'bad_magic'
  | 'bad_header_size'
  | 'truncated'
  | 'bad_tlv_magic'
  | 'no_hash'
  | 'trailing_bytes'
  /** Signed with `imgtool sign --pad`: filled up to the slot's size, with a boot trailer. */
  | 'padded';

export type ImageResult =
  { ok: true; value: FirmwareImage } | { ok: false; reason: ImageRejection; detail: string };

type Rejected = Extract<ImageResult, { ok: false }>;

const fail = (reason: ImageRejection, detail: string): Rejected => ({
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
  if (file.length > MAX_IMAGE_BYTES) return tooLarge(file.length);
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
    const after = file.length - end;
    return isPadding(file.subarray(end))
      ? fail('padded', `${after} bytes of slot padding after the TLV area (imgtool --pad)`)
      : fail('trailing_bytes', `${after} bytes after the TLV area`);
  }
  return { ok: true, value: { version, imageSize, fileSize: file.length, hash } };
}

/** The refusal of a file above `MAX_IMAGE_BYTES` (`bytes` long). */
export const tooLarge = (bytes: number): Rejected =>
  fail('too_large', `${bytes} bytes, more than ${MAX_IMAGE_BYTES}`);

/**
 * MCUboot's boot magic, the last 16 bytes of a slot's trailer: this with a `BOOT_MAX_ALIGN` of
 * 8, else the alignment (u16 LE) and `BOOT_MAGIC_TAIL`.
 */
export const BOOT_MAGIC = Uint8Array.from([
  0x77, 0xc2, 0x95, 0xf3, 0x60, 0xd2, 0xef, 0x7f, 0x35, 0x52, 0x50, 0x0f, 0x2c, 0xb6, 0x79, 0x80,
]);
export const BOOT_MAGIC_TAIL = Uint8Array.from([
  0x2d, 0xe1, 0x5d, 0x29, 0x41, 0x0b, 0x8d, 0x77, 0x67, 0x9c, 0x11, 0x0f, 0x1f, 0x8a,
]);

const endsWith = (bytes: Uint8Array, tail: Uint8Array) =>
  bytes.length >= tail.length && tail.every((b, i) => bytes[bytes.length - tail.length + i] === b);

/**
 * What `imgtool sign --pad` appends: erased flash (0xff, or 0x00 with `--erased-val 0`) up to the
 * slot's size, ending in a trailer with the boot magic. Such a file is for a programmer; over
 * SMP its trailer would land on the slot's own.
 */
function isPadding(after: Uint8Array): boolean {
  if (endsWith(after, BOOT_MAGIC) || endsWith(after, BOOT_MAGIC_TAIL)) return true;
  return after.length >= 16 && (after.every((b) => b === 0xff) || after.every((b) => b === 0));
}

/** How a chosen image stands to the one the cup runs. */
export type ImageComparison = 'same-image' | 'same-version' | 'older' | 'newer';

/**
 * The file against the cup's running image (its version text and hash, from the image state):
 * the very same image (its SHA-256), another build of the same version, an older or a newer one.
 * Undefined when the cup runs no image the app can read.
 */
export function compareWithRunning(
  image: FirmwareImage,
  running: { version: string; hash: Uint8Array } | undefined,
): ImageComparison | undefined {
  if (!running) return undefined;
  const { hash } = running;
  if (hash.length === image.hash.length && hash.every((b, i) => b === image.hash[i])) {
    return 'same-image';
  }
  const version = parseVersion(running.version);
  if (!version) return undefined;
  const order = compareVersions(image.version, version);
  return order === 0 ? 'same-version' : order < 0 ? 'older' : 'newer';
}

/**
 * An image as `imgtool sign --pad` writes it for a slot of `slotSize` bytes (for tests): erased
 * bytes, then the boot magic at the very end.
 */
export function padImage(image: Uint8Array, slotSize: number): Uint8Array {
  const out = new Uint8Array(slotSize).fill(0xff);
  out.set(image);
  out.set(BOOT_MAGIC, slotSize - BOOT_MAGIC.length);
  return out;
}

/**
 * Build an MCUboot-shaped image (for tests and the simulated cup): a 32-byte header, `body`,
 * and a TLV area with a SHA-256 over header and body. Not signed: the check does not verify
 * signatures (the cup's bootloader does).
 */
export async function buildImage(
  version: ImageVersion,
  body: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
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
