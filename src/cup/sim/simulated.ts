/**
 * The simulated cup: the firmware model (`CupFirmware`) behind a GATT layer shaped like Web
 * Bluetooth's, so the app reads, writes and receives notifications of real protocol frames and
 * decodes them through the same `CupConnection` code as a real cup. Used for the demo
 * (`?cup=sim`, "Simulated cup") and for unit tests.
 */
import {
  Capability,
  BATTERY_LEVEL_CHARACTERISTIC,
  BATTERY_SERVICE,
  CHARACTERISTIC_UUIDS,
  DEVICE_INFORMATION_CHARACTERISTICS,
  DEVICE_INFORMATION_SERVICE,
  SERVICE_UUID,
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

const DIS = DEVICE_INFORMATION_CHARACTERISTICS;

function uuidKey(uuid: GattUuid): string {
  return typeof uuid === 'number' ? `0x${uuid.toString(16).padStart(4, '0')}` : uuid.toLowerCase();
}

function networkError(message: string): Error {
  const error = new Error(message);
  error.name = 'NetworkError';
  return error;
}

const CCCD = '0x2902';

class SimCharacteristic extends EventTarget implements GattCharacteristicLike {
  value: DataView | null = null;
  readonly properties: GattPropertiesLike;

  constructor(
    private readonly cup: SimulatedCup,
    readonly uuid: string,
    private readonly spec: {
      read?: () => Uint8Array;
      write?: (frame: Uint8Array) => number;
      notify?: NotifyCharacteristic;
    },
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
    if (
      uuidKey(uuid) !== CCCD &&
      uuidKey(uuid) !== `0000${CCCD.slice(2)}-0000-1000-8000-00805f9b34fb`
    )
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
    const c = (uuid: string, spec: ConstructorParameters<typeof SimCharacteristic>[2]) =>
      new SimCharacteristic(this, uuid, spec);
    const main = new Map<string, SimCharacteristic>([
      [CHARACTERISTIC_UUIDS.info, c(CHARACTERISTIC_UUIDS.info, { read: () => fw.readInfo() })],
      [CHARACTERISTIC_UUIDS.events, c(CHARACTERISTIC_UUIDS.events, { notify: 'events' })],
      [
        CHARACTERISTIC_UUIDS.state,
        c(CHARACTERISTIC_UUIDS.state, { read: () => fw.readState(), notify: 'state' }),
      ],
      [
        CHARACTERISTIC_UUIDS.control,
        c(CHARACTERISTIC_UUIDS.control, { write: (f) => fw.write(f) }),
      ],
      [CHARACTERISTIC_UUIDS.reply, c(CHARACTERISTIC_UUIDS.reply, { notify: 'reply' })],
    ]);
    // 1.1 addition: only a cup with capability bit 6 has the Telemetry characteristic (section 2).
    if (fw.info.capabilities & Capability.telemetry) {
      const telemetry = c(CHARACTERISTIC_UUIDS.telemetry, { notify: 'telemetry' });
      main.set(CHARACTERISTIC_UUIDS.telemetry, telemetry);
      this.notifyTargets.set('telemetry', telemetry);
    }
    const batteryUuid = uuidKey(BATTERY_LEVEL_CHARACTERISTIC);
    const battery = new Map([
      [batteryUuid, c(batteryUuid, { read: () => fw.readBattery(), notify: 'battery' })],
    ]);
    const text = (s: () => string) => () => new TextEncoder().encode(s());
    const dis = new Map(
      (
        [
          [DIS.manufacturerName, text(() => fw.strings.manufacturer)],
          [DIS.modelNumber, text(() => fw.strings.model)],
          [DIS.firmwareRevision, text(() => fw.strings.firmwareRevision)],
          [DIS.hardwareRevision, text(() => fw.strings.hardwareRevision)],
        ] as const
      ).map(([uuid, read]) => [uuidKey(uuid), c(uuidKey(uuid), { read })]),
    );
    this.services.set(uuidKey(SERVICE_UUID), new SimService(this, main));
    this.services.set(uuidKey(BATTERY_SERVICE), new SimService(this, battery));
    this.services.set(uuidKey(DEVICE_INFORMATION_SERVICE), new SimService(this, dis));
    this.notifyTargets.set('events', main.get(CHARACTERISTIC_UUIDS.events)!);
    this.notifyTargets.set('state', main.get(CHARACTERISTIC_UUIDS.state)!);
    this.notifyTargets.set('reply', main.get(CHARACTERISTIC_UUIDS.reply)!);
    this.notifyTargets.set('battery', battery.get(batteryUuid)!);
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
