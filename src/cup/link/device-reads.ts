/** Reads of the standard services: Device Information strings and the Battery Level byte. */
import {
  DEVICE_INFORMATION_CHARACTERISTICS,
  DEVICE_INFORMATION_SERVICE,
} from '../../../firmware-protocol/codec';
import { CupDisconnectedError } from '../errors';
import type { DeviceInformation } from '../events';
import type { GattServerLike } from './gatt';

/** Runs one GATT operation (through the connection's queue). */
export type GattOp = <T>(what: string, run: () => Promise<T>) => Promise<T>;

const utf8 = new TextDecoder();

/**
 * The Device Information Service strings; a missing service or string is null. Only a
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
  const names: [keyof DeviceInformation, number][] = [
    ['manufacturer', DEVICE_INFORMATION_CHARACTERISTICS.manufacturerName],
    ['model', DEVICE_INFORMATION_CHARACTERISTICS.modelNumber],
    ['firmwareRevision', DEVICE_INFORMATION_CHARACTERISTICS.firmwareRevision],
    ['hardwareRevision', DEVICE_INFORMATION_CHARACTERISTICS.hardwareRevision],
  ];
  try {
    const dis = await op('device information', () =>
      server.getPrimaryService(DEVICE_INFORMATION_SERVICE),
    );
    for (const [field, uuid] of names) {
      try {
        const c = await op('device information string', () => dis.getCharacteristic(uuid));
        const value = await op('read device information', () => c.readValue());
        out[field] = utf8.decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (error) {
        if (error instanceof CupDisconnectedError) throw error;
      }
    }
  } catch (error) {
    if (error instanceof CupDisconnectedError) throw error;
  }
  return out;
}

/** The Battery Level byte: 0..100, undefined when the frame is not one. */
export function batteryOf(value: DataView): number | undefined {
  if (value.byteLength < 1) return undefined;
  const percent = value.getUint8(0);
  return percent <= 100 ? percent : undefined;
}
