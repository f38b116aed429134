/**
 * Proving ownership on a new link (PROTOCOL.md section 6, "Ownership" and "The app and the keys
 * it holds"). A 1.2 cup with an owner proves itself first (its proof over the app's nonce) and
 * only then gets the app's answer; both sides then hold a session key that seals what changes
 * the cup. A 1.2 cup without an owner is claimed by X25519 and a person at the cup
 * (`claim.ts`). A 1.1 cup is proven and claimed as 1.1 allows; a 1.0 cup is open to anyone.
 *
 * A device may say anything, so no single answer deletes or replaces a key: a device that does
 * not prove the key is refused and the key kept; a device whose id has a key here and says "no
 * owner", or an older protocol than the key was proven with, is refused until the player says
 * otherwise (`allow`).
 */
import {
  appProof,
  cupProof,
  newNonce,
  proofAnswer,
  sessionKey,
  shortCode,
  type CupState,
  type Info,
} from '../../../firmware-protocol/codec';
import type { ControlArgs, ReplyTo, Session } from '../link/control-channel';
import { CupRequestError } from '../errors';
import type { ClaimGesture, Ownership } from '../events';
import { claimCup } from './claim';
import { candidates, type OwnerKeyRecord, type OwnerKeyStore } from './keys';
import { CupRefusedError } from './machine';

export type Request = <Op extends ControlArgs['op']>(
  args: Extract<ControlArgs, { op: Op }>,
  replyMs?: number,
) => Promise<ReplyTo<Op>>;

/** What a refusal the player may overrule lets through once (`CupConnection.allow`). */
export type Overrule = 'unowned' | 'downgrade';

export interface OwnershipContext {
  request: Request;
  info: Info;
  state: CupState;
  keys: OwnerKeyStore;
  /** The player said to go ahead despite this (for this device, this once). */
  allow: Overrule | null;
  /** A claim waits for a person at the cup: ask them (null: no longer). */
  claiming: (gesture: ClaimGesture | null) => void;
}

export interface Proven {
  ownership: Ownership;
  /** The cup had no owner and is now this app's. */
  claimed: boolean;
  /** The session sealed requests use (1.2); null with a 1.1 or 1.0 cup. */
  session: Session | null;
  /** This app now holds a key for the cup. */
  keyHeld: boolean;
}

export async function establishOwnership(ctx: OwnershipContext): Promise<Proven> {
  const { info, state, keys } = ctx;
  const code = shortCode(info.deviceId);
  const record = await keys.get(info.deviceId);
  const held = candidates(record);
  const minor = info.protocolMinor;
  if (held.length && record && minor < record.minor && ctx.allow !== 'downgrade') {
    throw new CupRefusedError({ kind: 'downgrade', code, found: minor, proven: record.minor });
  }
  if (minor < 1)
    return { ownership: 'open', claimed: false, session: null, keyHeld: !!held.length };
  if (state.owned) {
    if (!held.length) throw new CupRefusedError({ kind: 'other-owner', code });
    const session =
      minor >= 2
        ? await proveBothWays(ctx, record!, held, code)
        : await proveOneOne(ctx, held, code);
    return { ownership: 'mine', claimed: false, session, keyHeld: true };
  }
  if (held.length && ctx.allow !== 'unowned') throw new CupRefusedError({ kind: 'unowned', code });
  const session = await claimCup(ctx, record, code);
  return { ownership: 'mine', claimed: true, session, keyHeld: true };
}

/**
 * 1.2: the cup's proof over a fresh nonce, checked against the key held and a claim's pending
 * key (the proof says which the cup took), then the app's answer and the session.
 */
async function proveBothWays(
  ctx: OwnershipContext,
  record: OwnerKeyRecord,
  held: CryptoKey[],
  code: string,
): Promise<Session> {
  const unproven = new CupRefusedError({ kind: 'unproven', code });
  const { challenge } = await denied(ctx.request({ op: 'auth_challenge' }), unproven);
  const nonce = newNonce();
  const { proof } = await denied(ctx.request({ op: 'auth_cup_proof', nonce }), unproven);
  let key: CryptoKey | null = null;
  for (const k of held) if ((await cupProof(k, challenge, nonce)) === proof) key ??= k;
  if (!key) throw unproven; // the app answers nothing to a device that did not prove the key
  await denied(
    ctx.request({ op: 'auth_prove', answer: await appProof(key, challenge, nonce) }),
    unproven,
  );
  if (record.key !== key || record.pending || record.minor < 2) {
    await ctx.keys.put(ctx.info.deviceId, { key, pending: null, minor: 2 });
  }
  return { key: await sessionKey(key, challenge, nonce), count: 0 };
}

/** 1.1: the cup does not prove itself; the app answers its challenge (and says what it lacks). */
async function proveOneOne(ctx: OwnershipContext, held: CryptoKey[], code: string): Promise<null> {
  const unproven = new CupRefusedError({ kind: 'unproven', code });
  const { challenge } = await denied(ctx.request({ op: 'auth_challenge' }), unproven);
  await denied(
    ctx.request({ op: 'auth_prove', answer: await proofAnswer(held[0], challenge) }),
    unproven,
  );
  return null;
}

/** The request's reply; a `denied` becomes `refusal` (nothing is forgotten for it). */
export async function denied<T>(reply: Promise<T>, refusal: CupRefusedError): Promise<T> {
  try {
    return await reply;
  } catch (error) {
    if (error instanceof CupRequestError && error.status === 'denied') throw refusal;
    throw error;
  }
}
