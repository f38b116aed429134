/**
 * What the firmware model does with a Control write (PROTOCOL.md 4.4): rejected frames get their
 * status (or the ATT error), 1.1 opcodes are unknown to a 1.0 cup, requests that need the
 * owner's proof get `needs_proof`, the rest is carried out and answered on Reply.
 */
import {
  Capability,
  OP_NAMES,
  decodeControl,
  statusForRejectedControl,
  type Config,
  type ControlRequest,
  type Reply,
} from '../../../firmware-protocol/codec';
import type { CupFaults } from './faults';
import type { SimLog } from './log';
import type { SimOwner } from './owner';
import { SimTelemetry } from './telemetry';

/** The parts of the firmware model a Control request reaches. */
export interface ControlTarget {
  readonly oneOne: boolean;
  readonly owner: SimOwner;
  readonly log: SimLog;
  readonly identified: { blink: boolean; buzz: boolean; durationMs: number }[];
  readonly faults: CupFaults;
  readonly replaying: boolean;
  lastRequestId: number | null;
  readonly info: { capabilities: number };
  readonly telemetry: SimTelemetry;
  readonly accelRateHz: number;
  /** ms since boot. */
  readonly clock: number;
  config: Config;
  reply(reply: Reply, padTo?: number): void;
  resend(frames: readonly Uint8Array[]): void;
  stateChanged(): void;
  endLink(): void;
}

const OWNERSHIP_OPS = new Set(['auth_challenge', 'auth_prove', 'claim', 'release']);
const TELEMETRY_OPS = new Set(['telemetry_start', 'telemetry_stop']);
const NEEDS_PROOF = new Set([
  'replay_since',
  'read_config',
  'write_config',
  'release',
  ...TELEMETRY_OPS,
]);
const ATT_INVALID_LENGTH = 0x0d;

/** Returns the ATT result of the write (0 = success; the Reply follows on `reply`). */
export function controlWrite(cup: ControlTarget, frame: Uint8Array): number {
  const previousId = cup.lastRequestId;
  if (frame.length >= 2) cup.lastRequestId = frame[1];
  const decoded = decodeControl(frame);
  if (!decoded.ok) {
    let status = statusForRejectedControl(frame.length, decoded);
    if (status === null) return ATT_INVALID_LENGTH;
    if (status === 'unknown_opcode' && cup.faults.wrongUnknownStatus) status = 'bad_value';
    const [opcode, requestId] = frame;
    const op = OP_NAMES.get(opcode);
    cup.reply(op ? { op, requestId, status } : { op: 'unknown', opcode, requestId, status });
    return 0;
  }
  const request = decoded.value;
  const { op } = request;
  if (op === 'identify' && cup.faults.reusedRequestId && previousId !== null) {
    request.requestId = previousId;
  }
  const { requestId } = request;
  const needsProof =
    NEEDS_PROOF.has(op) &&
    !(op === 'write_config' && cup.faults.configWithoutProof) &&
    !(TELEMETRY_OPS.has(op) && cup.faults.telemetryWithoutProof);
  const noTelemetry = (cup.info.capabilities & Capability.telemetry) === 0;
  if ((!cup.oneOne && OWNERSHIP_OPS.has(op)) || (noTelemetry && TELEMETRY_OPS.has(op))) {
    cup.reply({ op, requestId, status: 'unknown_opcode' }); // a 1.0 cup does not know them
  } else if (cup.oneOne && cup.owner.locked && needsProof) {
    cup.reply({ op, requestId, status: 'needs_proof' });
  } else if (op === 'replay_since' && cup.replaying && !cup.faults.noBusy) {
    cup.reply({ op, requestId, status: 'busy' });
  } else {
    carryOut(cup, request);
  }
  return 0;
}

function carryOut(cup: ControlTarget, request: ControlRequest): void {
  const { requestId } = request;
  switch (request.op) {
    case 'identify': {
      const { blink, buzz, durationMs } = request;
      cup.identified.push({ blink, buzz, durationMs });
      cup.reply({ op: 'identify', requestId, status: 'ok' });
      break;
    }
    case 'read_config':
      cup.reply(
        { op: 'read_config', requestId, status: 'ok', config: cup.config },
        cup.faults.longFrame ? 21 : 0,
      );
      break;
    case 'write_config':
      cup.config = { ...request.config };
      cup.reply({ op: 'write_config', requestId, status: 'ok', config: cup.config });
      break;
    case 'replay_since': {
      const { firstSeq, frames } = cup.log.since(request.sinceSeq, cup.faults.replayIgnoresWrap);
      cup.reply({ op: 'replay_since', requestId, status: 'ok', firstSeq, count: frames.length });
      cup.resend(cup.faults.replaySkipsOne ? frames.slice(0, -1) : frames);
      break;
    }
    case 'auth_challenge':
      cup.reply({
        op: 'auth_challenge',
        requestId,
        status: 'ok',
        challenge: cup.owner.challengeFor(),
      });
      break;
    case 'auth_prove':
      void cup.owner.prove(request.answer).then(({ status, drop }) => {
        cup.reply({ op: 'auth_prove', requestId, status });
        if (status === 'ok') cup.stateChanged();
        if (drop) cup.endLink();
      });
      break;
    case 'claim':
      cup.reply({ op: 'claim', requestId, status: cup.owner.claim(request.key) });
      cup.stateChanged();
      break;
    case 'release':
      cup.owner.release();
      cup.reply({ op: 'release', requestId, status: 'ok' });
      cup.stateChanged();
      break;
    case 'telemetry_start': {
      // The Reply goes before the stream's first frame.
      const { seconds } = request;
      if (cup.telemetry.running) {
        cup.reply({ op: 'telemetry_start', requestId, status: 'busy' });
        break;
      }
      const rateHz = SimTelemetry.rate(cup.accelRateHz);
      cup.reply({ op: 'telemetry_start', requestId, status: 'ok', rateHz, seconds });
      cup.telemetry.start(cup.clock, seconds, cup.accelRateHz);
      break;
    }
    case 'telemetry_stop': {
      // The Reply counts the frames; the waiting sample and the `end` frame follow it.
      const running = cup.telemetry.running;
      const frames = running ? cup.telemetry.framesAfterStop() : 0;
      cup.reply({ op: 'telemetry_stop', requestId, status: 'ok', frames });
      if (running) cup.telemetry.stop(cup.clock);
      break;
    }
  }
}
