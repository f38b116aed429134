/**
 * Proving ownership on a new link (PROTOCOL.md 1.1 section 6): a cup with an owner is answered
 * with HMAC-SHA256(owner key, challenge); a cup without one is claimed with a new key, which is
 * stored before it is sent. A 1.0 cup has no ownership: it is open to anyone in range.
 */
import {
  newOwnerKey,
  proofAnswer,
  shortCode,
  type CupState,
  type Info,
} from '../../../firmware-protocol/codec';
import type { ControlArgs, ReplyTo } from '../link/control-channel';
import { CupRequestError } from '../errors';
import type { Ownership } from '../events';
import { CupRefusedError } from './machine';
import type { CupMemory, KnownCup } from './memory';

type Request = <Op extends ControlArgs['op']>(
  args: Extract<ControlArgs, { op: Op }>,
) => Promise<ReplyTo<Op>>;

export interface Proven {
  ownership: Ownership;
  /** The cup had no owner and is now this app's. */
  claimed: boolean;
}

/**
 * Prove (or claim) the cup behind `request`. `record` is what the app will remember of it.
 * Throws `CupRefusedError` ('other-owner') when the cup belongs to another table; the app's
 * key for it, if it had one, no longer opens it and is forgotten.
 */
export async function establishOwnership(
  request: Request,
  info: Info,
  state: CupState,
  memory: CupMemory,
  record: KnownCup,
): Promise<Proven> {
  if (info.protocolMinor < 1) return { ownership: 'open', claimed: false };
  const refused = new CupRefusedError({ kind: 'other-owner', code: shortCode(info.deviceId) });
  const key = memory.get(info.deviceId)?.ownerKey ?? null;
  if (state.owned) {
    if (key === null) throw refused;
    const { challenge } = await request({ op: 'auth_challenge' });
    try {
      await request({ op: 'auth_prove', answer: await proofAnswer(key, challenge) });
    } catch (error) {
      if (!isDenied(error)) throw error;
      memory.put({ ...record, ownerKey: null });
      throw refused;
    }
    return { ownership: 'mine', claimed: false };
  }
  const ownerKey = newOwnerKey();
  memory.put({ ...record, ownerKey }); // kept before it is sent: a drop cannot lose it
  try {
    await request({ op: 'claim', key: ownerKey });
  } catch (error) {
    if (!isDenied(error)) throw error;
    memory.put({ ...record, ownerKey: null });
    throw refused;
  }
  return { ownership: 'mine', claimed: true };
}

function isDenied(error: unknown): boolean {
  return error instanceof CupRequestError && error.status === 'denied';
}
