/**
 * The core on the Puck: the blob (../native/, uploaded as the Storage file `mia-core.bin`) run in
 * place from flash through E.nativeCall, and the cup's memory in a Uint8Array this object owns.
 *
 * E.nativeCall(address | 1, 'int(int,int,int,int)') makes the one entry point callable (Thumb:
 * bit 0 set; at most 4 arguments). The file is memory-mapped flash, so the code takes no RAM;
 * Storage keeps files 4-byte aligned, which the code's PC-relative literals need, and a write to
 * Storage may move it (compaction): after one, `storageChanged()` finds it again. The block is
 * a flat ArrayBuffer (any Uint8Array this size is one); its data address may move too (a
 * defragmentation), so it is asked for at every call, and the cup is kept 8-byte aligned by
 * sliding it inside a few spare bytes.
 */
import type { Espruino, NativeFunction } from './espruino';
import type { BoardCore, CoreHooks, CoreSetup, Notification } from './core';
import { Block, Fired, Op, SetupAt } from './layout';

export const BLOB_FILE = 'mia-core.bin';
const SPARE = 8;

export class NativeCore implements BoardCore {
  private readonly mem = new Uint8Array(Block.cup + Block.cupRoom + SPARE);
  private pad = 0;
  private fn: NativeFunction | null = null;

  constructor(
    private readonly env: Espruino,
    private readonly hooks: CoreHooks,
  ) {
    const size = this.call(Op.cupSize, 0, 0);
    if (size > Block.cupRoom) {
      throw new Error(`mia_cup is ${size} bytes, the block has ${Block.cupRoom}`);
    }
  }

  storageChanged(): void {
    this.fn = null;
  }

  init(setup: CoreSetup, now: number): void {
    const m = this.mem;
    const io = this.pad + Block.io;
    for (let i = 0; i < 40; i++) m[io + i] = 0;
    m[io + SetupAt.fw] = setup.firmware.major;
    m[io + SetupAt.fw + 1] = setup.firmware.minor;
    m[io + SetupAt.fw + 2] = setup.firmware.patch;
    m[io + SetupAt.lidMode] = 1; // analog
    this.put16(io + SetupAt.caps, setup.capabilities);
    this.put16(io + SetupAt.rate, setup.accelRateHz);
    m.set(setup.deviceId, io + SetupAt.id);
    this.put16(io + SetupAt.open, setup.lid.openLevel);
    this.put16(io + SetupAt.closed, setup.lid.closedLevel);
    m[io + SetupAt.invert] = 1; // a higher level (the magnet near) is closed
    if (setup.ownerKey) {
      m[io + SetupAt.hasKey] = 1;
      m.set(setup.ownerKey, this.pad + Block.key);
    }
    if (setup.config) {
      m[io + SetupAt.hasConfig] = 1;
      m.set(setup.config, io + SetupAt.config);
    }
    this.fillRandom();
    this.call(Op.init, now, 0);
  }

  accel(lastMs: number, samples: readonly number[][]): void {
    const io = this.pad + Block.io;
    for (let i = 0; i < samples.length; i++) {
      for (let k = 0; k < 3; k++) this.put16(io + i * 6 + k * 2, samples[i][k] & 0xffff);
    }
    this.call(Op.accel, lastMs, samples.length);
  }

  lid(now: number, level: number): void {
    this.call(Op.lid, now, level);
  }

  tick(now: number): void {
    this.call(Op.tick, now, 0);
  }

  setBattery(percent: number): void {
    this.call(Op.battery, percent, 0);
  }

  connected(now: number, up: boolean, peer: Uint8Array | null = null): void {
    this.fillRandom();
    if (up && peer) this.mem.set(peer, this.pad + Block.io);
    this.call(Op.connected, now, !up ? 0 : peer ? 2 : 1);
  }

  subscribe(chr: number, on: boolean): void {
    this.call(Op.subscribe, chr, on ? 1 : 0);
  }

  controlWrite(now: number, bytes: Uint8Array): number {
    const n = Math.min(bytes.length, Block.ioLen);
    this.mem.set(n < bytes.length ? bytes.subarray(0, n) : bytes, this.pad + Block.io);
    this.fillRandom();
    return this.call(Op.write, now, n);
  }

  shouldDisconnect(now: number): boolean {
    return this.call(Op.shouldDrop, now, 0) !== 0;
  }

  readInfo(): Uint8Array {
    return this.out(this.call(Op.readInfo, 0, 0));
  }

  readState(now: number): Uint8Array {
    return this.out(this.call(Op.readState, now, 0));
  }

  readAdvert(): Uint8Array {
    return this.out(this.call(Op.readAdvert, 0, 0));
  }

  next(now: number): Notification | null {
    const got = this.call(Op.next, now, 0);
    return got > 0 ? { chr: got >> 8, frame: this.out(got & 0xff) } : null;
  }

  maySleep(now: number): boolean {
    return this.call(Op.maySleep, now, 0) !== 0;
  }

  busy(): boolean {
    return this.call(Op.busy, 0, 0) !== 0;
  }

  claimButton(now: number): void {
    this.call(Op.claimButton, now, 0);
  }

  private entry(): NativeFunction {
    if (this.fn) return this.fn;
    const { E, Storage } = this.env;
    const code = Storage.read(BLOB_FILE);
    if (code === undefined) throw new Error(`${BLOB_FILE} is missing: npm run cup:flash`);
    const at = E.getAddressOf(code, true);
    if (at === 0 || (at & 3) !== 0) throw new Error(`${BLOB_FILE} is not word-aligned in flash`);
    this.fn = E.nativeCall(at | 1, 'int(int,int,int,int)');
    return this.fn;
  }

  /** The block's address now, the cup slid to an 8-byte boundary if the buffer moved. */
  private block(): number {
    const at = this.env.E.getAddressOf(this.mem, true);
    if (at === 0) throw new Error('the block is not a flat buffer');
    const pad = (8 - (at & 7)) & 7;
    if (pad !== this.pad) {
      const m = this.mem;
      const n = m.length - SPARE;
      if (pad < this.pad) for (let i = 0; i < n; i++) m[pad + i] = m[this.pad + i];
      else for (let i = n - 1; i >= 0; i--) m[pad + i] = m[this.pad + i];
      this.pad = pad;
    }
    return at + pad;
  }

  private call(op: number, a: number, b: number): number {
    const result = this.entry()(this.block(), op, a | 0, b | 0);
    const fired = this.mem[this.pad + Block.fired];
    if (fired !== 0) this.fire(fired);
    return result;
  }

  private fire(fired: number): void {
    const m = this.mem;
    const p = this.pad;
    if (fired & Fired.randomShort) throw new Error('the core drew more random bytes than the pool');
    if (fired & Fired.owner) {
      this.hooks.ownerChanged(m[p + Block.ownerSet] ? this.copy(p + Block.key, 16) : null);
    }
    if (fired & Fired.config) this.hooks.configChanged(this.copy(p + Block.config, 10));
    if (fired & Fired.identify) {
      const ms = m[p + Block.identifyMs] | (m[p + Block.identifyMs + 1] << 8);
      this.hooks.identify(m[p + Block.identifyPattern], ms);
    }
  }

  private fillRandom(): void {
    const at = this.pad + Block.random;
    for (let i = 0; i < Block.randomLen; i += 4) {
      const r = this.env.E.hwRand();
      for (let k = 0; k < 4; k++) this.mem[at + i + k] = (r >> (8 * k)) & 0xff;
    }
  }

  private put16(at: number, v: number): void {
    this.mem[at] = v & 0xff;
    this.mem[at + 1] = (v >> 8) & 0xff;
  }

  private out(length: number): Uint8Array {
    return this.copy(this.pad + Block.io, length);
  }

  private copy(at: number, length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = this.mem[at + i];
    return bytes;
  }
}
