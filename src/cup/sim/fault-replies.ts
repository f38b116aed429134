/**
 * The faults that show in a Reply (`CupFaults`): the frame a deliberately broken cup sends in
 * place of the core's. TEST ONLY, like the faults themselves.
 */
import { Status, type Reply } from '../../../firmware-protocol/codec';
import type { CupFaults } from './faults';

export interface ReplyContext {
  /** The request id of the request before this one, if any. */
  previousRequestId: number | null;
  /** The cup has an owner now. */
  owned: boolean;
}

/** The Reply `frame` (decoded: `reply`) as a cup with these faults sends it. */
export function breakReply(
  faults: CupFaults,
  reply: Reply,
  frame: Uint8Array,
  { previousRequestId, owned }: ReplyContext,
): Uint8Array {
  const out = frame.slice();
  if (faults.longFrame && reply.op === 'read_config' && reply.status === 'ok') {
    const padded = new Uint8Array(21);
    padded.set(out);
    return padded;
  }
  if (faults.reusedRequestId && reply.op === 'identify' && previousRequestId !== null) {
    out[1] = previousRequestId;
  }
  if (faults.identifyForAnyone && reply.op === 'identify' && !owned) out[2] = Status.ok;
  if (faults.wrongUnknownStatus && out[2] === Status.unknown_opcode) out[2] = Status.bad_value;
  if (faults.wrongCupProof && reply.op === 'auth_cup_proof' && reply.status === 'ok') out[3] ^= 1;
  if (faults.releaseUntagged && reply.op === 'release') return out.slice(0, 3);
  if (faults.clearClaimDenied && reply.op === 'claim') out[2] = Status.denied;
  return out;
}
