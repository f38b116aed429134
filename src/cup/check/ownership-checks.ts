/**
 * Section 6 "Ownership" and 4.4 "What needs proof": a wrong answer is refused and spends the
 * challenge, the third one drops the link, an unproven connection is refused what needs proof
 * (and nothing else, 1.2: identify too) and is dropped within 5 s (1.1: 10 s), the right
 * answer proves it and State says so;
 * then what a right and a denied answer do to a proven link (`proof-checks.ts`). 1.2: the cup
 * proves itself first, the claim in the clear is `not_supported`, and sealed requests
 * (`seal-checks.ts`).
 */
import { encodeConfig, fromHex, proofAnswer, seqAdd } from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import { readState } from './gatt-checks';
import { challengeOf, provenProofChecks } from './proof-checks';
import { sealChecks } from './seal-checks';
import type { CheckId } from './report';
import { telemetryUnprovenChecks } from './telemetry-checks';
import { receivedOf, sentOf, shown, type Exchange } from './wire';

/** PROTOCOL.md 6: an unproven connection is dropped 5 s after it was made (1.1: 10 s). */
export const unprovenLimitMs = (ctx: CheckContext) => (ctx.twoOne ? 5_000 : 10_000);
const WRONG = new Uint8Array(16).fill(0xa5);

const OWNERSHIP: CheckId[] = [
  'ownership.wrong-answer',
  'ownership.fresh-challenge',
  'ownership.third-denied-drops',
  'ownership.unproven-flags',
  'ownership.needs-proof',
  'ownership.always-allowed',
  'ownership.claim-denied',
  'ownership.claim-not-supported',
  'ownership.checks-first',
  'ownership.unproven-dropped',
  'ownership.prove',
  'ownership.cup-proof',
  'ownership.state-notified',
  'ownership.challenge-spent',
  'ownership.denied-unproves',
  'ownership.sealed',
  'ownership.unsealed-denied',
  'ownership.wrong-tag-denied',
  'ownership.release-unowned',
  'ownership.unowned-identify',
  'ownership.unowned-denied',
];

/** Judge a list of exchanges against the status each must get. */
function statuses(ctx: CheckContext, id: CheckId, pairs: [Exchange, string][]): boolean {
  const wrong = pairs.filter(([x, want]) => ctx.statusOf(x) !== want);
  return ctx.record(id, wrong.length === 0, {
    sent: pairs.map(([x]) => sentOf(x)),
    received: pairs.flatMap(([x]) => receivedOf(x)),
    expected: pairs
      .map(([x, want]) => `${shown('', x.sent.subarray(0, 2)).trim()}: ${want}`)
      .join(', '),
    got: wrong
      .map(([x]) => `${shown('', x.sent.subarray(0, 2)).trim()}: ${ctx.statusOf(x)}`)
      .join(', '),
  });
}

/** Returns whether the run holds a proven link afterwards. */
export async function ownershipChecks(ctx: CheckContext): Promise<boolean> {
  if (!ctx.oneOne) {
    ctx.skipRest(OWNERSHIP, 'one-zero');
    return true;
  }
  if (!ctx.ownedAtStart && !ctx.claimedForRun) {
    // A cup without an owner that the run could not claim (the claim was skipped or failed).
    const skipped = ctx.results.get('ownership.claim-gesture')?.verdict === 'skip';
    ctx.skipRest(OWNERSHIP, skipped ? 'no-action' : 'blocked');
    return false;
  }
  const id = () => ctx.wire.nextId();
  const req = (bytes: number[]) => ctx.wire.request(bytes);

  // On a new connection (the run's first one may be older than 5 s, and a denied answer on
  // it would end it at once): a wrong answer, three times: refused each time, and the third
  // drops the link at once.
  ctx.port.close();
  if (!(await ctx.reconnect())) {
    ctx.skipRest(OWNERSHIP, 'blocked');
    return false;
  }
  ctx.running('ownership.wrong-answer');
  const challenge = await req([0x05, id()]);
  const wrong1 = await req([0x06, id(), ...WRONG]);
  statuses(ctx, 'ownership.wrong-answer', [
    [challenge, 'ok'],
    [wrong1, 'denied'],
  ]);
  // The answer spent the challenge: the next one is new, and (with the key) the right answer
  // to the spent one is denied.
  ctx.running('ownership.fresh-challenge');
  const fresh = await req([0x05, id()]);
  const spent = challengeOf(ctx, challenge);
  const late = ctx.key && spent ? fromHex(await proofAnswer(ctx.key, spent)) : WRONG;
  const wrong2 = await req([0x06, id(), ...late]);
  const renewed = spent !== null && challengeOf(ctx, fresh) !== null;
  ctx.record(
    'ownership.fresh-challenge',
    renewed && challengeOf(ctx, fresh) !== spent && ctx.statusOf(wrong2) === 'denied',
    {
      sent: [sentOf(challenge), sentOf(wrong1), sentOf(fresh), sentOf(wrong2)],
      received: [...receivedOf(challenge), ...receivedOf(fresh), ...receivedOf(wrong2)],
      expected: 'a new challenge after the wrong answer; the answer to the spent one: denied',
      got: `${challengeOf(ctx, fresh) === spent ? 'the same challenge' : 'a new challenge'}, ${ctx.statusOf(wrong2)}`,
    },
  );
  ctx.running('ownership.third-denied-drops');
  const wrong3 = await ctx.wire.request([0x06, id(), ...WRONG]);
  const dropped = await ctx.dropped(1_000 + ctx.replyMs);
  ctx.record(
    'ownership.third-denied-drops',
    // The cup sends the third `denied` before it ends the link (section 6).
    dropped && ctx.statusOf(wrong2) === 'denied' && ctx.statusOf(wrong3) === 'denied',
    {
      sent: [sentOf(wrong2), sentOf(wrong3)],
      received: [
        ...receivedOf(wrong2),
        ...receivedOf(wrong3),
        dropped ? 'disconnected' : 'connected',
      ],
      expected: 'denied, denied, disconnect',
      got: `${ctx.statusOf(wrong2)}, ${ctx.statusOf(wrong3)}, ${dropped ? 'disconnect' : 'still connected'}`,
    },
  );
  if (!dropped) ctx.port.close();
  if (!(await ctx.reconnect())) {
    ctx.skipRest(OWNERSHIP, 'blocked');
    return false;
  }

  // A new, unproven connection.
  ctx.running('ownership.unproven-flags');
  const unproven = await readState(ctx);
  ctx.record('ownership.unproven-flags', !!unproven.state?.owned && !unproven.state.proven, {
    sent: ['read state'],
    received: [shown('state', unproven.bytes)],
    expected: 'owned=1 proven=0',
    got: unproven.state
      ? `owned=${+unproven.state.owned} proven=${+unproven.state.proven}`
      : 'unreadable',
  });

  ctx.running('ownership.needs-proof');
  const last = unproven.state?.lastSeq ?? 0;
  const config = ctx.config
    ? [...encodeConfig(ctx.config)]
    : [0xb0, 4, 0xfa, 0, 0xc8, 0, 0x32, 0, 0x58, 2];
  const needs = [
    await req([0x02, id(), last & 0xff, last >> 8]),
    await req([0x03, id()]),
    await req([0x04, id(), ...config]),
    await req([0x08, id()]),
  ];
  statuses(
    ctx,
    'ownership.needs-proof',
    needs.map((x) => [x, 'needs_proof']),
  );
  await restoreOwner(ctx);
  await telemetryUnprovenChecks(ctx);

  ctx.running('ownership.always-allowed');
  const identify = await req([0x01, id(), 0x01, 0x64, 0x00]);
  const c1 = await req([0x05, id()]);
  const c2 = await req([0x05, id()]);
  const same =
    !!c1.reply && !!c2.reply && shown('', c1.reply.subarray(3)) === shown('', c2.reply.subarray(3));
  const allowed = statuses(ctx, 'ownership.always-allowed', [
    [identify, ctx.twoOne ? 'needs_proof' : 'ok'], // 1.2: a stranger does not make it blink
    [c1, 'ok'],
    [c2, 'ok'],
  ]);
  if (allowed && !same) {
    ctx.results.delete('ownership.always-allowed');
    ctx.record('ownership.always-allowed', false, {
      sent: [sentOf(c1), sentOf(c2)],
      received: [...receivedOf(c1), ...receivedOf(c2)],
      expected: 'the same challenge until answered',
      got: 'two challenges',
    });
  }

  // The key in the clear: a 1.1 cup denies it (it has an owner), a 1.2 cup takes no such claim.
  const [clear, other] = ctx.twoOne
    ? (['ownership.claim-not-supported', 'ownership.claim-denied'] as const)
    : (['ownership.claim-denied', 'ownership.claim-not-supported'] as const);
  ctx.skip(other, 'other-version');
  ctx.running(clear);
  const claim = await req([0x07, id(), ...fromHex(ctx.options.newKey())]);
  statuses(ctx, clear, [[claim, ctx.twoOne ? 'not_supported' : 'denied']]);
  if (ctx.statusOf(claim) === 'ok' && typeof ctx.key === 'string') {
    await req([0x07, id(), ...fromHex(ctx.key)]); // the cup took a stranger's key: put ours back
  }

  ctx.running('ownership.checks-first');
  statuses(ctx, 'ownership.checks-first', [
    [await req([0x04, id(), 0xb0, 0x04, 0xfa, 0x00, 0xc8]), 'bad_length'],
    [await req([0x02, id(), 0x00]), 'bad_length'],
  ]);

  // On a connection of its own, timed from when it was made (whatever the checks above took).
  ctx.running('ownership.unproven-dropped');
  ctx.port.close();
  if (!(await ctx.reconnect())) {
    ctx.skipRest(OWNERSHIP, 'blocked');
    return false;
  }
  const openedAt = ctx.now();
  const limit = unprovenLimitMs(ctx);
  const droppedInTime = await ctx.dropped(limit + ctx.slackMs * 25);
  ctx.record('ownership.unproven-dropped', droppedInTime, {
    sent: ['(wait)'],
    received: [
      droppedInTime ? `disconnected after ${Math.round(ctx.now() - openedAt)} ms` : 'connected',
    ],
    expected: `disconnect ≤ ${limit} ms`,
    got: 'still connected',
  });
  if (!droppedInTime) ctx.port.close();

  if (!ctx.key) {
    ctx.skipRest(OWNERSHIP, 'not-owner');
    return false;
  }
  if (!(await ctx.reconnect())) {
    ctx.skipRest(OWNERSHIP, 'blocked');
    return false;
  }
  ctx.running('ownership.prove');
  const from = ctx.wire.frames.length;
  const proof = await ctx.prove();
  ctx.record('ownership.prove', proof.ok, {
    sent: proof.exchanges.map(sentOf),
    received: proof.exchanges.flatMap(receivedOf),
    expected: 'auth_challenge ok, auth_prove ok',
    got: proof.exchanges.map((x) => ctx.statusOf(x)).join(', '),
  });
  cupProofCheck(ctx, proof);
  if (!proof.ok) return false;

  ctx.running('ownership.state-notified');
  const notified = await ctx.wire.waitFor(
    (f) => f.source === 'state' && !f.read && f.bytes.length > 0 && (f.bytes[0] & 0x10) !== 0,
    from,
    ctx.replyMs, // as long as a Reply may take: a busy radio delays both alike
  );
  ctx.record('ownership.state-notified', notified !== null, {
    sent: proof.exchanges.map(sentOf).slice(-1),
    received: notified ? [shown('state', notified.bytes)] : ['no state notification'],
    expected: 'state notified, proven=1',
    got: `none within ${ctx.replyMs} ms`,
  });
  return (await provenProofChecks(ctx, proof.exchanges)) && sealChecks(ctx);
}

/** 1.2: the cup's proof over the app's nonce (from `ctx.prove`) was right. */
export function cupProofCheck(
  ctx: CheckContext,
  proof: Awaited<ReturnType<CheckContext['prove']>>,
): void {
  if (!ctx.twoOne) return ctx.skip('ownership.cup-proof', 'other-version');
  ctx.running('ownership.cup-proof');
  ctx.record('ownership.cup-proof', proof.cupProven === true, {
    sent: proof.exchanges.slice(0, 2).map(sentOf),
    received: proof.exchanges.slice(0, 2).flatMap(receivedOf),
    expected: 'auth_cup_proof ok, the proof HMAC(key, "C" ‖ challenge ‖ nonce)',
    got: proof.cupProven === false ? 'a wrong proof' : 'no proof',
  });
}

/** A cup that was talked out of its owner (a fault) gets it back. */
export async function restoreOwner(ctx: CheckContext): Promise<void> {
  // A key this app holds cannot be sent again; a 1.2 cup takes no key in the clear.
  if (typeof ctx.key !== 'string' || ctx.twoOne) return;
  const now = await readState(ctx);
  if (now.state && !now.state.owned) {
    await ctx.wire.request([0x07, ctx.wire.nextId(), ...fromHex(ctx.key)]);
  }
}

/** Numbers for a replay request. */
export const seqBytes = (seq: number) => [seq & 0xff, (seq >> 8) & 0xff];
export const before = (seq: number) => seqAdd(seq, -1);
