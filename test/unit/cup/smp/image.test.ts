/** The check on a firmware file before a byte of it goes to the cup. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOT_MAGIC,
  BOOT_MAGIC_TAIL,
  IMAGE_MAGIC,
  TLV_PROTECTED_INFO_MAGIC,
  buildImage,
  checkImage,
  compareVersions,
  compareWithRunning,
  padImage,
  parseVersion,
  versionText,
} from '../../../../src/cup/smp';

const body = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) & 0xff);
const v = { major: 2, minor: 1, revision: 3, build: 0 };

describe('checkImage', () => {
  it('reads version, sizes and the SHA-256 TLV of an MCUboot image', async () => {
    const file = await buildImage(v, body(1000));
    const checked = checkImage(file);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.version).toEqual(v);
    expect(checked.value.imageSize).toBe(32 + 1000);
    expect(checked.value.fileSize).toBe(file.length);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', file.slice(0, 1032)));
    expect([...checked.value.hash]).toEqual([...digest]);
  });

  it('refuses what is not an MCUboot image, each with its reason', async () => {
    const good = await buildImage(v, body(100));
    const change = (f: (b: Uint8Array, d: DataView) => void) => {
      const b = good.slice();
      f(b, new DataView(b.buffer));
      return checkImage(b);
    };
    expect(checkImage(new TextEncoder().encode('hello, I am a text file'))).toMatchObject({
      ok: false,
      reason: 'too_short',
    });
    expect(checkImage(new Uint8Array(64))).toMatchObject({ ok: false, reason: 'bad_magic' });
    expect(change((_, d) => d.setUint32(0, IMAGE_MAGIC, false))).toMatchObject({
      reason: 'bad_magic',
    });
    expect(change((_, d) => d.setUint16(8, 16, true))).toMatchObject({ reason: 'bad_header_size' });
    expect(checkImage(good.slice(0, 140))).toMatchObject({ reason: 'truncated' });
    expect(change((b) => (b[132] ^= 0xff))).toMatchObject({ reason: 'bad_tlv_magic' });
    expect(change((b) => (b[136] = 0x01))).toMatchObject({ reason: 'no_hash' }); // TLV type 0x01
    expect(checkImage(new Uint8Array([...good, 0]))).toMatchObject({ reason: 'trailing_bytes' });
  });

  it('tells a slot-padded image (imgtool --pad) from other trailing bytes', async () => {
    const good = await buildImage(v, body(100));
    const padded = padImage(good, 4096);
    expect(padded.length).toBe(4096);
    expect(checkImage(padded)).toMatchObject({ ok: false, reason: 'padded' });
    // A trailer for a BOOT_MAX_ALIGN of 32: the alignment, then the magic's tail.
    const aligned = padded.slice();
    aligned.set([32, 0, ...BOOT_MAGIC_TAIL], aligned.length - 16);
    expect(checkImage(aligned)).toMatchObject({ reason: 'padded' });
    // Erased flash with no trailer yet (0xff, or 0x00 with --erased-val 0).
    const erased = new Uint8Array(good.length + 64).fill(0xff);
    erased.set(good);
    expect(checkImage(erased)).toMatchObject({ reason: 'padded' });
    expect(checkImage(new Uint8Array([...good, ...new Uint8Array(64)]))).toMatchObject({
      reason: 'padded',
    });
    // Other bytes after the TLV area are not padding: two files glued together, say.
    expect(checkImage(new Uint8Array([...good, ...good]))).toMatchObject({
      reason: 'trailing_bytes',
    });
    expect(checkImage(new Uint8Array([...good, ...BOOT_MAGIC.subarray(0, 15)]))).toMatchObject({
      reason: 'trailing_bytes',
    });
  });

  it('walks a protected TLV area before the unprotected one', async () => {
    const plain = await buildImage(v, body(64));
    const end = 32 + 64;
    const prot = new Uint8Array([0x08, 0x69, 12, 0, 0x50, 0, 4, 0, 1, 2, 3, 4]);
    const file = new Uint8Array([...plain.subarray(0, end), ...prot, ...plain.subarray(end)]);
    new DataView(file.buffer).setUint16(10, prot.length, true);
    expect(new DataView(prot.buffer).getUint16(0, true)).toBe(TLV_PROTECTED_INFO_MAGIC);
    expect(checkImage(file)).toMatchObject({ ok: true });
  });

  it('never throws on garbage, nor on a valid header over garbage', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, magic) => {
        const b = bytes.slice();
        if (magic && b.length >= 4) new DataView(b.buffer).setUint32(0, IMAGE_MAGIC, true);
        expect(typeof checkImage(b).ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});

describe('compareWithRunning', () => {
  it('tells the same image, another build of the version, an older and a newer one', async () => {
    const checked = checkImage(await buildImage(v, body(100)));
    if (!checked.ok) throw new Error(checked.detail);
    const image = checked.value;
    const other = new Uint8Array(32).fill(7);
    expect(compareWithRunning(image, { version: '2.1.3', hash: image.hash })).toBe('same-image');
    // The hash names the image: a cup reporting another version text for it still runs it.
    expect(compareWithRunning(image, { version: '9.9.9', hash: image.hash })).toBe('same-image');
    expect(compareWithRunning(image, { version: '2.1.3', hash: other })).toBe('same-version');
    expect(compareWithRunning(image, { version: '2.1.4', hash: other })).toBe('older');
    expect(compareWithRunning(image, { version: '2.1.3.1', hash: other })).toBe('older');
    expect(compareWithRunning(image, { version: '2.0.9', hash: other })).toBe('newer');
    expect(compareWithRunning(image, { version: 'dev', hash: other })).toBeUndefined();
    expect(compareWithRunning(image, undefined)).toBeUndefined();
  });
});

describe('versions', () => {
  it('are written and read as the image manager writes them', () => {
    expect(versionText(v)).toBe('2.1.3');
    expect(versionText({ ...v, build: 7 })).toBe('2.1.3.7');
    expect(parseVersion('2.1.3.7')).toEqual({ ...v, build: 7 });
    expect(parseVersion('two')).toBeNull();
    expect(compareVersions(parseVersion('1.10.0')!, parseVersion('1.9.9')!)).toBeGreaterThan(0);
  });
});
