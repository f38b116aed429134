/**
 * What every `auth_prove` does (PROTOCOL.md 4.4, section 6): a right answer spends the
 * challenge too; a denied one withdraws the connection's proof; on a cup without an owner every
 * proof is denied, none drops the link, and `release` is `ok` (again and again).
 */
import { fromHex } from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import { readState } from './gatt-checks';
import { receivedOf, sentOf, shown, type Exchange } from './wire';

const WRONG = new Uint8Array(16).fill(0xa5);

/** The challenge an `auth_challenge` exchange got, as hex, or null. */
export function challengeOf(ctx: CheckContext, x: Exchange): string | null {
  const reply = ctx.replyOf(x);
  return reply?.op === 'auth_challenge' && reply.status === 'ok' ? reply.challenge : null;
}

/**
 * On a connection just proven by `proof` (its auth_challenge and auth_prove): the next challenge
 * is new and the right answer, sent again, is denied (4.4); that denial withdraws the proof:
 * State says not proven and read_config needs proof (6). Then it proves again. Returns whether
 * the link is proven afterwards.
 */
export async function provenProofChecks(ctx: CheckContext, proof: Exchange[]): Promise<boolean> {
  const req = (bytes: number[]) => ctx.wire.request(bytes);
  const [asked, proved] = [proof[0], proof[proof.length - 1]]; // 1.2: auth_cup_proof between
  ctx.running('ownership.challenge-spent');
  const next = await req([0x05, ctx.wire.nextId()]);
  const again = await req([0x06, ctx.wire.nextId(), ...proved.sent.subarray(2, 18)]);
  const first = challengeOf(ctx, asked);
  const second = challengeOf(ctx, next);
  ctx.record(
    'ownership.challenge-spent',
    first !== null && second !== null && first !== second && ctx.statusOf(again) === 'denied',
    {
      sent: [sentOf(asked), sentOf(proved), sentOf(next), sentOf(again)],
      received: [...receivedOf(asked), ...receivedOf(next), ...receivedOf(again)],
      expected: 'a new challenge after the right answer; that answer again: denied',
      got: `${first === second ? 'the same challenge' : 'a new challenge'}, ${ctx.statusOf(again)}`,
    },
  );

  ctx.running('ownership.denied-unproves');
  const state = await readState(ctx).catch(() => null);
  const config = await req([0x03, ctx.wire.nextId()]);
  const flags = state?.state ? `owned=${+state.state.owned} proven=${+state.state.proven}` : '?';
  const unproven = !!state?.state?.owned && !state.state.proven;
  const ended = await endedAfterDenial(ctx, config);
  ctx.record(
    'ownership.denied-unproves',
    ended ? state === null || unproven : unproven && ctx.statusOf(config) === 'needs_proof',
    {
      sent: [sentOf(again), 'read state', sentOf(config)],
      received: [
        state ? shown('state', state.bytes) : 'disconnected',
        ...receivedOf(config),
        ...(ended ? ['disconnected'] : []),
      ],
      expected: 'after the denied answer: proven=0, read_config needs_proof (or the link ended)',
      got: `${flags}, read_config ${ctx.statusOf(config)}`,
    },
  );
  return proveAgain(ctx);
}

/**
 * Whether the cup ended the link after a denial: a connection older than the limit (5 s) is
 * dropped right after the `denied` Reply (section 6), and then nothing answers `after`.
 */
export async function endedAfterDenial(ctx: CheckContext, after: Exchange): Promise<boolean> {
  if (!ctx.port.connected) return true;
  return ['no-reply', 'att-error'].includes(ctx.statusOf(after)) && ctx.dropped(ctx.replyMs);
}

/**
 * Prove again after a denial: on this link, or on a new one when the cup ended it (or kept a
 * link on which the proof failed: the denial's verdict is recorded, the run goes on afresh).
 */
export async function proveAgain(ctx: CheckContext): Promise<boolean> {
  if (ctx.port.connected && (await ctx.prove()).ok) return true;
  if (!(await ctx.dropped(ctx.replyMs))) ctx.port.close();
  return (await ctx.reconnect()) && ctx.reprove();
}

/**
 * On a cup without an owner (4.4, 6): `release` is `ok`, twice; 1.2: `identify` needs proof
 * (it blinks only for a claim waiting for its gesture; 1.1: for anyone); every `auth_prove` is
 * denied and the third drops the link (1.1: it does not, and read_config needs no proof), on a
 * connection of its own. A 1.1 cup that had this app's key at the start is released for these
 * checks and claimed back with the same key.
 */
export async function unownedChecks(ctx: CheckContext): Promise<string[]> {
  const req = (bytes: number[]) => ctx.wire.request(bytes);
  const sent: string[] = [];
  if (!ctx.oneOne || !ctx.key) return sent;
  if ((typeof ctx.key !== 'string' || ctx.twoOne) && !ctx.claimedForRun) {
    // The app's own cup: its key cannot be sent again to claim it back after a release (1.2:
    // claiming needs a person at the cup and agrees a new key).
    ctx.skip('ownership.release-unowned', 'key-kept');
    ctx.skip('ownership.unowned-identify', 'key-kept');
    ctx.skip('ownership.unowned-denied', 'key-kept');
    return sent;
  }
  ctx.running('ownership.release-unowned');
  const releases = [await req([0x08, ctx.wire.nextId()])];
  releases.push(await req([0x08, ctx.wire.nextId()]));
  const after = await readState(ctx);
  const statuses = releases.map((x) => ctx.statusOf(x));
  sent.push(...releases.map(sentOf));
  ctx.record(
    'ownership.release-unowned',
    statuses.every((s) => s === 'ok') && after.state?.owned === false,
    {
      sent: [...releases.map(sentOf), 'read state'],
      received: [...releases.flatMap(receivedOf), shown('state', after.bytes)],
      expected: 'release ok, release again ok, owned=0',
      got: `${statuses.join(', ')}, owned=${after.state ? +after.state.owned : '?'}`,
    },
  );

  // A stranger (here the app that released it, still connected) does not make it blink.
  ctx.running('ownership.unowned-identify');
  const identify = await req([0x01, ctx.wire.nextId(), 0x01, 0x64, 0x00]);
  sent.push(sentOf(identify));
  const blinks = ctx.twoOne ? 'needs_proof' : 'ok';
  ctx.record('ownership.unowned-identify', ctx.statusOf(identify) === blinks, {
    sent: [sentOf(identify)],
    received: receivedOf(identify),
    expected: `identify: ${blinks}`,
    got: `identify: ${ctx.statusOf(identify)}`,
  });

  // On a connection of its own: a 1.2 cup drops an unproven connection older than 5 s at its
  // first denial, and the checks above may take that long on a slow device.
  ctx.running('ownership.unowned-denied');
  ctx.port.close();
  if (!(await ctx.reconnect())) {
    ctx.skip('ownership.unowned-denied', 'blocked');
    return sent;
  }
  const proofs = [await req([0x05, ctx.wire.nextId()])];
  for (let i = 0; i < 3; i++) proofs.push(await req([0x06, ctx.wire.nextId(), ...WRONG]));
  const dropped = await ctx.dropped(1_000 + ctx.replyMs);
  const config = dropped ? null : await req([0x03, ctx.wire.nextId()]);
  const got = [...proofs.slice(1), ...(config ? [config] : [])].map((x) => ctx.statusOf(x));
  // 1.2: an unproven connection is dropped at its third denial, owner or not; 1.1: no one is.
  const want = ctx.twoOne ? 'denied, denied, denied' : 'denied, denied, denied, ok';
  ctx.record('ownership.unowned-denied', dropped === ctx.twoOne && got.join(', ') === want, {
    sent: [...proofs, ...(config ? [config] : [])].map(sentOf),
    received: [
      ...proofs.flatMap(receivedOf),
      dropped ? 'disconnected' : 'connected',
      ...(config ? receivedOf(config) : []),
    ],
    expected: ctx.twoOne
      ? 'denied, denied, denied, disconnect'
      : 'denied, denied, denied, still connected, read_config ok',
    got: `${got.join(', ')}${dropped ? ', disconnected' : ''}`,
  });
  if (dropped && !(await ctx.reconnect())) return sent;
  if (!ctx.claimedForRun && typeof ctx.key === 'string') {
    const claim = await req([0x07, ctx.wire.nextId(), ...fromHex(ctx.key)]); // this app's again
    sent.push(sentOf(claim));
  }
  return sent;
}
