/**
 * The simulated cup's GATT layer, shaped like Web Bluetooth's: characteristics, services and the
 * server of a device, over the cup's firmware (`SimDevice`). The app reads, writes and hears
 * notifications of real protocol frames through it.
 */
import { CCCD_UUID, sigUuid, type CupCharacteristicName } from '../../../firmware-protocol/codec';
import type {
  GattCharacteristicLike,
  GattListener,
  GattPropertiesLike,
  GattServerLike,
  GattServiceLike,
  GattUuid,
} from '../link/gatt';
import type { CupFirmware, NotifyCharacteristic } from './firmware';

/** What the GATT layer needs of the device it belongs to. */
export interface SimDevice {
  readonly firmware: CupFirmware;
  /** The Bluetooth address the page connects from (6 bytes). */
  readonly peer: Uint8Array;
  readonly services: Map<string, SimService>;
  /** Every GATT operation: fails when not connected, hangs when stalled. */
  gattOperation(): Promise<void>;
  connectOperation(): Promise<void>;
  /** The link ends: the cup stops notifying and the page hears of it. */
  drop(): void;
}

/** A UUID as the layout writes it: 16-bit numbers as their full 128-bit form. */
export function uuidKey(uuid: GattUuid): string {
  return typeof uuid === 'number' ? sigUuid(uuid) : uuid.toLowerCase();
}

export function networkError(message: string): Error {
  const error = new Error(message);
  error.name = 'NetworkError';
  return error;
}

/** What a characteristic does in the simulated cup. */
export interface CharacteristicSpec {
  read?: () => Uint8Array;
  write?: (frame: Uint8Array) => number;
  notify?: NotifyCharacteristic;
}

/** What a cup's firmware serves on each characteristic of PROTOCOL.md section 2. */
export function characteristicSpecs(
  fw: Pick<CupFirmware, 'readInfo' | 'readState' | 'readBattery' | 'write' | 'strings'>,
): Partial<Record<CupCharacteristicName, CharacteristicSpec>> {
  const text = (read: () => string) => () => new TextEncoder().encode(read());
  return {
    info: { read: () => fw.readInfo() },
    events: { notify: 'events' },
    state: { read: () => fw.readState(), notify: 'state' },
    control: { write: (frame) => fw.write(frame) },
    reply: { notify: 'reply' },
    telemetry: { notify: 'telemetry' },
    battery: { read: () => fw.readBattery(), notify: 'battery' },
    manufacturerName: { read: text(() => fw.strings.manufacturer) },
    modelNumber: { read: text(() => fw.strings.model) },
    firmwareRevision: { read: text(() => fw.strings.firmwareRevision) },
    hardwareRevision: { read: text(() => fw.strings.hardwareRevision) },
  };
}

export class SimCharacteristic extends EventTarget implements GattCharacteristicLike {
  value: DataView | null = null;
  readonly properties: GattPropertiesLike;

  constructor(
    private readonly cup: SimDevice,
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

export class SimService implements GattServiceLike {
  constructor(
    private readonly cup: SimDevice,
    private readonly characteristics: Map<string, SimCharacteristic>,
  ) {}

  async getCharacteristic(uuid: GattUuid): Promise<GattCharacteristicLike> {
    await this.cup.gattOperation();
    const c = this.characteristics.get(uuidKey(uuid));
    if (!c) throw new Error(`NotFoundError: no characteristic ${uuidKey(uuid)}`);
    return c;
  }
}

export class SimServer implements GattServerLike {
  connected = false;
  /** Counts the connections made (which one a late drop belongs to). */
  links = 0;

  constructor(private readonly cup: SimDevice) {}

  async connect(): Promise<GattServerLike> {
    await this.cup.connectOperation();
    this.connected = true;
    this.links++;
    this.cup.firmware.connect(this.cup.peer); // a peer the cup keeps out drops at once
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
