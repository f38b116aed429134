/** fast-check generators for every frame value of the Mia Cup protocol. */

import fc from 'fast-check';
import {
  AUTH_BYTES,
  CONFIG_FIELDS,
  EventType,
  MAX_LOG_CAPACITY,
  IDENTIFY_MAX_MS,
  IDENTIFY_MIN_MS,
  OP_NAMES,
  PROTOCOL_MAJOR,
  Status,
  type Config,
  type ControlRequest,
  type CupEvent,
  type CupState,
  type ErrorStatusName,
  type Info,
  type OpName,
  type Reply,
} from '../../../firmware-protocol/codec';

const u8 = fc.integer({ min: 0, max: 0xff });
const u16 = fc.integer({ min: 0, max: 0xffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const hexBytes = (min: number, max: number) =>
  fc
    .uint8Array({ minLength: min, maxLength: max })
    .map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));

export const configArb: fc.Arbitrary<Config> = fc.record(
  Object.fromEntries(
    CONFIG_FIELDS.map(({ field, min, max, also }) => [
      field,
      also === undefined
        ? fc.integer({ min, max })
        : fc.oneof(fc.constant(also), fc.integer({ min, max })),
    ]),
  ) as { [K in keyof Config]: fc.Arbitrary<number> },
);

export const infoArb: fc.Arbitrary<Info> = fc.record({
  protocolMajor: fc.constant(PROTOCOL_MAJOR),
  protocolMinor: u8,
  firmware: fc.record({ major: u8, minor: u8, patch: u8 }),
  capabilities: u16,
  deviceId: hexBytes(8, 8),
  eventLogCapacity: fc.integer({ min: 1, max: MAX_LOG_CAPACITY }),
});

const header = { seq: u16, timeMs: u32 };
const knownCodes = new Set<number>(Object.values(EventType));

const authHex = hexBytes(AUTH_BYTES, AUTH_BYTES);
/** 1.2: the tag of a sealed request, or none. */
const tagHex = fc.option(hexBytes(8, 8), { nil: null });
/** A 1.1 field: absent (null) in a 1.0 sender's frame. */
const bootId = fc.option(u32, { nil: null });

export const eventArb: fc.Arbitrary<CupEvent> = fc.oneof(
  fc.record({ type: fc.constant('booted' as const), ...header, bootId }),
  fc.record({
    type: fc.constantFrom('shake_started' as const, 'lid_opened' as const),
    ...header,
  }),
  fc.record({ type: fc.constant('shake_ended' as const), ...header, durationMs: u16, peakMg: u16 }),
  fc.record({ type: fc.constant('lid_closed' as const), ...header, openMs: u32 }),
  fc.record({
    type: fc.constant('unknown' as const),
    ...header,
    typeCode: fc.integer({ min: 1, max: 0xff }).filter((c) => !knownCodes.has(c)),
    payload: hexBytes(0, 13),
  }),
);

export const stateArb: fc.Arbitrary<CupState> = fc.record({
  lidOpen: fc.boolean(),
  shaking: fc.boolean(),
  charging: fc.boolean(),
  batteryPercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  lastSeq: u16,
  timeMs: u32,
  shakeCount: u16,
  lidOpenCount: u16,
  oldestSeq: u16,
  owned: fc.boolean(),
  proven: fc.boolean(),
  bootId,
});

export const controlArb: fc.Arbitrary<ControlRequest> = fc.oneof(
  fc
    .record({
      op: fc.constant('identify' as const),
      requestId: u8,
      blink: fc.boolean(),
      buzz: fc.boolean(),
      durationMs: fc.integer({ min: IDENTIFY_MIN_MS, max: IDENTIFY_MAX_MS }),
    })
    .filter((r) => r.blink || r.buzz),
  fc.record({ op: fc.constant('replay_since' as const), requestId: u8, sinceSeq: u16 }),
  fc.record({ op: fc.constant('read_config' as const), requestId: u8 }),
  fc.record({
    op: fc.constant('write_config' as const),
    requestId: u8,
    config: configArb,
    tag: tagHex,
  }),
  fc.record({ op: fc.constant('auth_challenge' as const), requestId: u8 }),
  fc.record({
    op: fc.constantFrom('release' as const, 'telemetry_stop' as const, 'firmware_unlock' as const),
    requestId: u8,
    tag: tagHex,
  }),
  fc.record({
    op: fc.constant('telemetry_start' as const),
    requestId: u8,
    seconds: fc.integer({ min: 1, max: 60 }),
    tag: tagHex,
  }),
  fc.record({ op: fc.constant('auth_prove' as const), requestId: u8, answer: authHex }),
  fc.record({ op: fc.constant('claim' as const), requestId: u8, key: authHex }),
  fc.record({ op: fc.constant('auth_cup_proof' as const), requestId: u8, nonce: authHex }),
  fc.record({
    op: fc.constantFrom('claim_begin' as const, 'claim_key' as const),
    requestId: u8,
    keyPart: authHex,
  }),
  fc.record({ op: fc.constant('claim_confirm' as const), requestId: u8, confirm: authHex }),
);

const errorStatus = fc.constantFrom(
  ...(Object.keys(Status).filter((s) => s !== 'ok') as ErrorStatusName[]),
);
const opName = fc.constantFrom(...(Object.keys(OP_NAMES_BY_NAME()) as OpName[]));

function OP_NAMES_BY_NAME(): Record<OpName, true> {
  return Object.fromEntries([...OP_NAMES.values()].map((n) => [n, true])) as Record<OpName, true>;
}

export const replyArb: fc.Arbitrary<Reply> = fc.oneof(
  fc.record({
    op: fc.constantFrom(
      'identify' as const,
      'auth_prove' as const,
      'claim' as const,
      'firmware_unlock' as const,
    ),
    requestId: u8,
    status: fc.constant('ok' as const),
  }),
  fc.record({
    op: fc.constant('release' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    tag: tagHex,
  }),
  fc.record({
    op: fc.constant('auth_cup_proof' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    proof: authHex,
  }),
  fc.record({
    op: fc.constantFrom('claim_begin' as const, 'claim_key' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    keyPart: authHex,
  }),
  fc.record({
    op: fc.constant('claim_confirm' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    confirm: authHex,
  }),
  fc.record({
    op: fc.constant('auth_challenge' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    challenge: authHex,
  }),
  fc.record({
    op: fc.constant('replay_since' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    firstSeq: u16,
    count: u16,
  }),
  fc.record({
    op: fc.constantFrom('read_config' as const, 'write_config' as const),
    requestId: u8,
    status: fc.constant('ok' as const),
    config: configArb,
  }),
  fc.record({ op: opName, requestId: u8, status: errorStatus }),
  fc.record({
    op: fc.constant('unknown' as const),
    opcode: u8.filter((c) => !OP_NAMES.has(c)),
    requestId: u8,
    status: errorStatus,
  }),
);
