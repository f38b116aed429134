/**
 * A model of a cup's SMP server with MCUboot's two slots (for the unit tests and the browser
 * tests' emulated cup): image state, upload (resuming a session named by its SHA-256), test,
 * confirm, the buffer parameters and reset. Requests come in as ATT values (fragments, joined
 * by the header's length); responses go out through `send` in values of at most 20 bytes.
 * `restart` is what the bootloader does at a reset: swap in an image marked for test, run its
 * self-test, and put the old image back when the new one fails it or was never confirmed.
 */
import { boolField, bytesField, uintField, type CborMap } from './cbor';
import { SMP_FRAGMENT, SmpCommand, SmpGroup, SmpOp } from './constants';
import { SmpAssembler, decodePacket, encodePacket, fragment, type SmpPacket } from './frame';
import { checkImage, versionText, type FirmwareImage } from './image';

export interface SimSmpOptions {
  /** The image the cup runs (an MCUboot image, confirmed). */
  running: Uint8Array;
  /** The SMP buffer size the cup reports; null: it has no parameters command. */
  bufSize?: number | null;
  /** Whether a new image passes its self-test after the reset (default: it does). */
  selfTest?: boolean;
  /** A new image that passes its self-test confirms itself (default); false leaves it to the app. */
  confirmsItself?: boolean;
  /** The cup refuses to test an image (a signature it does not trust, say): return false. */
  accepts?: (image: Uint8Array) => boolean;
  /** Whether this connection may use SMP (PROTOCOL.md 9.1: only once ownership is proven). */
  allowed?: () => boolean;
  /**
   * A broken (or hostile) cup: once its upload has reached this offset, it writes nothing more
   * and answers every chunk with this offset again.
   */
  repeatsOffset?: number;
}

interface Slot {
  bytes: Uint8Array;
  image: FirmwareImage;
  confirmed: boolean;
  pending: boolean;
  permanent: boolean;
}

interface Upload {
  len: number;
  sha: Uint8Array | null;
  off: number;
  data: Uint8Array;
}

/** Errors as SMP version 2 sends them (`err: {group, rc}`), image group. */
const IMG_ERR = { noImage: 3, invalidHeader: 15, badOffset: 19, refused: 1 } as const;

const same = (a: Uint8Array | null, b: Uint8Array | null) =>
  !!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]);

export class SimSmpServer {
  /** Responses go out here, in ATT values of at most 20 bytes. */
  send: (value: Uint8Array) => void = () => {};
  /** The cup was asked to reset (after its response went out). */
  onReset: () => void = () => {};
  /** Called after every chunk written (`off` of `len`). */
  onUpload: (off: number, len: number) => void = () => {};
  /** Every request received, for tests. */
  readonly requests: SmpPacket[] = [];
  selfTest: boolean;
  private primary: Slot;
  private secondary: Slot | null = null;
  private upload: Upload | null = null;
  private lastUpload: Uint8Array | null = null;
  private readonly assembler = new SmpAssembler();
  private readonly options: SimSmpOptions;

  constructor(options: SimSmpOptions) {
    this.options = options;
    this.selfTest = options.selfTest ?? true;
    this.primary = { ...slotOf(options.running), confirmed: true };
  }

  /** The version the cup runs. */
  get runningVersion(): string {
    return versionText(this.primary.image.version);
  }

  get runningConfirmed(): boolean {
    return this.primary.confirmed;
  }

  /** What the last upload wrote so far (the whole image once it completed). */
  get uploaded(): Uint8Array | null {
    return this.upload ? this.upload.data.subarray(0, this.upload.off) : this.lastUpload;
  }

  /** One ATT value written to the SMP characteristic. */
  write(value: Uint8Array): void {
    const joined = this.assembler.push(value);
    if (!joined.ok) return this.assembler.reset();
    if (!joined.value) return;
    const packet = decodePacket(joined.value);
    if (!packet.ok) return;
    this.requests.push(packet.value);
    const body = this.handle(packet.value);
    const p = packet.value;
    const op = p.op === SmpOp.read ? SmpOp.readResponse : SmpOp.writeResponse;
    const out = encodePacket({
      op,
      group: p.group,
      id: p.id,
      seq: p.seq,
      body,
      version: p.version,
    });
    for (const part of fragment(out, SMP_FRAGMENT)) this.send(part.slice());
    if (p.group === SmpGroup.os && p.id === SmpCommand.reset) this.onReset();
  }

  /** The link dropped: a request cut in half is gone. */
  disconnect(): void {
    this.assembler.reset();
  }

  /**
   * The bootloader at a reset: a running image never confirmed goes back; an image marked for
   * test is swapped in and runs its self-test. Returns what runs now.
   */
  restart(): 'new' | 'old' | 'same' {
    if (!this.primary.confirmed && this.secondary) {
      [this.primary, this.secondary] = [{ ...this.secondary, confirmed: true }, this.primary];
      return 'old';
    }
    if (!this.secondary?.pending) return 'same';
    const incoming = this.secondary;
    this.secondary = { ...this.primary, pending: false, permanent: false };
    this.primary = { ...incoming, pending: false, confirmed: incoming.permanent };
    if (!this.selfTest) {
      // The self-test failed: the firmware resets without confirming, MCUboot reverts.
      [this.primary, this.secondary] = [{ ...this.secondary, confirmed: true }, this.primary];
      return 'old';
    }
    if (this.options.confirmsItself ?? true) this.primary.confirmed = true;
    return 'new';
  }

  private handle(p: SmpPacket): CborMap {
    if (this.options.allowed && !this.options.allowed()) return { rc: 13 }; // access denied
    if (p.group === SmpGroup.os && p.id === SmpCommand.reset) return {};
    if (p.group === SmpGroup.os && p.id === SmpCommand.params) {
      const size = this.options.bufSize === undefined ? 384 : this.options.bufSize;
      return size === null ? { rc: 8 } : { buf_size: size, buf_count: 4 };
    }
    if (p.group !== SmpGroup.image) return { rc: 8 };
    if (p.id === SmpCommand.state) {
      return p.op === SmpOp.read ? this.state() : this.writeState(p.body);
    }
    if (p.id === SmpCommand.upload) return this.chunk(p.body);
    return { rc: 8 };
  }

  private state(): CborMap {
    const entry = (slot: Slot, n: number): CborMap => ({
      image: 0,
      slot: n,
      version: versionText(slot.image.version),
      hash: slot.image.hash,
      bootable: true,
      pending: slot.pending,
      confirmed: slot.confirmed,
      active: n === 0,
      permanent: slot.permanent,
    });
    const images = [entry(this.primary, 0)];
    if (this.secondary) images.push(entry(this.secondary, 1));
    return { images };
  }

  private writeState(body: CborMap): CborMap {
    const hash = bytesField(body, 'hash') ?? null;
    const confirm = boolField(body, 'confirm') ?? false;
    if (confirm && (!hash || same(hash, this.primary.image.hash))) {
      this.primary.confirmed = true;
      return this.state();
    }
    const target = this.secondary;
    if (!target || !same(hash, target.image.hash)) return err(IMG_ERR.noImage);
    if (this.options.accepts && !this.options.accepts(target.bytes)) return err(IMG_ERR.refused);
    target.pending = true;
    target.permanent = confirm;
    return this.state();
  }

  private chunk(body: CborMap): CborMap {
    const off = uintField(body, 'off');
    const data = bytesField(body, 'data');
    if (off === undefined || !data) return { rc: 3 };
    if (off === 0) {
      const len = uintField(body, 'len');
      const sha = bytesField(body, 'sha') ?? null;
      if (len === undefined) return { rc: 3 };
      if (this.upload && sha && same(sha, this.upload.sha) && this.upload.len === len) {
        return { off: this.upload.off }; // the same upload: go on where it stands
      }
      if (
        data.length >= 4 &&
        new DataView(data.buffer, data.byteOffset).getUint32(0, true) !== 0x96f3b83d
      ) {
        return err(IMG_ERR.invalidHeader);
      }
      this.secondary = null;
      this.upload = { len, sha, off: 0, data: new Uint8Array(len) };
    }
    const upload = this.upload;
    if (!upload) return err(IMG_ERR.badOffset);
    const stuck = this.options.repeatsOffset;
    if (stuck !== undefined && upload.off >= stuck) return { off: stuck };
    if (off !== upload.off) return { off: upload.off };
    if (off + data.length > upload.len) return { rc: 3 };
    upload.data.set(data, off);
    upload.off += data.length;
    this.onUpload(upload.off, upload.len);
    if (upload.off < upload.len) return { off: upload.off };
    this.upload = null;
    this.lastUpload = upload.data;
    const slot = slotOf(upload.data);
    this.secondary = { ...slot, confirmed: false };
    return { off: upload.len };
  }
}

function slotOf(bytes: Uint8Array): Slot {
  const checked = checkImage(bytes);
  if (!checked.ok) {
    // Not an image at all: the cup keeps the bytes; testing it finds no hash to match.
    return {
      bytes,
      image: {
        version: { major: 0, minor: 0, revision: 0, build: 0 },
        imageSize: 0,
        fileSize: bytes.length,
        hash: new Uint8Array(32),
      },
      confirmed: false,
      pending: false,
      permanent: false,
    };
  }
  return { bytes, image: checked.value, confirmed: false, pending: false, permanent: false };
}

function err(rc: number): CborMap {
  return { err: { group: SmpGroup.image, rc } };
}
