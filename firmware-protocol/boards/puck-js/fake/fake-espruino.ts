/**
 * A fake Puck.js v2.1 running Espruino, for Node: the `Espruino` object the firmware takes, on a
 * virtual clock (FakeClock), with the person's side for the tests (sensors that read a motion
 * and a magnetic field, the button, the battery, a central on the radio: FakeNrf).
 *
 * Signatures and limits from Espruino's reference: Puck.accelOn and Puck.magOn take only the
 * rates the chip has (else they throw), 'accel' gives raw LSB at +-4 g (8192 a g), 'mag' gives
 * 0.1 uT; Storage file names up to 28 characters, read() a string of the bytes or undefined;
 * E.hwRand a 32-bit integer; E.getBattery a percentage. Where the Puck runs the blob through
 * E.nativeCall, the tests run the same core as WebAssembly: CupCore behind the board's core
 * interface (wasm-core.ts), or the blob's own C behind a faithful E.nativeCall (native-wasm.ts).
 */
import type { EApi, Espruino, PuckApi, StorageApi, WatchOptions, Xyz } from '../src/espruino';
import { FakeClock } from './clock';
import { FakeNrf } from './fake-nrf';
import type { NativeWasm } from './native-wasm';

const ACCEL_RATES = [1.6, 12.5, 26, 52, 104, 208, 416, 833, 1660];
const MAG_RATES = [80, 40, 20, 10, 5, 2.5, 1.25, 0.63, 0.31, 0.16, 0.08];
const LSB_PER_G = 8192;
export const PINS = { LED1: 1, LED2: 2, LED3: 3, BTN: 4 } as const;
export const FICR_DEVICEID = 0x10000060;

/** Where the fake Storage's files start in flash; every write moves them all (a compaction). */
const STORAGE_FLASH = 0x00060000;

export class FakeStorage implements StorageApi {
  readonly files = new Map<string, string>();
  writes = 0;
  /** The file E.nativeCall runs (NativeCore's BLOB_FILE). */
  blobName = 'mia-core.bin';

  /** A file's flash address (4-byte aligned, 32-byte headers), as E.getAddressOf gives it. */
  addressOf(content: string): number {
    let at = STORAGE_FLASH + this.writes * 0x100;
    for (const [, data] of this.files) {
      at += 32;
      if (data === content) return at;
      at += (data.length + 3) & ~3;
    }
    return 0;
  }

  blobAddress(): number {
    const blob = this.files.get(this.blobName);
    return blob === undefined ? 0 : this.addressOf(blob);
  }

  read(name: string): string | undefined {
    return this.files.get(name);
  }

  write(name: string, data: string | Uint8Array): boolean {
    if (name.length > 28) throw new Error('Storage: name too long');
    this.files.set(name, typeof data === 'string' ? data : String.fromCharCode(...data));
    this.writes++;
    return true;
  }

  erase(name: string): void {
    this.files.delete(name);
    this.writes++;
  }
}

/** The Puck's sensors as the tests move it: milli-g and 0.1 uT at each time. */
export interface FakeWorld {
  motion(ms: number): Xyz;
  field(ms: number): Xyz;
}

export class FakePuck {
  readonly clock = new FakeClock();
  readonly nrf = new FakeNrf();
  readonly storage: FakeStorage;
  readonly pins = new Map<number, boolean>();
  readonly registers = new Map<number, number>();
  accelHz = 0;
  magHz = 0;
  battery = 87;
  /** Pins written, with the time: the LEDs' story. */
  readonly ledLog: { ms: number; pin: number; on: boolean }[] = [];
  world: FakeWorld;
  private accelTimer: number | null = null;
  private magTimer: number | null = null;
  private readonly listeners: { accel: ((e: never) => void)[]; mag: ((e: never) => void)[] } = {
    accel: [],
    mag: [],
  };
  private readonly watches: { cb: (e: { state: boolean; time: number }) => void; pin: number }[] =
    [];
  private rand: number;
  /** Every E.hwRand the same (tests that compare two cores whatever bytes each draws). */
  private readonly constantRandom: number | null;

  /** E.nativeCall's code, when the test gives one (native-wasm.ts). */
  native: NativeWasm | null = null;

  constructor(
    readonly deviceId: Uint8Array,
    options: { storage?: FakeStorage; seed?: number; world: FakeWorld; constantRandom?: number },
  ) {
    this.storage = options.storage ?? new FakeStorage();
    this.world = options.world;
    this.rand = options.seed ?? 0x2545f491;
    this.constantRandom = options.constantRandom ?? null;
  }

  /** The firmware's view. */
  env(): Espruino {
    const puck: PuckApi = {
      accelOn: (hz) => this.accelOn(hz),
      accelOff: () => this.stopTimer('accel'),
      accelWr: (register, value) => void this.registers.set(register, value),
      magOn: (hz) => this.magOn(hz),
      magOff: () => this.stopTimer('mag'),
      on: (event: 'accel' | 'mag', cb: (e: never) => void) => void this.listeners[event].push(cb),
    } as PuckApi;
    const e: EApi = {
      nativeCall: (addr, sig, data) => {
        if (!this.native) throw new Error('fake Puck: no native code (wasm-core.ts stands in)');
        return this.native.nativeCall(addr, sig, data);
      },
      getAddressOf: (v, flat) => (this.native ? this.native.getAddressOf(v, flat) : 0),
      hwRand: () => this.hwRand(),
      getBattery: () => this.battery,
    };
    return {
      NRF: this.nrf,
      Puck: puck,
      E: e,
      Storage: this.storage,
      ...PINS,
      digitalWrite: (pin, on) => {
        this.pins.set(pin, on);
        this.ledLog.push({ ms: this.clock.ms, pin, on });
      },
      digitalRead: (pin) => (this.pins.get(pin) ? 1 : 0),
      peek32: (address) => this.peek32(address),
      setWatch: (cb, pin, options: WatchOptions) => {
        if (!options.repeat) throw new Error('fake Puck: only repeating watches');
        this.watches.push({ cb, pin });
        return this.watches.length;
      },
      setInterval: (cb, ms) =>
        this.clock.add({ at: this.clock.ms + ms, run: () => (cb(), this.clock.ms + ms) }),
      clearInterval: (id) => this.clock.remove(id),
      setTimeout: (cb, ms) => this.clock.add({ at: this.clock.ms + ms, run: () => (cb(), null) }),
      clearTimeout: (id) => this.clock.remove(id),
      getTime: () => this.clock.ms / 1000,
    };
  }

  /** The button pressed for ms (a press and a release, with their times). */
  press(ms = 100): void {
    this.clock.advance(1);
    this.fireButton(true);
    this.clock.advance(ms);
    this.fireButton(false);
  }

  private fireButton(state: boolean): void {
    for (const w of this.watches)
      if (w.pin === PINS.BTN) w.cb({ state, time: this.clock.ms / 1000 });
  }

  private accelOn(hz: number): void {
    if (!ACCEL_RATES.includes(hz)) throw new Error(`Invalid sample rate ${hz}`);
    this.stopTimer('accel');
    this.accelHz = hz;
    const period = 1000 / hz;
    this.accelTimer = this.clock.add({
      at: this.clock.ms + period,
      run: () => {
        const a = this.world.motion(this.clock.ms);
        const raw = (mg: number) =>
          Math.max(-32768, Math.min(32767, Math.round((mg * LSB_PER_G) / 1000)));
        const acc = { x: raw(a.x), y: raw(a.y), z: raw(a.z) };
        for (const cb of this.listeners.accel)
          (cb as (e: unknown) => void)({ acc, gyro: { x: 0, y: 0, z: 0 } });
        return this.clock.ms + period;
      },
    });
  }

  private magOn(hz: number): void {
    if (!MAG_RATES.includes(hz)) throw new Error(`Invalid sample rate ${hz}`);
    this.stopTimer('mag');
    this.magHz = hz;
    const period = 1000 / hz;
    this.magTimer = this.clock.add({
      at: this.clock.ms + period,
      run: () => {
        const f = this.world.field(this.clock.ms);
        const xyz = { x: Math.round(f.x), y: Math.round(f.y), z: Math.round(f.z) };
        for (const cb of this.listeners.mag) (cb as (e: unknown) => void)(xyz);
        return this.clock.ms + period;
      },
    });
  }

  private stopTimer(which: 'accel' | 'mag'): void {
    const id = which === 'accel' ? this.accelTimer : this.magTimer;
    if (id !== null) this.clock.remove(id);
    if (which === 'accel') this.accelTimer = null;
    else this.magTimer = null;
  }

  private peek32(address: number): number {
    const at = address - FICR_DEVICEID;
    if (at !== 0 && at !== 4) throw new Error(`fake Puck: peek32(0x${address.toString(16)})`);
    const d = this.deviceId;
    return (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;
  }

  /** xorshift32: seeded, so a test's boot ids and challenges are the same every run. */
  private hwRand(): number {
    if (this.constantRandom !== null) return this.constantRandom;
    let x = this.rand;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rand = x >>> 0;
    return this.rand | 0;
  }
}
