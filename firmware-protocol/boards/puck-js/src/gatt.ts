/**
 * PROTOCOL.md sections 2 and 3 on Espruino: the services for NRF.setServices, built from the
 * one GATT declaration (CUP_GATT), and the advertising and scan response bytes.
 */
import { SERVICE_UUID } from '../../../codec/constants';
import { CUP_GATT, type CupCharacteristicName } from '../../../codec/gatt';
import type { NrfCharacteristic, NrfServices } from './espruino';

/** The longest write the Puck's stack takes (its ATT MTU is 53): every Control write reaches
 * the core, which answers too long ones itself. */
export const CONTROL_MAX_LEN = 50;

/** A UUID as Espruino takes it: 16-bit SIG numbers as "180F", others in full. */
export function espruinoUuid(uuid: string): string {
  const sig = /^0000([0-9a-f]{4})-0000-1000-8000-00805f9b34fb$/.exec(uuid);
  return sig ? sig[1].toUpperCase() : uuid;
}

export interface GattHandlers {
  /** The initial values (Info, State, Battery Level, the Device Information strings). */
  values: Partial<Record<CupCharacteristicName, Uint8Array>>;
  control(bytes: Uint8Array): void;
  /** A CCCD write on a notify characteristic. */
  subscribe(name: CupCharacteristicName, on: boolean): void;
}

/** The services of PROTOCOL.md 2 that this cup has (capability-gated ones by `capabilities`). */
export function cupServices(capabilities: number, handlers: GattHandlers): NrfServices {
  const services: NrfServices = {};
  for (const service of CUP_GATT) {
    if (service.optional) continue; // SMP: the Puck is updated over its own console instead
    const chars: Record<string, NrfCharacteristic> = {};
    for (const layout of service.characteristics) {
      if (layout.capability && (capabilities & layout.capability) === 0) continue;
      const name = layout.name;
      const p = layout.properties;
      const value = handlers.values[name];
      const c: NrfCharacteristic = { maxLen: name === 'control' ? CONTROL_MAX_LEN : 20 };
      if (value) c.value = value;
      if (p.read) c.readable = true;
      if (p.notify) {
        c.notify = true;
        c.onWriteDesc = (evt) => handlers.subscribe(name, (new Uint8Array(evt.data)[0] & 1) === 1);
      }
      if (p.write) {
        c.writable = true;
        c.onWrite = (evt) => handlers.control(new Uint8Array(evt.data));
      }
      chars[espruinoUuid(layout.uuid)] = c;
    }
    services[espruinoUuid(service.uuid)] = chars;
  }
  return services;
}

/** An update of one characteristic's value for NRF.updateServices (notified if `notify`). */
export function valueUpdate(
  name: CupCharacteristicName,
  value: Uint8Array,
  notify: boolean,
): NrfServices {
  for (const service of CUP_GATT) {
    for (const layout of service.characteristics) {
      if (layout.name !== name) continue;
      const c: NrfCharacteristic = { value };
      if (notify) c.notify = true;
      const update: NrfServices = {};
      update[espruinoUuid(service.uuid)] = {};
      update[espruinoUuid(service.uuid)][espruinoUuid(layout.uuid)] = c;
      return update;
    }
  }
  throw new RangeError(`no characteristic ${name}`);
}

/** A 128-bit UUID's 16 bytes, little-endian (as on air). */
export function uuidBytes(uuid: string): number[] {
  const hex = uuid.replace(/-/g, '');
  const bytes: number[] = [];
  for (let i = 30; i >= 0; i -= 2) bytes.push(parseInt(hex.substr(i, 2), 16));
  return bytes;
}

function ascii(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i));
  return bytes;
}

/** PROTOCOL.md 3: Flags, the Mia Cup service, the name `Mia 3F2A` (31 bytes). */
export function advertisingData(code: string): number[] {
  const name = ascii(`Mia ${code}`);
  return [2, 0x01, 0x06, 17, 0x07]
    .concat(uuidBytes(SERVICE_UUID))
    .concat([name.length + 1, 0x09])
    .concat(name);
}

/** PROTOCOL.md 3: the service data (AD type 0x21) with the core's owner flag and device id. */
export function scanResponse(advert: Uint8Array): number[] {
  const data = [advert.length + 17, 0x21].concat(uuidBytes(SERVICE_UUID));
  for (let i = 0; i < advert.length; i++) data.push(advert[i]);
  return data;
}

/** The short code of an 8-byte device id: its last two bytes as four uppercase hex digits. */
export function shortCodeOf(deviceId: Uint8Array): string {
  let code = '';
  for (let i = 6; i < 8; i++) code += (deviceId[i] < 16 ? '0' : '') + deviceId[i].toString(16);
  return code.toUpperCase();
}
