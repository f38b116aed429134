/**
 * The cup's GATT database (PROTOCOL.md section 2, and 9.1 for SMP), declared once: the app
 * discovers by it, the simulated cup and the browser tests' emulated cup are built from it, and
 * a board's firmware can declare its services from it. UUIDs are the full 128-bit lowercase
 * form, which Web Bluetooth accepts for standard services too.
 */
import {
  BATTERY_LEVEL_CHARACTERISTIC,
  BATTERY_SERVICE,
  CHARACTERISTIC_UUIDS,
  Capability,
  DEVICE_INFORMATION_CHARACTERISTICS,
  DEVICE_INFORMATION_SERVICE,
  SERVICE_UUID,
} from './constants';

/** A 16-bit SIG number as its full 128-bit UUID. */
export const sigUuid = (n: number): string =>
  `0000${n.toString(16).padStart(4, '0')}-0000-1000-8000-00805f9b34fb`;

/** The Client Characteristic Configuration descriptor every notify characteristic has. */
export const CCCD_UUID = sigUuid(0x2902);

/** The SMP service and characteristic of a cup that can be updated (PROTOCOL.md 9.1). */
export const SMP_SERVICE_UUID = '8d53dc1d-1db7-4cd3-868b-8a527460aa84';
export const SMP_CHARACTERISTIC_UUID = 'da2e7828-fbce-4e01-ae9e-261174997c48';

export type CupServiceName = 'mia' | 'battery' | 'deviceInformation' | 'smp';

export type CupCharacteristicName =
  | keyof typeof CHARACTERISTIC_UUIDS
  | 'battery'
  | keyof typeof DEVICE_INFORMATION_CHARACTERISTICS
  | 'smp';

export interface CharacteristicProperties {
  read?: boolean;
  write?: boolean;
  writeWithoutResponse?: boolean;
  notify?: boolean;
}

export interface CharacteristicLayout {
  name: CupCharacteristicName;
  uuid: string;
  properties: CharacteristicProperties;
  /** Present only on a cup whose Info sets this capability bit. */
  capability?: number;
}

export interface ServiceLayout {
  name: CupServiceName;
  uuid: string;
  characteristics: readonly CharacteristicLayout[];
  /** Not every cup has it (SMP: only a cup that can be updated over the air). */
  optional?: boolean;
}

const read = { read: true } as const;
const notify = { notify: true } as const;

export const CUP_GATT: readonly ServiceLayout[] = [
  {
    name: 'mia',
    uuid: SERVICE_UUID,
    characteristics: [
      { name: 'info', uuid: CHARACTERISTIC_UUIDS.info, properties: read },
      { name: 'events', uuid: CHARACTERISTIC_UUIDS.events, properties: notify },
      { name: 'state', uuid: CHARACTERISTIC_UUIDS.state, properties: { read: true, notify: true } },
      { name: 'control', uuid: CHARACTERISTIC_UUIDS.control, properties: { write: true } },
      { name: 'reply', uuid: CHARACTERISTIC_UUIDS.reply, properties: notify },
      {
        name: 'telemetry',
        uuid: CHARACTERISTIC_UUIDS.telemetry,
        properties: notify,
        capability: Capability.telemetry,
      },
    ],
  },
  {
    name: 'battery',
    uuid: sigUuid(BATTERY_SERVICE),
    characteristics: [
      {
        name: 'battery',
        uuid: sigUuid(BATTERY_LEVEL_CHARACTERISTIC),
        properties: { read: true, notify: true },
      },
    ],
  },
  {
    name: 'deviceInformation',
    uuid: sigUuid(DEVICE_INFORMATION_SERVICE),
    characteristics: (
      Object.entries(DEVICE_INFORMATION_CHARACTERISTICS) as [
        keyof typeof DEVICE_INFORMATION_CHARACTERISTICS,
        number,
      ][]
    ).map(([name, n]) => ({ name, uuid: sigUuid(n), properties: read })),
  },
  {
    name: 'smp',
    uuid: SMP_SERVICE_UUID,
    optional: true,
    characteristics: [
      {
        name: 'smp',
        uuid: SMP_CHARACTERISTIC_UUID,
        properties: { writeWithoutResponse: true, notify: true },
      },
    ],
  },
];

/** Where a characteristic is: its service and its own layout. */
export function gattPlace(name: CupCharacteristicName): {
  service: ServiceLayout;
  characteristic: CharacteristicLayout;
} {
  for (const service of CUP_GATT) {
    const characteristic = service.characteristics.find((c) => c.name === name);
    if (characteristic) return { service, characteristic };
  }
  throw new RangeError(`no characteristic ${name}`);
}

/** The services a page lists in `requestDevice`'s `optionalServices` (all but the advertised). */
export const OPTIONAL_SERVICES = CUP_GATT.filter((s) => s.uuid !== SERVICE_UUID).map((s) => s.uuid);
