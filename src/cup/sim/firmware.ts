/**
 * A model of the cup's firmware at the frame level: clock, boot id, event log, State, ownership,
 * Control requests and Replies, exactly as PROTOCOL.md describes (1.1, or 1.0 with
 * `protocol: { major: 1, minor: 0 }`). It knows nothing of GATT objects: frames go out through
 * `notify`, and `drop` asks the link to end. The simulated cup wraps it in a GATT layer; the
 * browser tests' emulated peripherals drive it over the DevTools protocol.
 */
import {
  DEFAULT_CONFIG,
  encodeInfo,
  encodeReply,
  encodeState,
  encodeTelemetry,
  type Config,
  type CupEvent as WireEvent,
  type Info,
  type Reply,
} from '../../../firmware-protocol/codec';
import { controlWrite } from './control';
import type { CupFaults } from './faults';
import { infoOf, stringsOf, type DeviceStrings } from './info';
import { SimLog } from './log';
import { SimOwner } from './owner';
import { SimTelemetry } from './telemetry';

export type NotifyCharacteristic = 'events' | 'state' | 'reply' | 'battery' | 'telemetry';

export interface FirmwareOptions {
  /** The cup's clock source, ms; "ms since boot" counts from the first reading. */
  now?: () => number;
  capacity?: number;
  deviceId?: string;
  protocol?: { major: number; minor: number };
  firmware?: { major: number; minor: number; patch: number };
  battery?: number;
  /** Coalescing delay for State notifications (PROTOCOL.md 4.3), ms; 0 sends at once. */
  stateCoalesceMs?: number;
  /** The owner key in the cup's flash (hex), or null (default) for a cup without an owner. */
  ownerKey?: string | null;
  /** Random bytes for boot ids and challenges (default: WebCrypto). */
  random?: (n: number) => Uint8Array;
  /** The lid is open when the cup boots. */
  lidOpenAtBoot?: boolean;
  /** How long an unproven connection to a cup with an owner may stay, ms (PROTOCOL.md: 10 s). */
  unprovenDropMs?: number;
  /**
   * A replay sends one event every this many ms (a BLE connection interval), the first one
   * interval after its Reply; while it runs a second `replay_since` is `busy` and live events
   * wait behind it. 0 (default): a replay goes out at once.
   */
  replayPaceMs?: number;
  /** Deliberate protocol violations, for the conformance check's tests only. */
  faults?: CupFaults;
  /** The telemetry stream (1.1 addition; default on for 1.1): false for a cup without it. */
  telemetry?: boolean;
  /** The accelerometer's rate, Hz (the telemetry stream runs at it, at most 100 Hz). */
  accelRateHz?: number;
}

/** The reset gesture: lid open from boot for this long forgets the owner (PROTOCOL.md 6). */
export const RESET_HOLD_MS = 5_000;

export class CupFirmware {
  readonly info: Info;
  readonly strings: DeviceStrings;
  config: Config = { ...DEFAULT_CONFIG };
  battery: number;
  /** Skip the live notification of the next N events (they stay in the log): makes a gap. */
  dropLive = 0;
  /** Identify requests carried out (and the reset gesture's confirmation), newest last. */
  readonly identified: { blink: boolean; buzz: boolean; durationMs: number }[] = [];
  /** Every notification sent, for tests. */
  notify: (characteristic: NotifyCharacteristic, frame: Uint8Array) => void = () => {};
  /** The cup ends the link (an unproven connection, too many wrong proofs). */
  drop: () => void = () => {};
  readonly owner: SimOwner;
  readonly log: SimLog;
  /** The random id of this boot. */
  bootId = 0;
  /** Protocol 1.1 or later: boot id, ownership, a lid open at boot reported. */
  readonly oneOne: boolean;
  /** Deliberate protocol violations (tests of the conformance check only). */
  readonly faults: CupFaults;
  /** The request id of the last Control request (for the `reusedRequestId` fault). */
  lastRequestId: number | null = null;
  /** The telemetry stream (1.1 addition); feed it readings with `sample` and `lidReading`. */
  readonly telemetry: SimTelemetry;
  readonly accelRateHz: number;

  private readonly now: () => number;
  private bootAt: number;
  private lidOpen = false;
  private lidOpenedAt = 0;
  /** The lid has stayed open since boot (the reset gesture may be under way). */
  private lidOpenSinceBoot = false;
  private shakeStartedAt: number | null = null;
  private shakeCount = 0;
  private lidOpenCount = 0;
  private connected = false;
  private readonly subscribed = new Set<NotifyCharacteristic>();
  private stateTimer: ReturnType<typeof setTimeout> | null = null;
  private unprovenTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stateCoalesceMs: number;
  private readonly unprovenDropMs: number;
  private readonly random: (n: number) => Uint8Array;
  private readonly replayPaceMs: number;
  /** Event frames waiting behind a running replay. */
  private outbox: Uint8Array[] = [];
  private replayTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: FirmwareOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.battery = options.battery ?? 87;
    this.stateCoalesceMs = options.stateCoalesceMs ?? 0;
    this.unprovenDropMs = options.unprovenDropMs ?? 10_000;
    this.replayPaceMs = options.replayPaceMs ?? 0;
    this.faults = options.faults ?? {};
    this.random = options.random ?? ((n) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
    this.owner = new SimOwner(options.ownerKey ?? null, this.random);
    this.log = new SimLog(options.capacity ?? 64);
    this.info = infoOf(options, this.log.capacity);
    this.strings = stringsOf(this.info);
    this.oneOne = this.info.protocolMajor === 1 && this.info.protocolMinor >= 1;
    this.accelRateHz = options.accelRateHz ?? 100;
    this.telemetry = new SimTelemetry(
      { send: (frame) => this.send('telemetry', encodeTelemetry(frame)) },
      this.faults,
    );
    this.bootAt = this.now();
    this.boot(options.lidOpenAtBoot ?? false);
  }

  /** ms since boot, u32. */
  get clock(): number {
    return (this.now() - this.bootAt) >>> 0;
  }

  // Physical world -----------------------------------------------------------------------

  /** The shake detector decided a shake is under way; it began at `at` (cup clock, default now). */
  startShake(at = this.clock): void {
    if (this.shakeStartedAt !== null) return;
    this.shakeStartedAt = at;
    this.logEvent({ type: 'shake_started', seq: 0, timeMs: this.shakeStartedAt });
  }

  /** The shake ended: the motion stopped at `end` (cup clock, default now). */
  endShake(peakMg = 2500, end = this.clock): void {
    if (this.shakeStartedAt === null) return;
    const durationMs = Math.min(0xffff, (end - this.shakeStartedAt) >>> 0);
    this.shakeStartedAt = null;
    this.shakeCount = (this.shakeCount + 1) & 0xffff;
    this.logEvent({ type: 'shake_ended', seq: 0, timeMs: end, durationMs, peakMg });
  }

  /** The lid is open; it first read open at `at` (cup clock, default now). */
  openLid(at = this.clock): void {
    if (this.lidOpen) return;
    this.lidOpen = true;
    this.lidOpenedAt = at;
    this.lidOpenCount = (this.lidOpenCount + 1) & 0xffff;
    this.logEvent({ type: 'lid_opened', seq: 0, timeMs: this.lidOpenedAt });
  }

  /** The lid is closed; it first read closed at `at` (cup clock, default now). */
  closeLid(at = this.clock): void {
    if (!this.lidOpen) return;
    this.lidOpen = false;
    this.lidOpenSinceBoot = false;
    this.logEvent({
      type: 'lid_closed',
      seq: 0,
      timeMs: at,
      openMs: (at - this.lidOpenedAt) >>> 0,
    });
  }

  /**
   * A person shakes the cup for `ms`, as the detector reports it: `shake_started` once the
   * motion has lasted the minimum shake duration (with the time it began), `shake_ended` once
   * it has been still for the shake gap (with the time it stopped). Shorter than the minimum:
   * no shake at all.
   */
  shakeFor(ms: number, peakMg = 2500): void {
    const began = this.clock;
    const { shakeMinMs, shakeGapMs } = this.config;
    if (ms < shakeMinMs) return;
    setTimeout(() => this.startShake(began), shakeMinMs);
    setTimeout(() => this.endShake(peakMg, (began + ms) >>> 0), ms + shakeGapMs);
  }

  /** A person lifts the lid for `ms`: each lid event once the reading has held the debounce. */
  liftFor(ms: number): void {
    const began = this.clock;
    const { lidDebounceMs } = this.config;
    setTimeout(() => this.openLid(began), lidDebounceMs);
    setTimeout(() => this.closeLid((began + ms) >>> 0), ms + lidDebounceMs);
  }

  /**
   * Raw readings, as the sensors give them (cup time `atMs`, default now): they go out on the
   * telemetry stream while one runs. The model has no detectors: events come from the
   * physical controls above (or from a replayed trace's events, `logSensed`).
   */
  sample(x: number, y: number, z: number, atMs = this.clock): void {
    this.telemetry.accel(atMs, x, y, z);
  }

  lidReading(open: boolean, atMs = this.clock): void {
    this.telemetry.lidReading(atMs, open);
  }

  /** Log an event the cup sensed at its own time (a replayed trace's events). */
  logSensed(event: WireEvent): void {
    switch (event.type) {
      case 'shake_started':
        this.shakeStartedAt = event.timeMs;
        break;
      case 'shake_ended':
        this.shakeStartedAt = null;
        this.shakeCount = (this.shakeCount + 1) & 0xffff;
        break;
      case 'lid_opened':
        this.lidOpen = true;
        this.lidOpenedAt = event.timeMs;
        this.lidOpenCount = (this.lidOpenCount + 1) & 0xffff;
        break;
      case 'lid_closed':
        this.lidOpen = false;
        break;
      default:
        return;
    }
    this.logEvent(event);
  }

  get shaking(): boolean {
    return this.shakeStartedAt !== null;
  }

  get lidIsOpen(): boolean {
    return this.lidOpen;
  }

  setBattery(percent: number): void {
    this.battery = percent;
    this.send('battery', Uint8Array.of(percent));
    this.stateChanged();
  }

  /**
   * Restart: a new boot id, an empty log, the clock from 0, `booted` first (then `lid_opened`
   * when the lid is open at boot). The link drops. After a power-on (not a wake from sleep),
   * an open lid kept open for 5 s forgets the owner (the reset gesture; see `tick`).
   */
  reboot(options: { lidOpen?: boolean; wake?: boolean } = {}): void {
    if (this.connected) this.endLink(); // a restart ends the link from the cup's side
    this.disconnect();
    this.bootAt = this.now();
    this.lidOpen = false;
    this.shakeStartedAt = null;
    this.shakeCount = 0;
    this.lidOpenCount = 0;
    this.boot(options.lidOpen ?? false);
    if (options.wake) this.lidOpenSinceBoot = false;
  }

  /** Time passes: the reset gesture completes once the lid has been open 5 s since boot. */
  tick(): void {
    this.telemetry.tick(this.clock);
    if (this.lidOpenSinceBoot && this.clock >= RESET_HOLD_MS && this.owner.owned) {
      this.owner.release();
      this.lidOpenSinceBoot = false;
      this.identified.push({ blink: true, buzz: true, durationMs: 2_000 });
    }
  }

  // Link ---------------------------------------------------------------------------------

  connect(): void {
    this.connected = true;
    if (!this.oneOne) return;
    this.owner.connect();
    if (this.owner.owned) {
      this.unprovenTimer = setTimeout(() => this.unprovenTimeUp(), this.unprovenDropMs);
    }
  }

  /**
   * The time for an unproven connection is up (its timer, or a test that keeps the cup's time
   * itself): a connection that has not proven itself ends.
   */
  unprovenTimeUp(): void {
    if (this.unprovenTimer) clearTimeout(this.unprovenTimer);
    this.unprovenTimer = null;
    if (this.connected && this.owner.locked) this.endLink();
  }

  disconnect(): void {
    this.connected = false;
    this.outbox = [];
    if (this.replayTimer) clearTimeout(this.replayTimer);
    this.replayTimer = null;
    this.subscribed.clear();
    this.telemetry.drop(); // a stream ends with its connection
    if (this.stateTimer) clearTimeout(this.stateTimer);
    if (this.unprovenTimer) clearTimeout(this.unprovenTimer);
    this.stateTimer = null;
    this.unprovenTimer = null;
  }

  subscribe(characteristic: NotifyCharacteristic, on: boolean): void {
    if (on) this.subscribed.add(characteristic);
    else this.subscribed.delete(characteristic);
  }

  readInfo(): Uint8Array {
    return encodeInfo(this.info);
  }

  readState(): Uint8Array {
    this.tick();
    return encodeState({
      lidOpen: this.lidOpen,
      shaking: this.shakeStartedAt !== null,
      charging: false,
      batteryPercent: this.battery,
      lastSeq: this.log.lastSeq,
      timeMs: this.clock,
      shakeCount: this.shakeCount,
      lidOpenCount: this.lidOpenCount,
      oldestSeq: this.log.oldestSeq,
      owned: this.oneOne && this.owner.owned,
      proven: this.oneOne && this.owner.proven,
      bootId: this.oneOne ? this.bootId : null,
    });
  }

  readBattery(): Uint8Array {
    return Uint8Array.of(this.battery);
  }

  /**
   * A Control write. Returns the ATT error for the write (0 = success); the Reply, if any,
   * goes out through `notify` afterwards.
   */
  write(frame: Uint8Array): number {
    return controlWrite(this, frame);
  }

  // For the Control handler ----------------------------------------------------------------

  /** @internal A Reply out (`padTo`: zero bytes appended up to that length, for a fault). */
  reply(reply: Reply, padTo = 0): void {
    const frame = encodeReply(reply);
    const padded = new Uint8Array(Math.max(padTo, frame.length));
    padded.set(frame);
    this.send('reply', padded);
  }

  /** A replay is still sending (only with `replayPaceMs`). */
  get replaying(): boolean {
    return this.replayTimer !== null;
  }

  /** @internal Replayed event frames out, in order (paced, with `replayPaceMs`). */
  resend(frames: readonly Uint8Array[]): void {
    if (this.replayPaceMs <= 0) {
      for (const frame of frames) this.send('events', frame);
      return;
    }
    this.outbox.unshift(...frames);
    const next = () => {
      const frame = this.outbox.shift();
      if (!frame) {
        this.replayTimer = null;
        return;
      }
      this.send('events', frame);
      this.replayTimer = this.outbox.length > 0 ? setTimeout(next, this.replayPaceMs) : null;
    };
    if (frames.length > 0) this.replayTimer ??= setTimeout(next, this.replayPaceMs);
  }

  /** @internal The cup ends the link. */
  endLink(): void {
    this.disconnect();
    this.drop();
  }

  /** @internal Something in State changed: notify it (coalesced). */
  stateChanged(): void {
    if (!this.connected || !this.subscribed.has('state')) return;
    if (this.stateCoalesceMs <= 0) {
      this.send('state', this.readState());
      return;
    }
    if (this.stateTimer) return;
    this.stateTimer = setTimeout(() => {
      this.stateTimer = null;
      this.send('state', this.readState());
    }, this.stateCoalesceMs);
  }

  // Inside -------------------------------------------------------------------------------

  private boot(lidOpen: boolean): void {
    const drawn = new DataView(this.random(4).buffer).getUint32(0, true);
    if (!(this.faults.sameBootId && this.bootId !== 0)) this.bootId = drawn;
    this.log.boot(this.clock, this.oneOne ? this.bootId : null);
    this.lidOpenSinceBoot = lidOpen;
    if (!lidOpen) return;
    // 1.1 reports a lid open at boot as an opening; 1.0 took the first reading silently.
    if (this.oneOne) this.openLid();
    else this.lidOpen = true;
  }

  private logEvent(event: WireEvent): void {
    const frame = this.log.add(event);
    // A cup with an owner notifies no events to an unproven connection (they stay logged).
    if (this.dropLive > 0) this.dropLive--;
    else if (this.oneOne && this.owner.locked) {
      // logged only
    } else if (this.replaying)
      this.outbox.push(frame); // after the replayed ones
    else this.send('events', frame);
    this.stateChanged();
  }

  private send(characteristic: NotifyCharacteristic, frame: Uint8Array): void {
    if (this.connected && this.subscribed.has(characteristic)) this.notify(characteristic, frame);
  }
}
