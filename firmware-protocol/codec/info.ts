/** The Info frame (PROTOCOL.md 4.1): protocol version, firmware, capabilities, identity. */

import { Length, MAX_LOG_CAPACITY, PROTOCOL_MAJOR } from './constants';
import { bytesOf, checkLength, fromHex, FrameWriter, toHex, u16, type FrameInput } from './bytes';
import { accept, reject, type DecodeResult } from './result';

export interface FirmwareVersion {
  major: number;
  minor: number;
  patch: number;
}

export interface Info {
  protocolMajor: number;
  protocolMinor: number;
  firmware: FirmwareVersion;
  /** Raw capability word; test bits with `Capability` (unknown bits are kept). */
  capabilities: number;
  /** 8 bytes in wire order as 16 lowercase hex digits. */
  deviceId: string;
  /** How many events the cup's ring buffer holds (1..32767). */
  eventLogCapacity: number;
}

export const DEVICE_ID_LENGTH = 8;

/**
 * The protocol version from the first two bytes of an Info frame, whatever its major, so the
 * app can name the version of a cup it refuses. Undefined when fewer than 2 bytes.
 */
export function readProtocolVersion(
  input: FrameInput,
): { major: number; minor: number } | undefined {
  const b = bytesOf(input);
  return b.length < 2 ? undefined : { major: b[0], minor: b[1] };
}

export function decodeInfo(input: FrameInput): DecodeResult<Info> {
  const b = bytesOf(input);
  const early = checkLength(b, 2, 'info');
  if (early) return early;
  if (b[0] !== PROTOCOL_MAJOR) {
    return reject(
      'unsupported_version',
      `cup speaks protocol ${b[0]}.${b[1]}, this codec speaks ${PROTOCOL_MAJOR}.x`,
    );
  }
  const short = checkLength(b, Length.info, 'info');
  if (short) return short;
  const eventLogCapacity = u16(b, 15);
  if (eventLogCapacity === 0 || eventLogCapacity > MAX_LOG_CAPACITY) {
    return reject(
      'bad_value',
      `info event log capacity is ${eventLogCapacity}, must be 1..${MAX_LOG_CAPACITY}`,
    );
  }
  return accept({
    protocolMajor: b[0],
    protocolMinor: b[1],
    firmware: { major: b[2], minor: b[3], patch: b[4] },
    capabilities: u16(b, 5),
    deviceId: toHex(b.subarray(7, 15)),
    eventLogCapacity,
  });
}

/** Encodes an Info frame; throws RangeError on out-of-range input. */
export function encodeInfo(info: Info): Uint8Array {
  if (!/^[0-9a-f]{16}$/.test(info.deviceId)) {
    throw new RangeError(`deviceId must be 16 lowercase hex digits, got "${info.deviceId}"`);
  }
  if (info.eventLogCapacity === 0 || info.eventLogCapacity > MAX_LOG_CAPACITY) {
    throw new RangeError(`eventLogCapacity must be 1..${MAX_LOG_CAPACITY}`);
  }
  return new FrameWriter()
    .u8(info.protocolMajor, 'protocolMajor')
    .u8(info.protocolMinor, 'protocolMinor')
    .u8(info.firmware.major, 'firmware.major')
    .u8(info.firmware.minor, 'firmware.minor')
    .u8(info.firmware.patch, 'firmware.patch')
    .u16(info.capabilities, 'capabilities')
    .raw(fromHex(info.deviceId))
    .u16(info.eventLogCapacity, 'eventLogCapacity')
    .finish('info');
}

/** Whether the cup reports a capability (`Capability.lid`, ...). */
export function hasCapability(info: Info, capability: number): boolean {
  return (info.capabilities & capability) === capability;
}
