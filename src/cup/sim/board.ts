/**
 * The simulated cup's board: the C reference core (WebAssembly) with the clock, the sensors
 * (`sensors.ts`: a cup at rest, a person shaking it, a lid, readings played back), the flash
 * that keeps the owner key, the LEDs and buzzer that identify, and a tick while something is
 * pending. What goes over the radio is `firmware.ts`'s.
 */
import { Capability, decodeInfo, type Config, type Info } from '../../../firmware-protocol/codec';
import type { CupCore } from '../../../firmware-protocol/wasm';
import type { CoreOutlets, Identified } from './hooks';
import type { CupFaults } from './faults';
import type { ShakeStyle } from './motion';
import {
  capabilitiesOf,
  defaultConfig,
  isOneZero,
  setupOf,
  stringsOf,
  type DeviceStrings,
  type FirmwareOptions,
} from './options';
import { SimSensors, type PlayedReading } from './sensors';

/** How often the board ticks the core while something is pending (the core asks <= 50 ms). */
const TICK_MS = 20;

export abstract class SimBoard implements CoreOutlets {
  readonly faults: CupFaults;
  /** Protocol 1.1 or later (not the 1.0 wrapper). */
  readonly oneOne: boolean;
  strings: DeviceStrings;
  battery: number;
  /** Identify requests carried out (and the reset gesture's confirmation), newest last. */
  readonly identified: Identified[] = [];
  /** Someone who sees (or hears) the cup identify: a test's person at the cup. */
  onIdentify: ((identified: Identified) => void) | null = null;
  /** The Config in effect (the core's, as it reports changes). */
  config: Config = defaultConfig();

  protected readonly sensors: SimSensors;
  /** The owner key in flash (hex). */
  protected ownerKey: string | null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly stillWaiters = new Set<() => void>();

  protected constructor(
    protected readonly core: CupCore,
    protected readonly options: FirmwareOptions,
  ) {
    this.faults = options.faults ?? {};
    this.oneOne = !isOneZero(options);
    this.battery = options.battery ?? 87;
    this.ownerKey = this.oneOne ? (options.ownerKey ?? null) : null;
    const now = options.now ?? (() => Date.now());
    this.sensors = new SimSensors(core, now, options.accelRateHz ?? 100, options.seed ?? 1);
    this.strings = stringsOf(options.firmware ?? setupOf(options, null).firmware);
  }

  /** The owner key in the cup's flash (hex), and whether this connection has proven it. */
  get owner(): { key: string | null; owned: boolean; proven: boolean } {
    const owned = this.oneOne && this.ownerKey !== null;
    return { key: this.ownerKey, owned, proven: owned && this.core.proven };
  }

  // The core calls out (`hooks.ts`).
  coreIdentified(identified: Identified): void {
    this.identified.push(identified);
    this.onIdentify?.(identified);
  }

  coreConfig(config: Config): void {
    this.config = config;
  }

  coreOwner(keyHex: string | null): void {
    this.ownerKey = keyHex;
  }

  /** The core lets SMP through on this connection (1.2: a sealed firmware_unlock first). */
  get smpAllowed(): boolean {
    return this.core.smpAllowed;
  }

  /** The capability bits the cup serves (Info's), which decide its GATT database too. */
  get capabilities(): number {
    const extras = this.oneOne ? 0 : Capability.telemetry | Capability.firmwareUpdate;
    return capabilitiesOf(this.options) & ~extras;
  }

  /** Info as the cup serves it. */
  get info(): Info {
    const own = decodeInfo(this.core.readInfo()); // the core speaks 1.1; the board may say else
    if (!own.ok) throw new Error(`the core's Info does not decode: ${own.detail}`);
    const said = this.options.protocol;
    const protocol = said ? { protocolMajor: said.major, protocolMinor: said.minor } : {};
    return { ...own.value, ...protocol, capabilities: this.capabilities };
  }

  /** ms since boot. */
  get clock(): number {
    return this.sensors.time();
  }

  get bootId(): number {
    return this.core.bootId;
  }

  get shaking(): boolean {
    this.advance();
    return this.core.shaking;
  }

  /** The lid as the cup senses it (after the detector's debounce). */
  get lidIsOpen(): boolean {
    this.advance();
    return this.core.lidOpen;
  }

  /** The lid as the person left it (what the on-screen cup shows). */
  get lidUp(): boolean {
    return this.sensors.lidUp;
  }

  /** A person is shaking the cup. */
  get handsOn(): boolean {
    return this.sensors.moving();
  }

  // Physical world -----------------------------------------------------------------------

  /** A person shakes the cup for `ms`; resolves once the cup is still again. */
  shakeFor(ms: number, style?: ShakeStyle): Promise<void> {
    this.advance();
    this.sensors.shake(ms, style);
    this.wake();
    return this.whenStill();
  }

  /** A person starts shaking the cup (the detector reports it once it has lasted). */
  startShake(style?: ShakeStyle): void {
    this.advance();
    this.sensors.shake(Infinity, style);
    this.wake();
  }

  /** ...and stops (the detector reports the end once the cup has been still for the gap). */
  endShake(): void {
    this.advance();
    this.sensors.stopShaking();
    this.wake();
  }

  openLid = (): void => this.setLid(true);
  closeLid = (): void => this.setLid(false);

  /** A person lifts the lid for `ms`; resolves once the lid is back and still. */
  async liftFor(ms: number): Promise<void> {
    this.setLid(true);
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.setLid(false);
    await this.whenStill();
  }

  /** The lid is opened (or closed) now; the detector reports it after its debounce. */
  setLid(open: boolean): void {
    this.advance();
    this.sensors.setLid(open);
    this.advance();
    this.wake();
  }

  /** Resolves once nothing moves and the core has nothing pending (events sent). */
  whenStill(): Promise<void> {
    return new Promise((resolve) => {
      this.stillWaiters.add(resolve);
      this.wake();
    });
  }

  setBattery(percent: number): void {
    this.advance();
    this.battery = percent;
    this.core.setBattery(percent, false);
    this.batteryChanged(percent);
  }

  /**
   * Restart: a new boot id, an empty log, the clock from 0, `booted` first (then `lid_opened`
   * when the lid is open at boot). The link drops. After a power-on (not a wake from sleep),
   * an open lid kept open for 5 s forgets the owner (the reset gesture, the core's).
   */
  reboot(
    options: {
      lidOpen?: boolean;
      wake?: boolean;
      /** Runs another firmware version from now on (an update). */
      firmware?: Info['firmware'];
      /** Has these capability bits too from now on (a board with SMP). */
      capabilities?: number;
    } = {},
  ): void {
    this.restarting();
    if (options.firmware) {
      this.options.firmware = options.firmware;
      this.strings = stringsOf(options.firmware);
    }
    if (options.capabilities) {
      this.options.capabilities = (this.options.capabilities ?? 0) | options.capabilities;
    }
    this.boot(options.lidOpen ?? false, options.wake ?? false);
  }

  /**
   * Readings recorded elsewhere (a trace) played into the cup, each at its time from now on:
   * the detectors and the telemetry stream get them instead of the board's own. `wait` paces
   * it (called with the time to the next reading). The clock then goes on from the last one.
   */
  async play(
    rows: readonly PlayedReading[],
    wait: (ms: number) => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    this.advance();
    await this.sensors.play(rows, wait, (t) => {
      this.core.tick(t);
      this.handOn();
    });
    this.wake();
  }

  /** Time passes (a test that keeps the cup's time): the core catches up to the clock. */
  tick(): void {
    this.advance();
  }

  // For the radio ------------------------------------------------------------------------

  /** Hand the core's due frames on to the link (and end it when the core asks). */
  protected abstract handOn(): void;
  /** Hand the core's due frames on to the link, nothing else (between two readings). */
  protected abstract pump(): void;
  /** The Battery Level changed: notify it. */
  protected abstract batteryChanged(percent: number): void;
  /** The cup restarts: the link ends. */
  protected abstract restarting(): void;
  /** The link keeps the board ticking (connected, a replay or a stream under way). */
  protected abstract get linkBusy(): boolean;
  /** A replay is still going out (the person's action is not over for a test). */
  protected abstract get replaying(): boolean;

  // Inside -------------------------------------------------------------------------------

  protected boot(lidOpen: boolean, woke: boolean): void {
    this.stop();
    this.config = this.options.config ?? defaultConfig();
    this.core.init({ ...setupOf(this.options, this.ownerKey), wokeFromSleep: woke }, 0);
    this.core.setBattery(this.battery, false);
    this.sensors.boot(lidOpen); // the first lid reading, right after init
    this.wake();
  }

  /** Bring the core up to now: the readings since the last ones, a tick, the frames due. */
  protected advance(): void {
    if (!this.sensors.catchUp(() => this.pump())) return;
    this.core.tick(this.sensors.latest);
    this.handOn();
  }

  protected wake(): void {
    this.timer ??= setTimeout(this.onTick, TICK_MS);
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The person's action is over and the detectors have said so (a stream may still run). */
  private get still(): boolean {
    if (this.sensors.moving() || this.replaying) return false;
    const state = this.core.state(this.sensors.latest);
    return !state.shaking && state.lidOpen === this.sensors.lidUp;
  }

  private readonly onTick = (): void => {
    this.timer = null;
    this.advance();
    if (this.stillWaiters.size > 0 && this.still) {
      for (const resolve of [...this.stillWaiters]) resolve();
      this.stillWaiters.clear();
    }
    const pending = this.core.busy() || this.sensors.moving();
    if (pending || this.linkBusy || this.stillWaiters.size > 0) this.wake();
  };
}
