/** The Control frame (PROTOCOL.md 4.4): opcode, request id, arguments. Written by the app. */

import {
  AUTH_BYTES,
  SEALED_OPS,
  TAG_BYTES,
  TELEMETRY_MAX_SECONDS,
  IDENTIFY_MAX_MS,
  IDENTIFY_MIN_MS,
  IdentifyPattern,
  Length,
  Opcode,
  type ErrorStatusName,
  type OpName,
} from './constants';
import { bytesOf, checkLength, fromHex, FrameWriter, toHex, u16, type FrameInput } from './bytes';
import { readConfigAt, writeConfig, type Config } from './config';
import { accept, reject, type DecodeResult, type Rejection, type RejectionCode } from './result';

/**
 * 1.2: the 8-byte tag of a sealed request (hex), after its arguments; null (or left out, when
 * encoding) for none. A decoder sets it for every sealable opcode.
 */
interface Sealable {
  tag?: string | null;
}

export type ControlRequest =
  | { op: 'identify'; requestId: number; blink: boolean; buzz: boolean; durationMs: number }
  | { op: 'replay_since'; requestId: number; sinceSeq: number }
  | { op: 'read_config'; requestId: number }
  | ({ op: 'write_config'; requestId: number; config: Config } & Sealable)
  /** 1.1: ask for this connection's challenge. */
  | { op: 'auth_challenge'; requestId: number }
  /** The answer to the challenge, 16 bytes as hex (1.2: HMAC over "A", challenge and nonce). */
  | { op: 'auth_prove'; requestId: number; answer: string }
  /** 1.1: become the owner with this 16-byte key (hex); a 1.2 cup does not support it. */
  | { op: 'claim'; requestId: number; key: string }
  /** 1.1: forget the owner key. */
  | ({ op: 'release'; requestId: number } & Sealable)
  /** 1.1 addition: start a telemetry stream that stops by itself after 1..60 s. */
  | ({ op: 'telemetry_start'; requestId: number; seconds: number } & Sealable)
  /** 1.1 addition: stop the running telemetry stream. */
  | ({ op: 'telemetry_stop'; requestId: number } & Sealable)
  /** 1.2: the app's nonce; the cup answers with its proof. */
  | { op: 'auth_cup_proof'; requestId: number; nonce: string }
  /** 1.2: half the app's X25519 public key (bytes 0..15, then 16..31), as hex. */
  | { op: 'claim_begin' | 'claim_key'; requestId: number; keyPart: string }
  /** 1.2: the app's key confirmation (HMAC over "a" with the agreed key), as hex. */
  | { op: 'claim_confirm'; requestId: number; confirm: string }
  /** 1.2: open the SMP service on this connection. */
  | ({ op: 'firmware_unlock'; requestId: number } & Sealable);

export const OP_NAMES = new Map<number, OpName>(
  (Object.entries(Opcode) as [OpName, number][]).map(([name, code]) => [code, name]),
);

const LENGTHS: Record<OpName, number> = {
  identify: Length.identify,
  replay_since: Length.replaySince,
  read_config: Length.readConfig,
  write_config: Length.writeConfig,
  auth_challenge: Length.authChallenge,
  auth_prove: Length.authProve,
  claim: Length.claim,
  release: Length.release,
  telemetry_start: Length.telemetryStart,
  telemetry_stop: Length.telemetryStop,
  auth_cup_proof: Length.auth16,
  claim_begin: Length.auth16,
  claim_key: Length.auth16,
  claim_confirm: Length.auth16,
  firmware_unlock: Length.firmwareUnlock,
};

/** Whether requests of `op` are sealed on a cup with an owner (1.2). */
export const isSealable = (op: string): op is (typeof SEALED_OPS)[number] =>
  (SEALED_OPS as readonly string[]).includes(op);

/** The length of a request of `op` without its tag. */
export const controlLength = (op: OpName): number => LENGTHS[op];

export function decodeControl(input: FrameInput): DecodeResult<ControlRequest> {
  const b = bytesOf(input);
  const early = checkLength(b, Length.controlHeader, 'control');
  if (early) return early;
  const op = OP_NAMES.get(b[0]);
  if (op === undefined) return reject('unknown_opcode', `control opcode 0x${hex2(b[0])} unknown`);
  const short = checkLength(b, LENGTHS[op], `${op} request`);
  if (short) return short;
  const requestId = b[1];
  const end = LENGTHS[op];
  const tag = b.length >= end + TAG_BYTES ? toHex(b.subarray(end, end + TAG_BYTES)) : null;
  const arg16 = () => toHex(b.subarray(2, 2 + AUTH_BYTES));
  switch (op) {
    case 'identify': {
      const pattern = b[2];
      const durationMs = u16(b, 3);
      const known = IdentifyPattern.blink | IdentifyPattern.buzz;
      if ((pattern & known) === 0 || (pattern & ~known) !== 0) {
        return reject('bad_value', `identify pattern 0x${hex2(pattern)}, must be 1, 2 or 3`);
      }
      if (durationMs < IDENTIFY_MIN_MS || durationMs > IDENTIFY_MAX_MS) {
        return reject(
          'bad_value',
          `identify duration ${durationMs} ms, must be ${IDENTIFY_MIN_MS}..${IDENTIFY_MAX_MS}`,
        );
      }
      return accept({
        op,
        requestId,
        blink: (pattern & IdentifyPattern.blink) !== 0,
        buzz: (pattern & IdentifyPattern.buzz) !== 0,
        durationMs,
      });
    }
    case 'replay_since':
      return accept({ op, requestId, sinceSeq: u16(b, 2) });
    case 'read_config':
    case 'auth_challenge':
      return accept({ op, requestId });
    case 'release':
    case 'telemetry_stop':
    case 'firmware_unlock':
      return accept({ op, requestId, tag });
    case 'telemetry_start': {
      const seconds = b[2];
      if (seconds < 1 || seconds > TELEMETRY_MAX_SECONDS) {
        return reject(
          'bad_value',
          `telemetry seconds ${seconds}, must be 1..${TELEMETRY_MAX_SECONDS}`,
        );
      }
      return accept({ op, requestId, seconds, tag });
    }
    case 'write_config': {
      const config = readConfigAt(b, 2);
      return config.ok ? accept({ op, requestId, config: config.value, tag }) : config;
    }
    case 'auth_prove':
      return accept({ op, requestId, answer: arg16() });
    case 'claim':
      return accept({ op, requestId, key: arg16() });
    case 'auth_cup_proof':
      return accept({ op, requestId, nonce: arg16() });
    case 'claim_begin':
    case 'claim_key':
      return accept({ op, requestId, keyPart: arg16() });
    case 'claim_confirm':
      return accept({ op, requestId, confirm: arg16() });
  }
}

/** Encodes a Control frame; throws RangeError on out-of-range input. */
export function encodeControl(request: ControlRequest): Uint8Array {
  const w = new FrameWriter().u8(Opcode[request.op], 'opcode').u8(request.requestId, 'requestId');
  switch (request.op) {
    case 'identify': {
      const { blink, buzz, durationMs } = request;
      if (!blink && !buzz) throw new RangeError('identify needs blink, buzz or both');
      if (durationMs < IDENTIFY_MIN_MS || durationMs > IDENTIFY_MAX_MS) {
        throw new RangeError(`identify durationMs must be ${IDENTIFY_MIN_MS}..${IDENTIFY_MAX_MS}`);
      }
      const pattern = (blink ? IdentifyPattern.blink : 0) | (buzz ? IdentifyPattern.buzz : 0);
      w.u8(pattern, 'pattern').u16(durationMs, 'durationMs');
      break;
    }
    case 'replay_since':
      w.u16(request.sinceSeq, 'sinceSeq');
      break;
    case 'read_config':
    case 'auth_challenge':
    case 'release':
    case 'telemetry_stop':
    case 'firmware_unlock':
      break;
    case 'telemetry_start':
      if (request.seconds < 1 || request.seconds > TELEMETRY_MAX_SECONDS) {
        throw new RangeError(`telemetry seconds must be 1..${TELEMETRY_MAX_SECONDS}`);
      }
      w.u8(request.seconds, 'seconds');
      break;
    case 'write_config':
      writeConfig(w, request.config);
      break;
    case 'auth_prove':
      w.raw(authBytes(request.answer, 'answer'));
      break;
    case 'claim':
      w.raw(authBytes(request.key, 'key'));
      break;
    case 'auth_cup_proof':
      w.raw(authBytes(request.nonce, 'nonce'));
      break;
    case 'claim_begin':
    case 'claim_key':
      w.raw(authBytes(request.keyPart, 'keyPart'));
      break;
    case 'claim_confirm':
      w.raw(authBytes(request.confirm, 'confirm'));
      break;
  }
  if ('tag' in request && request.tag) w.raw(hexBytes(request.tag, TAG_BYTES, 'tag'));
  return w.finish('control');
}

/**
 * What the cup does with a rejected Control write: the Reply status, or null when the frame is
 * too short to carry a request id (answer the write with ATT error 0x0D, send no Reply).
 */
export function statusForRejectedControl(
  frameLength: number,
  rejection: Rejection | RejectionCode,
): ErrorStatusName | null {
  const reason = typeof rejection === 'string' ? rejection : rejection.reason;
  switch (reason) {
    case 'too_long':
      return 'bad_length';
    case 'truncated':
      return frameLength < Length.controlHeader ? null : 'bad_length';
    case 'unknown_opcode':
      return 'unknown_opcode';
    case 'bad_value':
    case 'unsupported_version':
      return 'bad_value';
  }
}

/** 16 bytes from hex; throws RangeError otherwise. */
export function authBytes(hex: string, field: string): Uint8Array {
  return hexBytes(hex, AUTH_BYTES, field);
}

/** `n` bytes from lowercase hex; throws RangeError otherwise. */
export function hexBytes(hex: string, n: number, field: string): Uint8Array {
  if (!new RegExp(`^[0-9a-f]{${n * 2}}$`).test(hex)) {
    throw new RangeError(`${field} must be ${n} bytes as lowercase hex`);
  }
  return fromHex(hex);
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}
