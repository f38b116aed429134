/**
 * Sealed requests (PROTOCOL.md 4.4 "Sealed requests", section 6) on a 1.2 cup, on a new proven
 * connection: a sealed `write_config` is carried out; the same request without its tag, or
 * with a wrong one, is `denied` and withdraws the proof. Each denial counts toward the drop:
 * the wrong tag goes on a new connection, and the link is proven again after each. And the cup's tag on the `ok`
 * Reply of the sealed `release` that ends the run's claim.
 */
import { encodeConfig, replyTag, toHex } from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import { readState } from './gatt-checks';
import { proveAgain } from './proof-checks';
import type { CheckId } from './report';
import { receivedOf, sentOf, shown, type Exchange } from './wire';

const SEALS: CheckId[] = [
  'ownership.sealed',
  'ownership.unsealed-denied',
  'ownership.wrong-tag-denied',
];

/** Returns whether the link is proven afterwards. */
export async function sealChecks(ctx: CheckContext): Promise<boolean> {
  if (!ctx.twoOne) {
    ctx.skipRest([...SEALS, 'ownership.release-sealed'], 'other-version');
    return true;
  }
  ctx.port.close();
  if (!(await ctx.reconnect()) || !(await ctx.reprove()) || !ctx.config) {
    ctx.skipRest(SEALS, 'blocked');
    return false;
  }
  const config = [...encodeConfig(ctx.config)];
  ctx.running('ownership.sealed');
  const sealed = await ctx.wire.request([0x04, ctx.wire.nextId(), ...config]);
  ctx.record('ownership.sealed', ctx.statusOf(sealed) === 'ok' && sealed.sent.length === 20, {
    sent: [sentOf(sealed)],
    received: receivedOf(sealed),
    expected: 'write_config with its tag (20 bytes): ok',
    got: ctx.statusOf(sealed),
  });

  ctx.running('ownership.unsealed-denied');
  const bare = await ctx.wire.request([0x04, ctx.wire.nextId(), ...config], undefined, false);
  if (!(await deniedUnproves(ctx, 'ownership.unsealed-denied', bare))) return false;

  ctx.running('ownership.wrong-tag-denied');
  ctx.port.close(); // a connection of its own: no denial before it counts toward the drop
  if (!(await ctx.reconnect()) || !(await ctx.reprove())) {
    ctx.skipRest(SEALS, 'blocked');
    return false;
  }
  const forged = [0x04, ctx.wire.nextId(), ...config, ...new Array<number>(8).fill(0x5a)];
  const wrong = await ctx.wire.request(forged, undefined, false);
  return deniedUnproves(ctx, 'ownership.wrong-tag-denied', wrong);
}

/** `denied`, then State says not proven; proves again (on a new connection if it dropped). */
async function deniedUnproves(ctx: CheckContext, id: CheckId, x: Exchange): Promise<boolean> {
  ctx.wire.sealer.session = null; // the cup ended it (or should have)
  const state = ctx.port.connected ? await readState(ctx).catch(() => null) : null;
  // The link may drop while State is read (a read that fails as the cup ends it).
  const unproven = state?.state ? !state.state.proven : await ctx.dropped(ctx.replyMs);
  // A connection older than 5 s is dropped at once after the denial (section 6), its `denied`
  // Reply sent first.
  const status = ctx.statusOf(x);
  ctx.record(id, status === 'denied' && unproven, {
    sent: [sentOf(x), 'read state'],
    received: [...receivedOf(x), state ? shown('state', state.bytes) : 'disconnected'],
    expected: 'denied, then proven=0 (or the link dropped)',
    got: `${status}, proven=${state?.state ? +state.state.proven : '?'}`,
  });
  return proveAgain(ctx);
}

/** The sealed `release` ending the run's claim: `ok`, with the cup's tag on it. */
export async function releaseSealed(ctx: CheckContext): Promise<Exchange> {
  const count = ctx.wire.sealer.session ? ctx.wire.sealer.session.count : null;
  const key = ctx.wire.sealer.session?.key ?? null;
  const release = await ctx.wire.request([0x08, ctx.wire.nextId()]);
  if (!ctx.twoOne) return release;
  const reply = release.reply;
  const tag = reply && reply.length >= 11 ? toHex(reply.subarray(3, 11)) : null;
  const right =
    key !== null && count !== null && tag !== null && tag === (await replyTag(key, count, reply!));
  ctx.record('ownership.release-sealed', ctx.statusOf(release) === 'ok' && right, {
    sent: [sentOf(release)],
    received: receivedOf(release),
    expected: 'release with its tag: ok, with the cup’s tag on the Reply',
    got: `${ctx.statusOf(release)}, ${tag === null ? 'no tag' : right ? 'its tag' : `a wrong tag ${tag}`}`,
  });
  return release;
}
