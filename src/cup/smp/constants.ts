/**
 * The MCUmgr Simple Management Protocol (SMP) as the Mia Cup app uses it for firmware updates
 * (PROTOCOL.md section 9): the GATT service of Zephyr's SMP Bluetooth transport, the header's
 * operations, and the groups and commands the app sends.
 */

/**
 * Zephyr's SMP service (`SMP_BT_SVC_UUID`) and its one characteristic, for requests (write
 * without response) and responses (notify): declared with the cup's GATT layout.
 */
export {
  SMP_SERVICE_UUID as SMP_SERVICE,
  SMP_CHARACTERISTIC_UUID as SMP_CHARACTERISTIC,
} from '../../../firmware-protocol/codec';

/** The SMP header is 8 bytes. */
export const SMP_HEADER_LENGTH = 8;
/** Header version bits the app sends: 1, SMP version 2 (errors as `err: {group, rc}`). */
export const SMP_VERSION = 1;

export const SmpOp = { read: 0, readResponse: 1, write: 2, writeResponse: 3 } as const;
export type SmpOp = (typeof SmpOp)[keyof typeof SmpOp];

export const SmpGroup = { os: 0, image: 1 } as const;

/** Command ids within their group. */
export const SmpCommand = {
  /** os: reset the cup. */
  reset: 5,
  /** os: the SMP buffer size and count (`buf_size`, `buf_count`). */
  params: 6,
  /** image: read the slots' state, or mark an image for test or confirm it. */
  state: 0,
  /** image: upload one chunk of an image. */
  upload: 1,
} as const;

/** Every ATT write the app makes carries at most this many bytes (fits the minimum MTU, 23). */
export const SMP_FRAGMENT = 20;
/** The SMP packet size when the cup does not report its buffer size. */
export const DEFAULT_SMP_PACKET = 256;
/** The largest SMP packet the app makes, whatever the cup reports (Web Bluetooth's 512-byte
 * attribute limit does not apply to fragments, but the cup's buffer and our memory do). */
export const MAX_SMP_PACKET = 1024;
