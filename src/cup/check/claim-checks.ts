/**
 * Claiming a 1.2 cup without an owner for the run (PROTOCOL.md 4.4, section 6 "Claiming"):
 * `claim_begin` and `claim_key` agree an owner key by X25519; `claim_confirm` makes the cup
 * blink, and the person at the cup lifts its lid (or shakes it, or presses its button) within
 * 10 s; the cup's confirmation must be of the same key. The claim starts a session.
 */
import {
  agreeOwnerKey,
  claimConfirmation,
  claimSessionKey,
  fromHex,
  newClaimKeys,
} from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import { act } from './person-checks';
import { receivedOf, sentOf, type Exchange } from './wire';

/** How long the cup waits for the gesture (4.4). */
export const CLAIM_GESTURE_MS = 10_000;

/** Claim the cup for the run; sets the context's key and session when it took the claim. */
export async function claimForRun(ctx: CheckContext): Promise<void> {
  ctx.running('ownership.claim-gesture');
  const req = (bytes: ArrayLike<number>, ms?: number) => ctx.wire.request(bytes, ms);
  const pair = await newClaimKeys();
  const app = pair.publicKey;
  const begin = await req([0x0c, ctx.wire.nextId(), ...app.subarray(0, 16)]);
  const half = await req([0x0d, ctx.wire.nextId(), ...app.subarray(16)]);
  const parts = [begin, half].map((x) => keyPart(ctx, x));
  const steps: Exchange[] = [begin, half];
  const fail = (expected: string, got: string) =>
    ctx.record('ownership.claim-gesture', false, {
      sent: steps.map(sentOf),
      received: steps.flatMap(receivedOf),
      expected,
      got,
    });
  if (!parts[0] || !parts[1]) {
    fail('claim_begin ok, claim_key ok', steps.map((x) => ctx.statusOf(x)).join(', '));
    return;
  }
  const cup = Uint8Array.from([...fromHex(parts[0]), ...fromHex(parts[1])]);
  const owner = await agreeOwnerKey(pair.privateKey, { app, cup });
  if (!owner) return void fail('a public key of full order', 'an all-zero shared secret');
  const mine = await claimConfirmation(owner, 'app');
  // The Reply waits for the gesture; the person is asked as the confirmation goes out.
  let confirm: Promise<Exchange> | null = null;
  const asked = await act(
    ctx,
    'claim',
    async () => {
      confirm = req([0x0e, ctx.wire.nextId(), ...fromHex(mine)], CLAIM_GESTURE_MS + ctx.replyMs);
      return ctx.statusOf(await confirm) === 'ok';
    },
    CLAIM_GESTURE_MS,
  );
  // "Skip" does not stop the cup: its answer still says whether it took the key.
  const x = await (confirm as Promise<Exchange> | null);
  if (!x) return;
  steps.push(x);
  const reply = ctx.replyOf(x);
  const theirs = reply?.op === 'claim_confirm' && reply.status === 'ok' ? reply.confirm : null;
  if (theirs !== null && theirs === (await claimConfirmation(owner, 'cup'))) {
    ctx.key = owner;
    ctx.claimedForRun = true;
    ctx.wire.sealer.session = { key: await claimSessionKey(owner), count: 0 };
  }
  if (asked.outcome === 'declined' && !ctx.claimedForRun) {
    ctx.skip('ownership.claim-gesture', 'no-action');
    return;
  }
  ctx.record('ownership.claim-gesture', ctx.claimedForRun, {
    sent: [...steps.map(sentOf), '(claim: lift the lid, shake or press)'],
    received: steps.flatMap(receivedOf),
    expected: `claim_confirm ok with the cup's confirmation, within ${CLAIM_GESTURE_MS / 1000} s of the request`,
    got:
      theirs === null
        ? `${ctx.statusOf(x)} (nothing within the time)`
        : `a confirmation of another key: ${theirs}`,
  });
}

/** The key half a claim step's `ok` Reply carries, as hex, or null. */
function keyPart(ctx: CheckContext, x: Exchange): string | null {
  const reply = ctx.replyOf(x);
  if (!reply || reply.status !== 'ok') return null;
  return 'keyPart' in reply ? reply.keyPart : null;
}
