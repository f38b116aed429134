/**
 * The slice of Web Bluetooth's GATT interfaces the cup code uses, written structurally so that a
 * real `BluetoothDevice` and the simulated cup's GATT layer both fit. Nothing here touches
 * `navigator.bluetooth`; only `web-bluetooth.ts` does.
 */

export type GattUuid = string | number;

/** The listener shape Web Bluetooth uses for `characteristicvaluechanged`. */
export type GattListener = (event: Event) => void;

/** The properties a characteristic declares (Web Bluetooth's `BluetoothCharacteristicProperties`). */
export interface GattPropertiesLike {
  readonly read: boolean;
  readonly write: boolean;
  readonly writeWithoutResponse: boolean;
  readonly notify: boolean;
  readonly indicate: boolean;
}

export interface GattCharacteristicLike {
  readonly uuid: string;
  readonly value?: DataView | null;
  /** What the characteristic declares (for the conformance check; the app does not need it). */
  readonly properties?: GattPropertiesLike;
  /** One of its descriptors; rejects when it has none of that UUID (the check's CCCD test). */
  getDescriptor?(uuid: GattUuid): Promise<unknown>;
  readValue(): Promise<DataView>;
  writeValueWithResponse(value: BufferSource): Promise<void>;
  startNotifications(): Promise<unknown>;
  stopNotifications(): Promise<unknown>;
  addEventListener(type: 'characteristicvaluechanged', listener: GattListener): void;
  removeEventListener(type: 'characteristicvaluechanged', listener: GattListener): void;
}

export interface GattServiceLike {
  getCharacteristic(uuid: GattUuid): Promise<GattCharacteristicLike>;
}

export interface GattServerLike {
  readonly connected: boolean;
  connect(): Promise<GattServerLike>;
  disconnect(): void;
  getPrimaryService(uuid: GattUuid): Promise<GattServiceLike>;
}

export interface GattDeviceLike {
  /** The browser's opaque id for this device (per site), stable while the permission is kept. */
  readonly id: string;
  readonly name?: string | null;
  readonly gatt?: GattServerLike | null;
  addEventListener(type: 'gattserverdisconnected', listener: GattListener): void;
  removeEventListener(type: 'gattserverdisconnected', listener: GattListener): void;
}

/** The bytes of a `characteristicvaluechanged` event (its target's `value`). */
export function valueOf(event: Event): DataView | null {
  const target = event.target as { value?: DataView | null } | null;
  return target?.value ?? null;
}
