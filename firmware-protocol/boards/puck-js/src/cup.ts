/**
 * The Puck.js cup: the Puck's sensors, radio, flash and LEDs around the reference core
 * (README.md). One instance per boot of the cup; `calibration.ts` starts it once the lid is
 * calibrated, and starts a new one after a new calibration.
 */
import { Capability } from '../../../codec/constants';
import type { CupCharacteristicName } from '../../../codec/gatt';
import { Chr, type BoardCore, type CoreHooks } from './core';
import type { Espruino, Xyz } from './espruino';
import { advertisingData, cupServices, scanResponse, shortCodeOf, valueUpdate } from './gatt';
import type { Leds } from './leds';
import { peerAddress } from './peer';
import { lidLevel, lidThresholds, type LidCalibration } from './lid';
import type { CupStore } from './store';

export const FIRMWARE = { major: 1, minor: 0, patch: 0 };
/** Capability bit 7 (SMP update) stays clear: a Puck is updated with `npm run cup:flash`. */
export const CAPABILITIES =
  Capability.shake |
  Capability.lid |
  Capability.led |
  Capability.battery |
  Capability.configPersist |
  Capability.telemetry |
  Capability.ackedWrites;
export const ACCEL_HZ = 52;
export const MAG_HZ = 10;
/** Dozing (the core's idle sleep): the accelerometer's 1.6 Hz mode, the magnetometer slow. */
export const DOZE_ACCEL_HZ = 1.6;
export const DOZE_MAG_HZ = 1.25;
/** A dozing sample this far from 1 g wakes the cup. */
const WAKE_MG = 150;
/** Samples a core call (38 ms at 52 Hz: the core is ticked at least every 50 ms); while an app
 * is connected every sample is a pass (19 ms), which keeps the value a read of State gets fresh. */
const BATCH = 2;
/** At most this many notifications a pass (Espruino drops what its TX queue cannot take). */
const PER_PASS = 4;
/** LSM6DS3TR-C as Espruino sets it: +-4 g, 8192 LSB/g. CTRL2_G (0x11) = 0: gyro off. */
const LSB_PER_G = 8192;
const CTRL2_G = 0x11;
/** nRF52 FICR DEVICEID[0..1]. */
const FICR_DEVICEID = 0x10000060;
const FAST_ADVERTISING_MS = 30_000;

const NOTIFIED: Record<number, CupCharacteristicName> = {
  [Chr.events]: 'events',
  [Chr.state]: 'state',
  [Chr.reply]: 'reply',
  [Chr.telemetry]: 'telemetry',
};

export function deviceIdOf(env: Espruino): Uint8Array {
  const id = new Uint8Array(8);
  for (let w = 0; w < 2; w++) {
    const word = env.peek32(FICR_DEVICEID + 4 * w);
    for (let k = 0; k < 4; k++) id[4 * w + k] = (word >> (8 * k)) & 0xff;
  }
  return id;
}

export class PuckCup {
  readonly deviceId: Uint8Array;
  readonly code: string;
  private readonly core: BoardCore;
  private batch: number[][] = [];
  private linked = false;
  private dozing = false;
  private advertDirty = false;
  private slowDown: number | null = null;
  private stopped = false;
  private readonly t0: number;

  constructor(
    private readonly env: Espruino,
    private readonly store: CupStore,
    private readonly leds: Leds,
    private readonly cal: LidCalibration,
    makeCore: (hooks: CoreHooks) => BoardCore,
  ) {
    this.t0 = env.getTime();
    this.deviceId = deviceIdOf(env);
    this.code = shortCodeOf(this.deviceId);
    this.core = makeCore({
      identify: (pattern, ms) => this.leds.identify(pattern, ms),
      configChanged: (record) => this.store.setConfig(record),
      ownerChanged: (key) => {
        this.store.setOwnerKey(key);
        this.advertDirty = true;
      },
    });
  }

  /** ms since this cup booted. */
  now(): number {
    return Math.floor((this.env.getTime() - this.t0) * 1000);
  }

  boot(): void {
    const { env, core } = this;
    const levels = lidThresholds(this.cal);
    if (!levels) throw new Error('the lid calibration is too weak');
    const now = this.now();
    core.init(
      {
        firmware: FIRMWARE,
        capabilities: CAPABILITIES,
        deviceId: this.deviceId,
        accelRateHz: ACCEL_HZ,
        lid: levels,
        ownerKey: this.store.ownerKey(),
        config: this.store.config(),
      },
      now,
    );
    const battery = this.battery();
    const text = (s: string) => {
      const b = new Uint8Array(s.length);
      for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
      return b;
    };
    env.NRF.setServices(
      cupServices(CAPABILITIES, {
        values: {
          info: core.readInfo(),
          state: core.readState(now),
          battery: new Uint8Array([battery]),
          manufacturerName: text('Mia Cup project'),
          modelNumber: text('Mia Cup (Puck.js)'),
          firmwareRevision: text(`${FIRMWARE.major}.${FIRMWARE.minor}.${FIRMWARE.patch}`),
          hardwareRevision: text('Puck.js v2.1'),
        },
        control: (bytes) => this.control(bytes),
        subscribe: (name, on) => this.subscribe(name, on),
      }),
      { uart: false }, // no console over BLE: nobody in the pub can reprogram the cup
    );
    env.NRF.setScanResponse(scanResponse(core.readAdvert()));
    this.advertise(true);
    env.NRF.on('connect', (address) => this.link(true, peerAddress(address)));
    env.NRF.on('disconnect', () => this.link(false));
    env.Puck.on('accel', (e) => this.sample(e.acc));
    env.Puck.on('mag', (xyz) => this.magnet(xyz));
    this.sensors(false);
    env.setInterval(() => this.slowTick(), 60_000);
  }

  /** This cup is replaced (a new calibration): its handlers do nothing from now on. */
  stop(): void {
    this.stopped = true;
  }

  private sensors(doze: boolean): void {
    const { Puck } = this.env;
    this.dozing = doze;
    Puck.accelOn(doze ? DOZE_ACCEL_HZ : ACCEL_HZ);
    if (!doze) Puck.accelWr(CTRL2_G, 0);
    Puck.magOn(doze ? DOZE_MAG_HZ : MAG_HZ);
  }

  private advertise(fast: boolean): void {
    const interval = fast ? 100 : 600;
    if (fast) {
      // 100 ms for 30 s after boot and after a disconnect (a quick reconnect), then 600 ms.
      if (this.slowDown !== null) this.env.clearTimeout(this.slowDown);
      this.slowDown = this.env.setTimeout(() => {
        this.slowDown = null;
        if (!this.stopped && !this.linked) this.advertise(false);
      }, FAST_ADVERTISING_MS);
    }
    this.env.NRF.setAdvertising(advertisingData(this.code), {
      name: `Mia Cup ${this.code}`,
      interval,
      connectable: true,
    });
  }

  private sample(acc: Xyz): void {
    if (this.stopped) return;
    const mg = (v: number) => Math.round((v * 1000) / LSB_PER_G);
    const xyz = [mg(acc.x), mg(acc.y), mg(acc.z)];
    this.batch.push(xyz);
    if (this.dozing) {
      const d = Math.sqrt(xyz[0] * xyz[0] + xyz[1] * xyz[1] + xyz[2] * xyz[2]) - 1000;
      if (d > WAKE_MG || d < -WAKE_MG) this.sensors(false);
    }
    if (this.batch.length >= (this.linked ? 1 : BATCH) || this.dozing) this.pass();
  }

  private magnet(xyz: Xyz): void {
    if (this.stopped) return;
    this.flush();
    const wasOpen = this.dozing ? this.lidOpen() : false;
    this.core.lid(this.now(), lidLevel(this.cal, xyz));
    if (this.dozing && this.lidOpen() !== wasOpen) this.sensors(false);
    this.pass();
  }

  private lidOpen(): boolean {
    return (this.core.readState(this.now())[0] & 1) === 1;
  }

  private control(bytes: Uint8Array): void {
    if (this.stopped) return;
    this.flush();
    // Espruino has already answered the write with success: an ATT error the core returns (a
    // write too short for a request id) cannot be sent (PROTOCOL.md, porting notes).
    this.core.controlWrite(this.now(), bytes);
    this.pass();
  }

  /** The button, pressed while the cup runs: a claim waiting for its gesture is confirmed. */
  claimButton(): void {
    if (this.stopped) return;
    this.flush();
    this.core.claimButton(this.now());
    this.pass();
  }

  private subscribe(name: CupCharacteristicName, on: boolean): void {
    if (this.stopped) return;
    for (const chr in NOTIFIED) {
      if (NOTIFIED[chr] === name) this.core.subscribe(Number(chr), on);
    }
    this.pass();
  }

  /** The link came up (from `peer`: a stranger it dropped is let go at once) or went down. */
  private link(up: boolean, peer: Uint8Array | null = null): void {
    if (this.stopped) return;
    this.flush();
    this.linked = up;
    this.core.connected(this.now(), up, peer);
    if (up && this.dozing) this.sensors(false);
    if (!up) this.advertise(true);
    this.pass();
  }

  /** The batch of samples into the core, before anything else (times only move forward). */
  private flush(): void {
    if (this.batch.length === 0) return;
    this.core.accel(this.now(), this.batch);
    this.batch = [];
  }

  /** After anything: time passes, frames go out, the link is dropped if the core says so. */
  private pass(): void {
    const { core, env } = this;
    this.flush();
    const now = this.now();
    core.tick(now);
    if (this.linked) {
      // A read of State gets the value last set (Espruino has no read callback): set it at every
      // pass, before the notifications (a Reply an app acts on never precedes its State).
      env.NRF.updateServices(valueUpdate('state', core.readState(now), false));
    }
    for (let i = 0; i < PER_PASS; i++) {
      const n = core.next(now);
      if (!n) break;
      env.NRF.updateServices(valueUpdate(NOTIFIED[n.chr], n.frame, true));
    }
    if (this.advertDirty) {
      this.advertDirty = false;
      env.NRF.setScanResponse(scanResponse(core.readAdvert()));
    }
    if (this.linked && core.shouldDisconnect(now)) env.NRF.disconnect();
    if (!this.dozing && !this.linked && core.maySleep(now)) this.sensors(true);
  }

  private battery(): number {
    const percent = Math.max(0, Math.min(100, Math.round(this.env.E.getBattery())));
    this.core.setBattery(percent);
    return percent;
  }

  private slowTick(): void {
    if (this.stopped) return;
    const percent = this.battery();
    this.env.NRF.updateServices(valueUpdate('battery', new Uint8Array([percent]), this.linked));
    this.pass();
  }
}
