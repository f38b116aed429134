/** What the firmware model says about itself: its Info frame and Device Information strings. */
import {
  Capability,
  PROTOCOL_MAJOR,
  PROTOCOL_MINOR,
  type Info,
} from '../../../firmware-protocol/codec';

export interface DeviceStrings {
  manufacturer: string;
  model: string;
  firmwareRevision: string;
  hardwareRevision: string;
}

export function infoOf(
  options: {
    deviceId?: string;
    protocol?: { major: number; minor: number };
    firmware?: { major: number; minor: number; patch: number };
    telemetry?: boolean;
  },
  capacity: number,
): Info {
  return {
    protocolMajor: options.protocol?.major ?? PROTOCOL_MAJOR,
    protocolMinor: options.protocol?.minor ?? PROTOCOL_MINOR,
    firmware: options.firmware ?? { major: 1, minor: 4, patch: 2 },
    capabilities:
      Capability.shake |
      Capability.lid |
      Capability.led |
      Capability.buzzer |
      Capability.battery |
      // 1.1 addition: a 1.0 cup has no telemetry.
      ((options.protocol?.minor ?? PROTOCOL_MINOR) >= 1 && options.telemetry !== false
        ? Capability.telemetry
        : 0),
    deviceId: options.deviceId ?? 'a1b2c3d4e5f63f2a',
    eventLogCapacity: capacity,
  };
}

export function stringsOf(info: Info): DeviceStrings {
  const { major, minor, patch } = info.firmware;
  return {
    manufacturer: 'Mia Cup project',
    model: 'MC-1',
    firmwareRevision: `${major}.${minor}.${patch}`,
    hardwareRevision: 'rev B',
  };
}
