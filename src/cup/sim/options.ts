/**
 * What a simulated cup is: the options a test or the demo gives, and what they make of the
 * board around the C core (its setup, its Device Information strings).
 */
import {
  Capability,
  DEFAULT_CONFIG,
  fromHex,
  type Config,
  type Info,
} from '../../../firmware-protocol/codec';
import type { CupSetup } from '../../../firmware-protocol/wasm';
import type { CupFaults } from './faults';

export interface FirmwareOptions {
  /** The board's clock, ms; "ms since boot" counts from the first reading. */
  now?: () => number;
  deviceId?: string;
  /**
   * `{ major: 1, minor: 0 }`: a protocol 1.0 cup (a wrapper around the core); minor 1: a cup
   * whose core speaks 1.1 (no cup proof, no sealing, the claim in the clear); default 1.2.
   */
  protocol?: { major: number; minor: number };
  firmware?: { major: number; minor: number; patch: number };
  battery?: number;
  /** The owner key in the cup's flash (hex), or null (default) for a cup without an owner. */
  ownerKey?: string | null;
  /** Random bytes for boot ids and challenges (default: WebCrypto). */
  random?: (n: number) => Uint8Array;
  /** The lid is open when the cup boots. */
  lidOpenAtBoot?: boolean;
  /**
   * How long the board lets an unproven connection stay, ms (the core asks after PROTOCOL.md's
   * 5 s, 10 s on a 1.1 cup with an owner; a test that keeps the cup's time gives more and says
   * when the time is up with `unprovenTimeUp`). A drop a write causes (a third denial) is never
   * held.
   */
  unprovenDropMs?: number;
  /**
   * A replay sends one event every this many ms (a slow BLE link), the first one this long
   * after its Reply; meanwhile a second `replay_since` is `busy`. 0 (default): at once.
   */
  replayPaceMs?: number;
  /** Deliberate protocol violations, for the conformance check's tests only. */
  faults?: CupFaults;
  /** The telemetry stream (default on for 1.1): false for a cup without it. */
  telemetry?: boolean;
  /** The accelerometer's rate, Hz (the detectors and the telemetry stream run at it). */
  accelRateHz?: number;
  /** Extra capability bits (a cup with SMP sets `Capability.firmwareUpdate`). */
  capabilities?: number;
  /** The seed of the accelerometer's noise and the hand's wobble. */
  seed?: number;
  /** The Config the cup boots with (as if read back from its flash); default: PROTOCOL.md's. */
  config?: Config;
}

export interface DeviceStrings {
  manufacturer: string;
  model: string;
  firmwareRevision: string;
  hardwareRevision: string;
}

export const DEFAULT_DEVICE_ID = 'a1b2c3d4e5f63f2a';
export const DEFAULT_FIRMWARE = { major: 1, minor: 4, patch: 2 };

/** Whether these options make a protocol 1.0 cup. */
export const isOneZero = (options: FirmwareOptions) =>
  options.protocol?.major === 1 && options.protocol.minor === 0;

/** The capability bits of the cup these options describe. */
export function capabilitiesOf(options: FirmwareOptions): number {
  const telemetry = !isOneZero(options) && options.telemetry !== false;
  return (
    Capability.shake |
    Capability.lid |
    Capability.led |
    Capability.buzzer |
    Capability.battery |
    (telemetry ? Capability.telemetry : 0) |
    (options.capabilities ?? 0)
  );
}

/** The board's setup for the core (`mia_cup_setup`). */
export function setupOf(options: FirmwareOptions, ownerKey: string | null): CupSetup {
  return {
    firmware: options.firmware ?? DEFAULT_FIRMWARE,
    capabilities: capabilitiesOf(options),
    deviceId: fromHex(options.deviceId ?? DEFAULT_DEVICE_ID),
    accelRateHz: options.accelRateHz ?? 100,
    lid: { mode: 'digital', invert: false },
    ownerKey: ownerKey === null ? null : fromHex(ownerKey),
    wokeFromSleep: false,
    // 1.1, and under the 1.0 wrapper (no ownership: it drops no one), a core that speaks 1.1.
    ...(options.protocol && options.protocol.minor < 2 ? { protocolMinor: 1 } : {}),
    storedConfig: options.config ?? null,
  };
}

export function stringsOf(firmware: Info['firmware']): DeviceStrings {
  const { major, minor, patch } = firmware;
  return {
    manufacturer: 'Mia Cup project',
    model: 'MC-1',
    firmwareRevision: `${major}.${minor}.${patch}`,
    hardwareRevision: 'rev B',
  };
}

export const defaultConfig = (): Config => ({ ...DEFAULT_CONFIG });
