/**
 * What the conformance check needs of a cup, and its one implementation over the cup layer's
 * own GATT link (`CupLink`): open and close a connection, read, write exact Control bytes, hear
 * every notified frame with the time it arrived, hear the cup drop the link, and look at the
 * GATT database (properties, CCCDs). The check itself (`suite.ts`) is pure over this port, so
 * it runs the same against a Web Bluetooth device, the simulated cup or a test's stand-in.
 */
import {
  CCCD_UUID,
  CUP_GATT,
  DEVICE_INFORMATION_CHARACTERISTICS,
  gattPlace,
} from '../../../firmware-protocol/codec';
import type { FrameSource } from '../events';
import { optionalCharacteristic } from '../link/discover';
import type {
  GattCharacteristicLike,
  GattDeviceLike,
  GattListener,
  GattPropertiesLike,
} from '../link/gatt';
import { valueOf } from '../link/gatt';
import { CupLink, type LinkTimeouts } from '../link/link';
import { SMP_SERVICE } from '../smp/constants';

export interface PortFrame {
  source: FrameSource;
  bytes: Uint8Array;
  /** When it arrived (the check's clock, ms). */
  at: number;
}

export type CharacteristicName =
  'info' | 'events' | 'state' | 'control' | 'reply' | 'telemetry' | 'battery';

export interface CharacteristicFacts {
  name: CharacteristicName;
  found: boolean;
  properties: GattPropertiesLike | null;
  /** Whether it has a CCCD (0x2902); null when the browser cannot tell. */
  cccd: boolean | null;
  /** Whether `startNotifications()` worked (notify characteristics only). */
  notifications: boolean | null;
}

export interface GattFacts {
  service: boolean;
  characteristics: CharacteristicFacts[];
  battery: boolean;
  deviceInformation: boolean;
  /** The SMP service for firmware updates (PROTOCOL.md 9.1) is there. */
  smp: boolean;
}

export type StringName = keyof typeof DEVICE_INFORMATION_CHARACTERISTICS;

export interface CheckPort {
  readonly connected: boolean;
  /** A new connection: connect, subscribe to Events, State, Reply (and Battery Level). */
  open(): Promise<void>;
  /** End the connection from the app's side. */
  close(): void;
  onFrame(listener: (frame: PortFrame) => void): () => void;
  /** The connection ended (from either side). */
  onDrop(listener: () => void): () => void;
  readInfo(): Promise<Uint8Array>;
  readState(): Promise<Uint8Array>;
  /** Resolves once the cup acknowledged the write; rejects with the ATT error it answered. */
  writeControl(bytes: Uint8Array): Promise<void>;
  database(): Promise<GattFacts>;
  /** The Battery Level, or null without a Battery Service. */
  readBattery(): Promise<Uint8Array | null>;
  /** The Device Information strings (null: missing). */
  readStrings(): Promise<Record<StringName, Uint8Array | null>>;
}

const bytesOf = (view: DataView) =>
  new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));

/** The characteristics of the Mia Cup service, in PROTOCOL.md's order. */
const MIA_CHARACTERISTICS = CUP_GATT.find((s) => s.name === 'mia')!.characteristics.map(
  (c) => c.name as CharacteristicName,
);

/** The check's port over a cup's GATT device, through the app's own link code. */
export class LinkPort implements CheckPort {
  private link: CupLink | null = null;
  private battery: GattCharacteristicLike | null = null;
  private batteryNotifies: boolean | null = null;
  private telemetry: GattCharacteristicLike | null = null;
  private telemetryNotifies: boolean | null = null;
  private readonly frameListeners = new Set<(frame: PortFrame) => void>();
  private readonly dropListeners = new Set<() => void>();
  private abort = new AbortController();

  constructor(
    private readonly device: GattDeviceLike,
    private readonly now: () => number,
    private readonly timeouts: LinkTimeouts = {
      connectMs: 10_000,
      requestMs: 5_000,
      replyMs: 3_000,
    },
  ) {
    device.addEventListener('gattserverdisconnected', this.onDisconnected);
  }

  get connected(): boolean {
    return this.link !== null && !!this.device.gatt?.connected;
  }

  async open(): Promise<void> {
    this.close();
    this.abort = new AbortController();
    const frame = (source: FrameSource) => (value: DataView) => this.emit(source, value);
    this.link = await CupLink.open(
      this.device,
      this.timeouts,
      {
        events: frame('events'),
        state: frame('state'),
        reply: frame('reply'),
        battery: frame('battery'),
      },
      this.abort.signal,
    );
    await this.followBattery();
    await this.followTelemetry();
  }

  close(): void {
    const link = this.link;
    this.link = null;
    if (this.battery)
      this.battery.removeEventListener('characteristicvaluechanged', this.onBattery);
    this.battery = null;
    if (this.telemetry)
      this.telemetry.removeEventListener('characteristicvaluechanged', this.onTelemetry);
    this.telemetry = null;
    this.abort.abort();
    link?.close(true);
  }

  /** Stop listening to the device for good. */
  dispose(): void {
    this.close();
    this.device.removeEventListener('gattserverdisconnected', this.onDisconnected);
  }

  onFrame(listener: (frame: PortFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  onDrop(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  async readInfo(): Promise<Uint8Array> {
    return bytesOf(await this.current().readInfo());
  }

  async readState(): Promise<Uint8Array> {
    return bytesOf(await this.current().readState());
  }

  writeControl(bytes: Uint8Array): Promise<void> {
    return this.current().writeControl(bytes);
  }

  database(): Promise<GattFacts> {
    return this.current().gatt('gatt database', async (server) => {
      const facts: GattFacts = {
        service: false,
        characteristics: [],
        battery: false,
        deviceInformation: false,
        smp: false,
      };
      const main = await server.getPrimaryService(gattPlace('info').service.uuid).catch(() => null);
      facts.service = main !== null;
      for (const name of MIA_CHARACTERISTICS) {
        const c = main ? await optionalCharacteristic(server, name) : null;
        const notify = !!gattPlace(name).characteristic.properties.notify;
        const notifications =
          name === 'telemetry' ? (c ? this.telemetryNotifies : null) : notify ? c !== null : null;
        facts.characteristics.push(await describe(name, c, notifications));
      }
      const battery = await optionalCharacteristic(server, 'battery');
      facts.battery = battery !== null;
      facts.characteristics.push(await describe('battery', battery, this.batteryNotifies));
      const dis = await server
        .getPrimaryService(gattPlace('manufacturerName').service.uuid)
        .catch(() => null);
      facts.deviceInformation = dis !== null;
      facts.smp = (await server.getPrimaryService(SMP_SERVICE).catch(() => null)) !== null;
      return facts;
    });
  }

  readBattery(): Promise<Uint8Array | null> {
    return this.current().gatt('battery level', async (server) => {
      const c = await optionalCharacteristic(server, 'battery');
      return c ? bytesOf(await c.readValue()) : null;
    });
  }

  readStrings(): Promise<Record<StringName, Uint8Array | null>> {
    return this.current().gatt('device information', async (server) => {
      const out = {} as Record<StringName, Uint8Array | null>;
      for (const name of Object.keys(DEVICE_INFORMATION_CHARACTERISTICS) as StringName[]) {
        const c = await optionalCharacteristic(server, name);
        out[name] = c ? bytesOf(await c.readValue()) : null;
      }
      return out;
    });
  }

  private current(): CupLink {
    if (!this.link) throw new Error('The cup is not connected.');
    return this.link;
  }

  /** Battery Level notifications, as the app follows them (a failure is a fact to report). */
  private async followBattery(): Promise<void> {
    await this.current().gatt('battery notifications', async (server) => {
      const c = await optionalCharacteristic(server, 'battery');
      this.battery = c;
      if (!c) return;
      c.addEventListener('characteristicvaluechanged', this.onBattery);
      this.batteryNotifies = await c.startNotifications().then(
        () => true,
        () => false,
      );
    });
  }

  /** Telemetry notifications (1.1 addition), when the cup has the characteristic. */
  private async followTelemetry(): Promise<void> {
    await this.current().gatt('telemetry notifications', async (server) => {
      const c = await optionalCharacteristic(server, 'telemetry');
      this.telemetry = c;
      this.telemetryNotifies = null;
      if (!c) return;
      c.addEventListener('characteristicvaluechanged', this.onTelemetry);
      this.telemetryNotifies = await c.startNotifications().then(
        () => true,
        () => false,
      );
    });
  }

  private emit(source: FrameSource, value: DataView): void {
    const frame = { source, bytes: bytesOf(value), at: this.now() };
    for (const listener of [...this.frameListeners]) listener(frame);
  }

  private readonly onBattery: GattListener = (event) => {
    const value = valueOf(event);
    if (value && this.link) this.emit('battery', value);
  };

  private readonly onTelemetry: GattListener = (event) => {
    const value = valueOf(event);
    if (value && this.link) this.emit('telemetry', value);
  };

  private readonly onDisconnected: GattListener = () => {
    const link = this.link;
    this.link = null;
    link?.close();
    for (const listener of [...this.dropListeners]) listener();
  };
}

async function describe(
  name: CharacteristicName,
  c: GattCharacteristicLike | null,
  notifications: boolean | null,
): Promise<CharacteristicFacts> {
  if (!c) return { name, found: false, properties: null, cccd: null, notifications: null };
  const cccd = c.getDescriptor
    ? await c.getDescriptor(CCCD_UUID).then(
        () => true,
        () => false,
      )
    : null;
  const p = c.properties;
  const properties = p
    ? {
        read: p.read,
        write: p.write,
        writeWithoutResponse: p.writeWithoutResponse,
        notify: p.notify,
        indicate: p.indicate,
      }
    : null;
  return { name, found: true, properties, cccd, notifications };
}
