/**
 * Finding a characteristic of the cup's GATT layout (`CUP_GATT`, PROTOCOL.md section 2) on a
 * connected server: the one place the cup code discovers services.
 */
import { gattPlace, type CupCharacteristicName } from '../../../firmware-protocol/codec';
import { CupDisconnectedError } from '../errors';
import type { GattCharacteristicLike, GattServerLike } from './gatt';

/** The characteristic; rejects as the browser does when the cup lacks it. */
export async function characteristic(
  server: GattServerLike,
  name: CupCharacteristicName,
): Promise<GattCharacteristicLike> {
  const place = gattPlace(name);
  const service = await server.getPrimaryService(place.service.uuid);
  return service.getCharacteristic(place.characteristic.uuid);
}

/** The characteristic, or null when the cup has no such service or characteristic. */
export async function optionalCharacteristic(
  server: GattServerLike,
  name: CupCharacteristicName,
): Promise<GattCharacteristicLike | null> {
  try {
    return await characteristic(server, name);
  } catch (error) {
    if (error instanceof CupDisconnectedError || !server.connected) {
      throw new CupDisconnectedError();
    }
    return null;
  }
}
