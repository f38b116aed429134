/**
 * The service data a 1.1 cup puts in its scan response (PROTOCOL.md section 3): whether it has
 * an owner, and its device id, so an app can tell its own cup from its neighbours' before it
 * connects. Advertising data, not a GATT frame: its limit is what an AD structure holds after a
 * 128-bit UUID (13 bytes), not 20.
 */
import { AdvertFlag, Length, MAX_ADVERT_LENGTH } from './constants';
import { bytesOf, fromHex, FrameWriter, toHex, type FrameInput } from './bytes';
import { accept, reject, type DecodeResult } from './result';

export interface Advert {
  owned: boolean;
  /** The cup's device id (as in Info), 16 lowercase hex digits. */
  deviceId: string;
}

export function decodeAdvert(input: FrameInput): DecodeResult<Advert> {
  const b = bytesOf(input);
  if (b.length > MAX_ADVERT_LENGTH) {
    return reject('too_long', `service data: ${b.length} bytes, more than ${MAX_ADVERT_LENGTH}`);
  }
  if (b.length < Length.advert) {
    return reject('truncated', `service data: ${b.length} bytes, needs at least ${Length.advert}`);
  }
  return accept({ owned: (b[0] & AdvertFlag.owned) !== 0, deviceId: toHex(b.subarray(1, 9)) });
}

export function encodeAdvert(advert: Advert): Uint8Array {
  if (!/^[0-9a-f]{16}$/.test(advert.deviceId)) {
    throw new RangeError(`deviceId must be 16 lowercase hex digits, got "${advert.deviceId}"`);
  }
  return new FrameWriter()
    .u8(advert.owned ? AdvertFlag.owned : 0, 'flags')
    .raw(fromHex(advert.deviceId))
    .finish('service data');
}

/** The short code printed on a cup: the last two bytes of its device id, e.g. "3F2A". */
export function shortCode(deviceId: string): string {
  return deviceId.slice(-4).toUpperCase();
}
