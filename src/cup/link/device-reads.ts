/** Reads of the standard services: Device Information strings and the Battery Level byte. */
import type { CupCharacteristicName, Rejection } from '../../../firmware-protocol/codec';
import { deviceText } from '../device-text';
import { CupDisconnectedError } from '../errors';
import type { DeviceInformation } from '../events';
import { optionalCharacteristic } from './discover';
import type { GattServerLike } from './gatt';

/** Runs one GATT operation (through the connection's queue). */
export type GattOp = <T>(what: string, run: () => Promise<T>) => Promise<T>;

const utf8 = new TextDecoder();

/**
 * The Device Information Service strings, fit to show (`deviceText`); a missing service or
 * string, or one with nothing to show, is null. Only a
 * disconnect stops it (it is not worth refusing a cup over).
 */
export async function readDeviceInformation(
  server: GattServerLike,
  op: GattOp,
): Promise<DeviceInformation> {
  const out: DeviceInformation = {
    manufacturer: null,
    model: null,
    firmwareRevision: null,
    hardwareRevision: null,
  };
  const names: [keyof DeviceInformation, CupCharacteristicName][] = [
    ['manufacturer', 'manufacturerName'],
    ['model', 'modelNumber'],
    ['firmwareRevision', 'firmwareRevision'],
    ['hardwareRevision', 'hardwareRevision'],
  ];
  for (const [field, name] of names) {
    try {
      const c = await op('device information string', () => optionalCharacteristic(server, name));
      if (!c) continue;
      const value = await op('read device information', () => c.readValue());
      const raw = utf8.decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      out[field] = deviceText(raw) || null;
    } catch (error) {
      if (error instanceof CupDisconnectedError) throw error;
    }
  }
  return out;
}

/** The Battery Level byte: 0..100, undefined when the frame is not one. */
export function batteryOf(value: DataView): number | undefined {
  if (value.byteLength < 1) return undefined;
  const percent = value.getUint8(0);
  return percent <= 100 ? percent : undefined;
}

/** A Battery Level frame: its percent, or why it is not one. */
export function decodeBattery(value: DataView): { ok: true; value: number } | Rejection {
  const percent = batteryOf(value);
  if (percent !== undefined) return { ok: true, value: percent };
  const reason = value.byteLength < 1 ? 'truncated' : 'bad_value';
  return { ok: false, reason, detail: `battery level frame of ${value.byteLength} bytes` };
}
