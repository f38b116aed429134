/** The Reply frame (PROTOCOL.md 4.5): echoed opcode and request id, a status, a result. */

import {
  AUTH_BYTES,
  Length,
  TAG_BYTES,
  Opcode,
  Status,
  TELEMETRY_MAX_RATE_HZ,
  TELEMETRY_MAX_SECONDS,
  type ErrorStatusName,
  type OpName,
} from './constants';
import { bytesOf, checkLength, FrameWriter, toHex, u16, type FrameInput } from './bytes';
import { readConfigAt, writeConfig, type Config } from './config';
import { authBytes, hexBytes, OP_NAMES } from './control';
import { accept, reject, type DecodeResult } from './result';

export type ReplyOk =
  | {
      op: 'identify' | 'auth_prove' | 'claim' | 'firmware_unlock';
      requestId: number;
      status: 'ok';
    }
  /** 1.2: after a sealed release, the cup's 8-byte tag (hex); null for none. */
  | { op: 'release'; requestId: number; status: 'ok'; tag?: string | null }
  /** 1.2: the cup's proof over the app's nonce. */
  | { op: 'auth_cup_proof'; requestId: number; status: 'ok'; proof: string }
  /** 1.2: half the cup's X25519 public key. */
  | { op: 'claim_begin' | 'claim_key'; requestId: number; status: 'ok'; keyPart: string }
  /** 1.2: the cup's key confirmation, sent once a person confirmed the claim at the cup. */
  | { op: 'claim_confirm'; requestId: number; status: 'ok'; confirm: string }
  /** 1.1: this connection's challenge, 16 bytes as hex. */
  | { op: 'auth_challenge'; requestId: number; status: 'ok'; challenge: string }
  | { op: 'replay_since'; requestId: number; status: 'ok'; firstSeq: number; count: number }
  | { op: 'read_config' | 'write_config'; requestId: number; status: 'ok'; config: Config }
  /** 1.1 addition: the rate the samples come at and the limit in effect. */
  | { op: 'telemetry_start'; requestId: number; status: 'ok'; rateHz: number; seconds: number }
  /** 1.1 addition: how many frames the stopped stream had (0 when none ran). */
  | { op: 'telemetry_stop'; requestId: number; status: 'ok'; frames: number };

export type ReplyError =
  | { op: OpName; requestId: number; status: ErrorStatusName }
  /** An error for an opcode this codec does not know (the cup echoes whatever it got). */
  | { op: 'unknown'; opcode: number; requestId: number; status: ErrorStatusName };

export type Reply = ReplyOk | ReplyError;

const STATUS_NAMES = new Map<number, keyof typeof Status>(
  (Object.entries(Status) as [keyof typeof Status, number][]).map(([name, code]) => [code, name]),
);

export function decodeReply(input: FrameInput): DecodeResult<Reply> {
  const b = bytesOf(input);
  const early = checkLength(b, Length.replyHeader, 'reply');
  if (early) return early;
  const requestId = b[1];
  const status = STATUS_NAMES.get(b[2]);
  if (status === undefined) {
    return reject('bad_value', `reply status 0x${b[2].toString(16).padStart(2, '0')} reserved`);
  }
  const op = OP_NAMES.get(b[0]);
  if (status !== 'ok') {
    return accept(
      op === undefined
        ? { op: 'unknown', opcode: b[0], requestId, status }
        : { op, requestId, status },
    );
  }
  switch (op) {
    case undefined:
      return reject('unknown_opcode', `ok reply for unknown opcode 0x${b[0].toString(16)}`);
    case 'identify':
    case 'auth_prove':
    case 'claim':
    case 'firmware_unlock':
      return accept({ op, requestId, status });
    case 'release': {
      const tag = b.length >= Length.releaseSealed ? toHex(b.subarray(3, 3 + TAG_BYTES)) : null;
      return accept({ op, requestId, status, tag });
    }
    case 'auth_cup_proof':
    case 'claim_begin':
    case 'claim_key':
    case 'claim_confirm': {
      const short = checkLength(b, Length.challengeResult, `${op} reply`);
      if (short) return short;
      const value = toHex(b.subarray(3, 3 + AUTH_BYTES));
      if (op === 'auth_cup_proof') return accept({ op, requestId, status, proof: value });
      if (op === 'claim_confirm') return accept({ op, requestId, status, confirm: value });
      return accept({ op, requestId, status, keyPart: value });
    }
    case 'auth_challenge':
      return (
        checkLength(b, Length.challengeResult, 'auth_challenge reply') ??
        accept({ op, requestId, status, challenge: toHex(b.subarray(3, 3 + AUTH_BYTES)) })
      );
    case 'replay_since':
      return (
        checkLength(b, Length.replayResult, 'replay_since reply') ??
        accept({ op, requestId, status, firstSeq: u16(b, 3), count: u16(b, 5) })
      );
    case 'telemetry_start': {
      const short = checkLength(b, Length.telemetryStartResult, 'telemetry_start reply');
      if (short) return short;
      const problem = telemetryStartProblem(u16(b, 3), b[5]);
      if (problem) return reject('bad_value', problem);
      return accept({ op, requestId, status, rateHz: u16(b, 3), seconds: b[5] });
    }
    case 'telemetry_stop':
      return (
        checkLength(b, Length.telemetryStopResult, 'telemetry_stop reply') ??
        accept({ op, requestId, status, frames: u16(b, 3) })
      );
    case 'read_config':
    case 'write_config': {
      const short = checkLength(b, Length.configResult, `${op} reply`);
      if (short) return short;
      const config = readConfigAt(b, 3);
      return config.ok ? accept({ op, requestId, status, config: config.value }) : config;
    }
  }
}

/** Encodes a Reply frame; throws RangeError on out-of-range input. */
export function encodeReply(reply: Reply): Uint8Array {
  const opcode = reply.op === 'unknown' ? reply.opcode : Opcode[reply.op];
  if (reply.op === 'unknown' && OP_NAMES.has(opcode)) {
    throw new RangeError(`opcode ${opcode} is known; use its name`);
  }
  const w = new FrameWriter()
    .u8(opcode, 'opcode')
    .u8(reply.requestId, 'requestId')
    .u8(Status[reply.status], 'status');
  if (reply.status === 'ok') {
    switch (reply.op) {
      case 'replay_since':
        w.u16(reply.firstSeq, 'firstSeq').u16(reply.count, 'count');
        break;
      case 'read_config':
      case 'write_config':
        writeConfig(w, reply.config);
        break;
      case 'auth_challenge':
        w.raw(authBytes(reply.challenge, 'challenge'));
        break;
      case 'auth_cup_proof':
        w.raw(authBytes(reply.proof, 'proof'));
        break;
      case 'claim_begin':
      case 'claim_key':
        w.raw(authBytes(reply.keyPart, 'keyPart'));
        break;
      case 'claim_confirm':
        w.raw(authBytes(reply.confirm, 'confirm'));
        break;
      case 'release':
        if (reply.tag) w.raw(hexBytes(reply.tag, TAG_BYTES, 'tag'));
        break;
      case 'telemetry_start': {
        const problem = telemetryStartProblem(reply.rateHz, reply.seconds);
        if (problem) throw new RangeError(problem);
        w.u16(reply.rateHz, 'rateHz').u8(reply.seconds, 'seconds');
        break;
      }
      case 'telemetry_stop':
        w.u16(reply.frames, 'frames');
        break;
    }
  }
  return w.finish('reply');
}

function telemetryStartProblem(rateHz: number, seconds: number): string | undefined {
  if (rateHz < 1 || rateHz > TELEMETRY_MAX_RATE_HZ) {
    return `telemetry rate ${rateHz} Hz, must be 1..${TELEMETRY_MAX_RATE_HZ}`;
  }
  if (seconds < 1 || seconds > TELEMETRY_MAX_SECONDS) {
    return `telemetry limit ${seconds} s, must be 1..${TELEMETRY_MAX_SECONDS}`;
  }
  return undefined;
}
