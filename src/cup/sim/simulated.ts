/**
 * The simulated cup: the firmware model (`CupFirmware`) behind a GATT layer shaped like Web
 * Bluetooth's, so the app reads, writes and receives notifications of real protocol frames and
 * decodes them through the same `CupConnection` code as a real cup. Used for the demo
 * (`?cup=sim`, "Simulated cup") and for unit tests.
 */
import {
  CCCD_UUID,
  CUP_GATT,
  sigUuid,
  type CupCharacteristicName,
} from '../../../firmware-protocol/codec';
import type { CupAvailability } from '../events';
import type {
  GattCharacteristicLike,
  GattDeviceLike,
  GattListener,
  GattPropertiesLike,
  GattServerLike,
  GattServiceLike,
  GattUuid,
} from '../link/gatt';
import { CupFirmware, type FirmwareOptions, type NotifyCharacteristic } from './firmware';
import type { AdvertSeen, CupTransport } from '../link/transport';

/** A UUID as the layout writes it: 16-bit numbers as their full 128-bit form. */
function uuidKey(uuid: GattUuid): string {
  return typeof uuid === 'number' ? sigUuid(uuid) : uuid.toLowerCase();
}

function networkError(message: string): Error {
  const error = new Error(message);
  error.name = 'NetworkError';
  return error;
}

/** What a characteristic does in the simulated cup. */
interface CharacteristicSpec {
  read?: () => Uint8Array;
  write?: (frame: Uint8Array) => number;
  notify?: NotifyCharacteristic;
}

class SimCharacteristic extends EventTarget implements GattCharacteristicLike {
  value: DataView | null = null;
  readonly properties: GattPropertiesLike;

  constructor(
    private readonly cup: SimulatedCup,
    readonly uuid: string,
    private readonly spec: CharacteristicSpec,
  ) {
    super();
    const faults = cup.firmware.faults;
    this.properties = {
      read: !!spec.read,
      write: !!spec.write,
      writeWithoutResponse: !!spec.write && !!faults.writeWithoutResponse,
      notify: !!spec.notify,
      indicate: false,
    };
  }

  /** A notify characteristic has its CCCD (unless a test's fault takes the Battery Level's). */
  private get hasCccd(): boolean {
    if (!this.spec.notify) return false;
    return !(this.spec.notify === 'battery' && this.cup.firmware.faults.missingCccd);
  }

  async getDescriptor(uuid: GattUuid): Promise<unknown> {
    await this.cup.gattOperation();
    if (uuidKey(uuid) !== CCCD_UUID)
      throw new Error(`NotFoundError: no descriptor ${uuidKey(uuid)}`);
    if (!this.hasCccd) throw new Error('NotFoundError: no CCCD');
    return { uuid: uuidKey(uuid) };
  }

  /** A read, as Web Bluetooth does it: the value changes (and the event fires) first. */
  async readValue(): Promise<DataView> {
    await this.cup.gattOperation();
    if (!this.spec.read) throw new Error('NotSupportedError: not readable');
    this.deliver(this.spec.read());
    return this.value!;
  }

  async writeValueWithResponse(value: BufferSource): Promise<void> {
    await this.cup.gattOperation();
    if (!this.spec.write) throw new Error('NotSupportedError: not writable');
    const bytes = ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))
      : new Uint8Array(value.slice(0));
    const attError = this.spec.write(bytes);
    if (attError !== 0) throw new Error(`NotSupportedError: ATT error 0x${attError.toString(16)}`);
  }

  async startNotifications(): Promise<this> {
    await this.cup.gattOperation();
    if (!this.spec.notify || !this.hasCccd) {
      throw new Error('NotSupportedError: GATT Error: Not supported.');
    }
    this.cup.firmware.subscribe(this.spec.notify, true);
    return this;
  }

  async stopNotifications(): Promise<this> {
    await this.cup.gattOperation();
    if (this.spec.notify) this.cup.firmware.subscribe(this.spec.notify, false);
    return this;
  }

  /** A notification: the frame arrives like a real one, as the event target's value. */
  deliver(frame: Uint8Array): void {
    const copy = frame.slice();
    this.value = new DataView(copy.buffer);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }

  override addEventListener(type: 'characteristicvaluechanged', listener: GattListener): void {
    super.addEventListener(type, listener);
  }

  override removeEventListener(type: 'characteristicvaluechanged', listener: GattListener): void {
    super.removeEventListener(type, listener);
  }
}

class SimService implements GattServiceLike {
  constructor(
    private readonly cup: SimulatedCup,
    private readonly characteristics: Map<string, SimCharacteristic>,
  ) {}

  async getCharacteristic(uuid: GattUuid): Promise<GattCharacteristicLike> {
    await this.cup.gattOperation();
    const c = this.characteristics.get(uuidKey(uuid));
    if (!c) throw new Error(`NotFoundError: no characteristic ${uuidKey(uuid)}`);
    return c;
  }
}

class SimServer implements GattServerLike {
  connected = false;

  constructor(private readonly cup: SimulatedCup) {}

  async connect(): Promise<GattServerLike> {
    await this.cup.connectOperation();
    this.connected = true;
    this.cup.firmware.connect();
    return this;
  }

  disconnect(): void {
    if (!this.connected) return;
    this.cup.drop();
  }

  async getPrimaryService(uuid: GattUuid): Promise<GattServiceLike> {
    await this.cup.gattOperation();
    const service = this.cup.services.get(uuidKey(uuid));
    if (!service) throw new Error(`NotFoundError: no service ${uuidKey(uuid)}`);
    return service;
  }
}

/**
 * A whole simulated cup: device, GATT server, services and characteristics over a firmware
 * model. The physical controls (`shake`, `lift`...) are on `firmware`.
 */
export class SimulatedCup extends EventTarget implements GattDeviceLike {
  readonly id = 'simulated-cup';
  readonly name = 'Simulated cup';
  readonly firmware: CupFirmware;
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

  constructor(options: FirmwareOptions = {}) {
    super();
    this.firmware = new CupFirmware(options);
    this.gatt = new SimServer(this);
    const fw = this.firmware;
    const text = (read: () => string) => () => new TextEncoder().encode(read());
    const specs: Partial<Record<CupCharacteristicName, CharacteristicSpec>> = {
      info: { read: () => fw.readInfo() },
      events: { notify: 'events' },
      state: { read: () => fw.readState(), notify: 'state' },
      control: { write: (f) => fw.write(f) },
      reply: { notify: 'reply' },
      telemetry: { notify: 'telemetry' },
      battery: { read: () => fw.readBattery(), notify: 'battery' },
      manufacturerName: { read: text(() => fw.strings.manufacturer) },
      modelNumber: { read: text(() => fw.strings.model) },
      firmwareRevision: { read: text(() => fw.strings.firmwareRevision) },
      hardwareRevision: { read: text(() => fw.strings.hardwareRevision) },
    };
    // The database of PROTOCOL.md section 2 (no SMP: the simulated cup has no firmware to
    // update); Telemetry only on a cup with capability bit 6.
    for (const service of CUP_GATT) {
      const characteristics = new Map<string, SimCharacteristic>();
      for (const layout of service.characteristics) {
        const spec = specs[layout.name];
        if (!spec) continue;
        if (layout.capability && !(fw.info.capabilities & layout.capability)) continue;
        const c = new SimCharacteristic(this, layout.uuid, spec);
        characteristics.set(layout.uuid, c);
        if (spec.notify) this.notifyTargets.set(spec.notify, c);
      }
      if (characteristics.size > 0) {
        this.services.set(service.uuid, new SimService(this, characteristics));
      }
    }
    fw.drop = () => this.linkLoss();
    fw.notify = (characteristic, frame) => {
      const target = this.notifyTargets.get(characteristic);
      const copy = frame.slice();
      this.delivery = this.delivery.then(() => {
        if (this.gatt.connected) target?.deliver(copy);
      });
    };
  }

  // Convenience controls for the on-screen cup and tests.

  /** Shake for `ms` (started now, ended after `ms`). */
  shake(ms = 600): void {
    this.firmware.startShake();
    setTimeout(() => this.firmware.endShake(), ms);
  }

  /** Lift the lid and put it back after `ms` (a look: long; a peek: short). */
  lift(ms = 1_500): void {
    this.firmware.openLid();
    setTimeout(() => this.firmware.closeLid(), ms);
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

  constructor(readonly cup: SimulatedCup = new SimulatedCup()) {}

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
