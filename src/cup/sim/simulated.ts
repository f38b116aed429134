/**
 * The simulated cup: the C core on a simulated board (`CupFirmware`) behind a GATT layer shaped
 * like Web Bluetooth's (`gatt.ts`), so the app reads, writes and receives notifications of real
 * protocol frames and decodes them through the same `CupConnection` code as a real cup. Used for
 * the demo (`?cup=sim`, "Simulated cup") and for unit tests.
 */
import { CUP_GATT } from '../../../firmware-protocol/codec';
import type { CupAvailability } from '../events';
import type { GattDeviceLike, GattListener } from '../link/gatt';
import type { AdvertSeen, CupTransport } from '../link/transport';
import { CupFirmware, type FirmwareOptions, type NotifyCharacteristic } from './firmware';
import {
  SimCharacteristic,
  characteristicSpecs,
  SimServer,
  SimService,
  networkError,
  type SimDevice,
} from './gatt';

/** The address the simulated page connects from (any fixed 6 bytes). */
export const SIM_PEER = Uint8Array.of(0x5a, 0x1a, 0x2b, 0x3c, 0x4d, 0x5e);

/**
 * A whole simulated cup: device, GATT server, services and characteristics over a firmware
 * model. The physical controls (`shake`, `lift`...) are on `firmware`.
 */
export class SimulatedCup extends EventTarget implements GattDeviceLike, SimDevice {
  readonly id = 'simulated-cup';
  readonly name = 'Simulated cup';
  readonly firmware: CupFirmware;
  /** The Bluetooth address this page connects from, as the cup sees it (PROTOCOL.md 6: a peer
   * the cup dropped unproven is kept out for a while). */
  readonly peer = SIM_PEER;
  readonly gatt: SimServer;
  readonly services = new Map<string, SimService>();
  /** False: connects fail (the cup is out of range or asleep). */
  reachable = true;
  /** True: GATT operations never answer (to exercise timeouts). */
  stalled = false;
  /** How long a connect takes, ms (a slow cup, to exercise the connect timeout). */
  connectDelayMs = 0;
  private readonly notifyTargets = new Map<NotifyCharacteristic, SimCharacteristic>();
  /** Notifications in flight, delivered in order on a later microtask like a real link. */
  private delivery: Promise<void> = Promise.resolve();

  /** A cup running the C core (WebAssembly) with these options. */
  static async create(options: FirmwareOptions = {}): Promise<SimulatedCup> {
    return new SimulatedCup(await CupFirmware.create(options));
  }

  constructor(firmware: CupFirmware) {
    super();
    this.firmware = firmware;
    this.gatt = new SimServer(this);
    const fw = this.firmware;
    const specs = characteristicSpecs(fw);
    // The database of PROTOCOL.md section 2 (no SMP: the simulated cup has no firmware to
    // update); Telemetry only on a cup with capability bit 6.
    for (const service of CUP_GATT) {
      const characteristics = new Map<string, SimCharacteristic>();
      for (const layout of service.characteristics) {
        const spec = specs[layout.name];
        if (!spec) continue;
        if (layout.capability && !(fw.capabilities & layout.capability)) continue;
        const c = new SimCharacteristic(this, layout.uuid, spec);
        characteristics.set(layout.uuid, c);
        if (spec.notify) this.notifyTargets.set(spec.notify, c);
      }
      if (characteristics.size > 0) {
        this.services.set(service.uuid, new SimService(this, characteristics));
      }
    }
    // The cup ends the link after what it sent before (a `denied` Reply goes out first).
    fw.drop = () => {
      const link = this.gatt.links;
      this.delivery = this.delivery.then(() => {
        if (this.gatt.links === link) this.linkLoss();
      });
    };
    fw.notify = (characteristic, frame) => {
      const target = this.notifyTargets.get(characteristic);
      const copy = frame.slice();
      this.delivery = this.delivery.then(() => {
        if (this.gatt.connected) target?.deliver(copy);
      });
    };
  }

  // Convenience controls for the on-screen cup and tests.

  /** Shake for `ms`; resolves once the cup is still again (its events sent). */
  shake(ms = 1_000): Promise<void> {
    return this.firmware.shakeFor(ms);
  }

  /** Lift the lid and put it back after `ms` (a look: long; a peek: short). */
  lift(ms = 1_500): Promise<void> {
    return this.firmware.liftFor(ms);
  }

  /** Drop the link from the cup's side (out of range); `reachable` decides the reconnects. */
  linkLoss(): void {
    if (this.gatt.connected) this.drop();
  }

  /** Wait until the notifications sent so far have been delivered. */
  settled(): Promise<void> {
    return this.delivery;
  }

  /** @internal The link ends: the cup stops notifying and the page hears of it. */
  drop(): void {
    this.gatt.connected = false;
    this.firmware.disconnect();
    this.dispatchEvent(new Event('gattserverdisconnected'));
  }

  /** @internal Every GATT operation: fails when not connected, hangs when stalled. */
  async gattOperation(): Promise<void> {
    if (this.stalled) return new Promise(() => {});
    if (!this.gatt.connected) throw networkError('GATT Server is disconnected.');
    await Promise.resolve();
    if (!this.gatt.connected) throw networkError('GATT Server is disconnected.');
  }

  /** @internal */
  async connectOperation(): Promise<void> {
    if (this.stalled) return new Promise(() => {});
    if (this.connectDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.connectDelayMs));
    }
    await Promise.resolve();
    if (!this.reachable) throw networkError('Connection attempt failed.');
  }

  override addEventListener(type: 'gattserverdisconnected', listener: GattListener): void {
    super.addEventListener(type, listener);
  }

  override removeEventListener(type: 'gattserverdisconnected', listener: GattListener): void {
    super.removeEventListener(type, listener);
  }
}

/** The transport for the simulated cup: always available, no chooser. */
export class SimulatedTransport implements CupTransport {
  readonly kind = 'simulated' as const;

  constructor(readonly cup: SimulatedCup) {}

  async availability(): Promise<CupAvailability> {
    return { kind: 'available' };
  }

  watchAvailability(): () => void {
    return () => {};
  }

  async requestDevice(): Promise<GattDeviceLike> {
    return this.cup;
  }

  async rememberedDevices(): Promise<GattDeviceLike[]> {
    return [this.cup];
  }

  async waitForAdvertisement(): Promise<AdvertSeen | null> {
    return this.cup.reachable ? { advert: null } : null;
  }
}
