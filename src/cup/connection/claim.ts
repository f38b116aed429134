/**
 * Claiming a cup without an owner (PROTOCOL.md 4.4 and section 6, "Claiming"). 1.2: both sides
 * agree the owner key by X25519 (WebCrypto) without sending it, the app stores it (beside the
 * key it had, if any) before `claim_confirm`, and the cup takes it only when a person lifts its
 * lid (or shakes it) within 10 s; the cup's confirmation says it agreed the same key. 1.1: a new
 * key, stored, then sent in the clear (all a 1.1 cup can do).
 */
import {
  Capability,
  agreeOwnerKey,
  claimConfirmation,
  claimSessionKey,
  fromHex,
  importOwnerKey,
  newClaimKeys,
  newOwnerKey,
  toHex,
} from '../../../firmware-protocol/codec';
import type { ControlArgs, Session } from '../link/control-channel';
import { CupRequestError } from '../errors';
import type { OwnerKeyRecord } from './keys';
import { CupRefusedError } from './machine';
import { denied, type OwnershipContext } from './ownership';

/** How long the app waits for the Reply of `claim_confirm`: the cup's 10 s, and some. */
export const CLAIM_REPLY_MS = 15_000;

/** Claim the cup; the session of the claiming connection (1.2), or null (1.1). */
export async function claimCup(
  ctx: OwnershipContext,
  record: OwnerKeyRecord | null,
  code: string,
): Promise<Session | null> {
  return ctx.info.protocolMinor >= 2
    ? claimAgreed(ctx, record, code)
    : claimOneOne(ctx, record, code).then(() => null);
}

async function claimAgreed(
  ctx: OwnershipContext,
  record: OwnerKeyRecord | null,
  code: string,
): Promise<Session> {
  const { keys, info } = ctx;
  const request = ctx.request;
  const taken = new CupRefusedError({ kind: 'other-owner', code });
  const pair = await newClaimKeys();
  const app = pair.publicKey;
  // One request type for both halves (the codec's union of the two ops).
  const half = request as (args: ControlArgs) => Promise<{ keyPart: string }>;
  const first = await denied(
    half({ op: 'claim_begin', keyPart: toHex(app.subarray(0, 16)) }),
    taken,
  );
  const second = await denied(half({ op: 'claim_key', keyPart: toHex(app.subarray(16)) }), taken);
  const cup = Uint8Array.from([...fromHex(first.keyPart), ...fromHex(second.keyPart)]);
  const owner = await agreeOwnerKey(pair.privateKey, { app, cup });
  if (!owner) throw new CupRefusedError({ kind: 'unproven', code });
  // Kept before the confirmation goes out: a link lost before the Reply loses no key.
  await keys.put(info.deviceId, { key: record?.key ?? null, pending: owner, minor: 2 });
  const lid = (info.capabilities & Capability.lid) !== 0;
  const mine = await claimConfirmation(owner, 'app');
  ctx.claiming(lid ? 'lid' : 'shake'); // as the confirmation goes out: the cup blinks now
  let confirm: string;
  try {
    const reply = await request({ op: 'claim_confirm', confirm: mine }, CLAIM_REPLY_MS);
    confirm = reply.confirm;
  } catch (error) {
    if (error instanceof CupRequestError && error.status === 'no_gesture') {
      await restore(ctx, record); // the cup stored nothing
      throw new CupRefusedError({ kind: 'no-gesture', code });
    }
    throw error;
  } finally {
    ctx.claiming(null);
  }
  // A confirmation that is not the cup's: the pending key stays until a proof says which.
  if (confirm !== (await claimConfirmation(owner, 'cup'))) {
    throw new CupRefusedError({ kind: 'unproven', code });
  }
  await keys.put(info.deviceId, { key: owner, pending: null, minor: 2 });
  return { key: await claimSessionKey(owner), count: 0 };
}

async function claimOneOne(
  ctx: OwnershipContext,
  record: OwnerKeyRecord | null,
  code: string,
): Promise<void> {
  const hex = newOwnerKey();
  const key = await importOwnerKey(hex);
  await ctx.keys.put(ctx.info.deviceId, { key: record?.key ?? null, pending: key, minor: 1 });
  await denied(
    ctx.request({ op: 'claim', key: hex }),
    new CupRefusedError({ kind: 'other-owner', code }),
  ).catch(async (error: unknown) => {
    if (error instanceof CupRefusedError) await restore(ctx, record);
    throw error;
  });
  await ctx.keys.put(ctx.info.deviceId, { key, pending: null, minor: 1 });
}

/** What the app held before a claim the cup did not take. */
async function restore(ctx: OwnershipContext, record: OwnerKeyRecord | null): Promise<void> {
  if (record) await ctx.keys.put(ctx.info.deviceId, record);
  else await ctx.keys.remove(ctx.info.deviceId);
}
