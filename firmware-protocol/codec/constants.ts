/** Identifiers and fixed numbers of the Mia Cup GATT protocol (PROTOCOL.md sections 2 and 4). */

/** The protocol version this codec speaks. A cup with another major is refused. */
export const PROTOCOL_MAJOR = 1;
export const PROTOCOL_MINOR = 1;

/** Every frame fits one ATT packet at the default MTU (23 - 3). */
export const MAX_FRAME_LENGTH = 20;

/** The custom primary service, advertised so the chooser can filter on it. */
export const SERVICE_UUID = '1b6f14c6-41d3-41c4-8a54-dbc89fce81fd';

export const CHARACTERISTIC_UUIDS = {
  info: '1b6f0001-41d3-41c4-8a54-dbc89fce81fd',
  events: '1b6f0002-41d3-41c4-8a54-dbc89fce81fd',
  state: '1b6f0003-41d3-41c4-8a54-dbc89fce81fd',
  control: '1b6f0004-41d3-41c4-8a54-dbc89fce81fd',
  reply: '1b6f0005-41d3-41c4-8a54-dbc89fce81fd',
  /** 1.1 addition: raw samples while a telemetry stream runs (capability bit 6). */
  telemetry: '1b6f0006-41d3-41c4-8a54-dbc89fce81fd',
} as const;

/** Standard services and characteristics (16-bit numbers, as Web Bluetooth accepts them). */
export const BATTERY_SERVICE = 0x180f;
export const BATTERY_LEVEL_CHARACTERISTIC = 0x2a19;
export const DEVICE_INFORMATION_SERVICE = 0x180a;
export const DEVICE_INFORMATION_CHARACTERISTICS = {
  manufacturerName: 0x2a29,
  modelNumber: 0x2a24,
  firmwareRevision: 0x2a26,
  hardwareRevision: 0x2a27,
} as const;

/** ATT error a cup returns for a Control write too short to carry a request id. */
export const ATT_ERROR_INVALID_LENGTH = 0x0d;

/** Info capability bits. */
export const Capability = {
  shake: 1 << 0,
  lid: 1 << 1,
  led: 1 << 2,
  buzzer: 1 << 3,
  battery: 1 << 4,
  configPersist: 1 << 5,
  /** 1.1 addition: the Telemetry characteristic and the telemetry opcodes. */
  telemetry: 1 << 6,
  /** 1.1 addition: the SMP service for firmware updates (PROTOCOL.md 9.1). */
  firmwareUpdate: 1 << 7,
  /** 1.1 porting note: the stack acknowledges every Control write itself (PROTOCOL.md 10.1). */
  ackedWrites: 1 << 8,
} as const;

/** Event type bytes (0 is reserved and invalid). */
export const EventType = {
  shake_started: 0x01,
  shake_ended: 0x02,
  lid_opened: 0x03,
  lid_closed: 0x04,
  booted: 0x05,
} as const;
export type KnownEventType = keyof typeof EventType;

/**
 * Control opcodes (0 is reserved and unknown). 0x05..0x08 are 1.1 (ownership), 0x09 and 0x0a a
 * 1.1 addition (telemetry).
 */
export const Opcode = {
  identify: 0x01,
  replay_since: 0x02,
  read_config: 0x03,
  write_config: 0x04,
  auth_challenge: 0x05,
  auth_prove: 0x06,
  claim: 0x07,
  release: 0x08,
  telemetry_start: 0x09,
  telemetry_stop: 0x0a,
} as const;
export type OpName = keyof typeof Opcode;

/** Reply status codes. */
export const Status = {
  ok: 0x00,
  unknown_opcode: 0x01,
  bad_length: 0x02,
  bad_value: 0x03,
  busy: 0x04,
  not_supported: 0x05,
  /** 1.1: the cup has an owner and this connection has not proven it. */
  needs_proof: 0x06,
  /** 1.1: a wrong or unasked proof, or a claim of a cup with another owner. */
  denied: 0x07,
} as const;
export type StatusName = keyof typeof Status;
export type ErrorStatusName = Exclude<StatusName, 'ok'>;

/** Identify pattern bits. */
export const IdentifyPattern = { blink: 1 << 0, buzz: 1 << 1 } as const;
export const IDENTIFY_MIN_MS = 100;
export const IDENTIFY_MAX_MS = 10000;

/** State flag bits (owned and proven are 1.1). */
export const StateFlag = {
  lidOpen: 1 << 0,
  shaking: 1 << 1,
  charging: 1 << 2,
  owned: 1 << 3,
  proven: 1 << 4,
} as const;
/** State battery byte meaning "the cup cannot measure its battery". */
export const BATTERY_UNKNOWN = 0xff;

/**
 * Frame lengths (readers require these; more bytes are ignored). The `...11` lengths are where a
 * field added in 1.1 ends: a shorter frame (from a 1.0 cup) has no such field.
 */
export const Length = {
  info: 17,
  eventHeader: 7,
  shakeEnded: 11,
  lidClosed: 11,
  booted11: 11,
  state: 14,
  state11: 18,
  controlHeader: 2,
  identify: 5,
  replaySince: 4,
  readConfig: 2,
  writeConfig: 12,
  authChallenge: 2,
  authProve: 18,
  claim: 18,
  release: 2,
  telemetryStart: 3,
  telemetryStop: 2,
  replyHeader: 3,
  replayResult: 7,
  configResult: 13,
  challengeResult: 19,
  telemetryStartResult: 6,
  telemetryStopResult: 5,
  telemetryHeader: 7,
  telemetryAccel: 13,
  telemetryAccel2: 20,
  telemetryLid: 10,
  telemetryEnd: 8,
  config: 10,
  advert: 9,
} as const;

/** The most events a cup's log may hold (1.1): sequence comparison spans half the u16 range. */
export const MAX_LOG_CAPACITY = 0x7fff;
/** Owner keys, challenges and proof answers are 16 bytes (1.1). */
export const AUTH_BYTES = 16;
/** Service data after a 128-bit UUID: at most 31 - 2 - 16 bytes. */
export const MAX_ADVERT_LENGTH = 13;
/** Service data flag bits (1.1). */
export const AdvertFlag = { owned: 1 << 0 } as const;

/** Telemetry frame kinds (1.1 addition; 0 is reserved and invalid). */
export const TelemetryKind = { accel: 0x01, accel2: 0x02, lid: 0x03, end: 0x04 } as const;
export type KnownTelemetryKind = keyof typeof TelemetryKind;
/** Why a telemetry stream ended, by the `end` frame's reason byte. */
export const TELEMETRY_END_REASONS = ['stop', 'limit', 'other'] as const;
export type TelemetryEndReason = (typeof TELEMETRY_END_REASONS)[number];
/** The longest stream a `telemetry_start` may ask for, and the fastest rate a cup sends. */
export const TELEMETRY_MAX_SECONDS = 60;
export const TELEMETRY_MAX_RATE_HZ = 100;
