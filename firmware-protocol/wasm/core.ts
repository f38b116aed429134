/**
 * The C reference core (firmware-protocol/reference/), compiled to WebAssembly, as a cup in
 * TypeScript: one method per call a board makes (mia_cup.h), the board's hooks as callbacks.
 * What it answers is what a cup running the reference firmware answers, byte for byte
 * (test/unit/firmware-protocol/core-differential.test.ts compares it with the native build).
 *
 * Each CupCore has its own instance of the module (one compile, shared), so cups never share
 * memory. Times are the cup's ms since boot (u32, wrapping). Frames are returned as copies.
 * A hook must not throw (it would unwind through the core, half way through a call).
 */
import {
  AUTH_BYTES,
  BATTERY_UNKNOWN,
  Length,
  configProblem,
  decodeConfig,
  decodeState,
  encodeConfig,
  type CupState,
} from '../codec';
import { FIFO_MAX, PEER_BYTES, WRITE_MAX, layOut, type Layout } from './layout';
import { HookBit, instantiateCore, type CoreExports } from './module';
import {
  CHARACTERISTICS,
  type CoreCharacteristic,
  type CoreNotification,
  type CupHooks,
  type CupSetup,
} from './setup';

export class CupCore {
  private booted = false;

  private constructor(
    private readonly x: CoreExports,
    private readonly at: Layout,
    private readonly hooks: CupHooks,
  ) {}

  /** A new cup (not booted: call init first). */
  static async create(hooks: CupHooks = {}): Promise<CupCore> {
    // The hooks are called by the instance, which exists before the cup that owns it.
    const made: { core?: CupCore } = {};
    const x = await instantiateCore({
      random: (_cup, buf, len) => made.core?.fillRandom(buf, len),
      identify: (_cup, pattern, ms) => hooks.identify?.(pattern, ms),
      config_changed: (_cup, cfg) => made.core?.configChanged(cfg),
      owner_changed: (_cup, key) => made.core?.ownerChanged(key),
    });
    made.core = new CupCore(x, layOut(x), hooks);
    return made.core;
  }

  /** Boots (or reboots) the cup: a new boot id, `booted` logged at nowMs (mia_cup_init). */
  init(setup: CupSetup, nowMs: number): void {
    const { firmware: fw, lid } = setup;
    const hooks =
      (this.hooks.random ? HookBit.random : 0) |
      (this.hooks.identify ? HookBit.identify : 0) |
      (this.hooks.configChanged ? HookBit.configChanged : 0) |
      (this.hooks.ownerChanged ? HookBit.ownerChanged : 0);
    this.put(this.at.id, setup.deviceId, 8, 'deviceId');
    if (setup.ownerKey) this.put(this.at.key, setup.ownerKey, AUTH_BYTES, 'ownerKey');
    // A stored Config out of range gives the defaults, as in C (it cannot be encoded anyway).
    const stored =
      setup.storedConfig && !configProblem(setup.storedConfig) ? setup.storedConfig : null;
    if (stored) this.put(this.at.config, encodeConfig(stored), Length.config, 'storedConfig');
    const analog = lid.mode === 'analog';
    this.x.mia_wasm_init(
      this.at.cup,
      ((fw.major & 0xff) << 16) | ((fw.minor & 0xff) << 8) | (fw.patch & 0xff),
      setup.capabilities,
      this.at.id,
      setup.accelRateHz,
      (analog ? 1 : 0) | (lid.invert ? 1 << 8 : 0),
      analog ? lid.openLevel : 0,
      analog ? lid.closedLevel : 0,
      setup.ownerKey ? this.at.key : 0,
      setup.wokeFromSleep ? 1 : 0,
      setup.protocolMinor ?? 0,
      stored ? this.at.config : 0,
      hooks,
      nowMs,
    );
    this.booted = true;
  }

  /** One accelerometer sample, milli-g. */
  accel(nowMs: number, x: number, y: number, z: number): void {
    this.x.mia_wasm_accel(this.cup(), nowMs, x, y, z);
  }

  /** Samples from the accelerometer's FIFO, oldest first, the last one taken at lastMs. */
  accelFifo(lastMs: number, samples: readonly (readonly [number, number, number])[]): void {
    if (samples.length > FIFO_MAX) throw new RangeError(`at most ${FIFO_MAX} samples a call`);
    const view = new Int16Array(this.x.memory.buffer, this.at.fifo, samples.length * 3);
    samples.forEach((xyz, i) => view.set(xyz, i * 3));
    this.x.mia_wasm_accel_fifo(this.cup(), lastMs, this.at.fifo, samples.length);
  }

  /** One lid sensor reading: 0/1 (digital) or the level (analog). */
  lid(nowMs: number, reading: number): void {
    this.x.mia_wasm_lid(this.cup(), nowMs, reading);
  }

  /** Time passes (call at least every 50 ms while busy()). */
  tick(nowMs: number): void {
    this.x.mia_wasm_tick(this.cup(), nowMs);
  }

  /** percent 0..100, or null when unknown. */
  setBattery(percent: number | null, charging: boolean): void {
    this.x.mia_wasm_set_battery(this.cup(), percent ?? BATTERY_UNKNOWN, charging ? 1 : 0);
  }

  /**
   * The link came up (true) or went down. `peer`: the central's Bluetooth address (6 bytes) as
   * the link comes up, or null when the board cannot tell (then no one is kept waiting). A
   * stranger the cup dropped for being unproven is refused for a while: `shouldDisconnect` says
   * so at once.
   */
  connected(nowMs: number, up: boolean, peer: Uint8Array | null = null): void {
    if (up && peer) this.put(this.at.peer, peer, PEER_BYTES, 'peer');
    this.x.mia_wasm_connected(this.cup(), nowMs, up ? 1 : 0, up && peer ? this.at.peer : 0);
  }

  /** The central enabled or disabled notifications (a CCCD write). */
  subscribe(chr: CoreCharacteristic, on: boolean): void {
    this.x.mia_wasm_subscribe(this.cup(), CHARACTERISTICS.indexOf(chr), on ? 1 : 0);
  }

  /** A Write Request on Control: 0 (a Reply is queued) or an ATT error code. */
  controlWrite(nowMs: number, bytes: Uint8Array): number {
    if (bytes.length > WRITE_MAX) throw new RangeError(`a write has at most ${WRITE_MAX} bytes`);
    new Uint8Array(this.x.memory.buffer).set(bytes, this.at.in);
    return this.x.mia_wasm_control_write(this.cup(), nowMs, this.at.in, bytes.length);
  }

  /** The board must end the link now (a refused peer, an unproven connection: PROTOCOL.md 6). */
  shouldDisconnect(nowMs: number): boolean {
    return this.x.mia_wasm_should_disconnect(this.cup(), nowMs) !== 0;
  }

  /** Forgets the owner (a reset button). */
  forgetOwner(): void {
    this.x.mia_wasm_forget_owner(this.cup());
  }

  /** A claim button is pressed: a claim waiting for its gesture is confirmed (1.2). */
  claimButton(nowMs: number): void {
    this.x.mia_wasm_claim_button(this.cup(), nowMs);
  }

  /** A claim waits for its gesture (the lid, a shake, a button): the cup blinks. */
  get claimWaiting(): boolean {
    return this.x.mia_wasm_claim_waiting(this.cup()) !== 0;
  }

  /** The SMP service may answer now (PROTOCOL.md 9.1: the owner's proof and unlock). */
  get smpAllowed(): boolean {
    return this.x.mia_wasm_smp_allowed(this.cup()) !== 0;
  }

  readInfo(): Uint8Array {
    return this.bytes(this.at.out, this.x.mia_wasm_read_info(this.cup(), this.at.out));
  }

  readState(nowMs: number): Uint8Array {
    return this.bytes(this.at.out, this.x.mia_wasm_read_state(this.cup(), nowMs, this.at.out));
  }

  /** The scan response's service data (owner flag + device id, 9 bytes). */
  readAdvert(): Uint8Array {
    return this.bytes(this.at.out, this.x.mia_wasm_read_advert(this.cup(), this.at.out));
  }

  /** The next notification due (Reply, Events, State, Telemetry), or null; taking it sends it. */
  nextNotification(nowMs: number): CoreNotification | null {
    const got = this.x.mia_wasm_next_notification(this.cup(), nowMs, this.at.out);
    const chr = CHARACTERISTICS[got >> 8];
    const length = got & 0xff;
    return chr && length > 0 ? { chr, frame: this.bytes(this.at.out, length) } : null;
  }

  maySleep(nowMs: number): boolean {
    return this.x.mia_wasm_may_sleep(this.cup(), nowMs) !== 0;
  }

  /** Something time-based is pending: keep ticking. */
  busy(): boolean {
    return this.x.mia_wasm_busy(this.cup()) !== 0;
  }

  /** The State at nowMs, decoded (what a read of State gives). */
  state(nowMs: number): CupState {
    const decoded = decodeState(this.readState(nowMs));
    if (!decoded.ok) throw new Error(`the core's State does not decode: ${decoded.detail}`);
    return decoded.value;
  }

  get lidOpen(): boolean {
    return this.state(0).lidOpen;
  }

  get shaking(): boolean {
    return this.state(0).shaking;
  }

  /** The cup has an owner key. */
  get owned(): boolean {
    return this.state(0).owned;
  }

  /** This connection has proven the owner key (or claimed the cup). */
  get proven(): boolean {
    return this.state(0).proven;
  }

  get bootId(): number {
    return this.state(0).bootId ?? 0;
  }

  private cup(): number {
    if (!this.booted) throw new Error('CupCore: init() first');
    return this.at.cup;
  }

  private bytes(at: number, length: number): Uint8Array {
    return new Uint8Array(this.x.memory.buffer, at, length).slice();
  }

  private put(at: number, bytes: Uint8Array, length: number, what: string): void {
    if (bytes.length !== length) throw new RangeError(`${what} must be ${length} bytes`);
    new Uint8Array(this.x.memory.buffer).set(bytes, at);
  }

  private fillRandom(buf: number, len: number): void {
    const bytes = new Uint8Array(len);
    this.hooks.random?.(bytes);
    new Uint8Array(this.x.memory.buffer).set(bytes, buf);
  }

  private ownerChanged(key: number): void {
    this.hooks.ownerChanged?.(key === 0 ? null : this.bytes(key, AUTH_BYTES));
  }

  private configChanged(cfg: number): void {
    const decoded = decodeConfig(this.bytes(cfg, Length.config));
    if (!decoded.ok) throw new Error(`the core's Config does not decode: ${decoded.detail}`);
    this.hooks.configChanged?.(decoded.value);
  }
}
