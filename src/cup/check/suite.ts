/**
 * The conformance check: runs every group against a cup through a `CheckPort` and returns the
 * report, grouped by PROTOCOL.md section. It never leaves a change behind: a cup without an
 * owner is claimed for the run and released at the end, the Config is written back, and the
 * last group checks that both are as they were.
 */
import {
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  decodeTelemetry,
  encodeConfig,
  fromHex,
  MAX_FRAME_LENGTH,
  type Rejection,
} from '../../../firmware-protocol/codec';
import { CheckCancelled, CheckContext, type CheckOptions } from './context';
import { configChecks, controlChecks } from './control-checks';
import { firmwareUpdateCheck, gattChecks, infoChecks, readState, stateChecks } from './gatt-checks';
import { claimForRun } from './claim-checks';
import { cupProofCheck, ownershipChecks } from './ownership-checks';
import { unownedChecks } from './proof-checks';
import { bootChecks, eventChecks, type LiveEvents } from './person-checks';
import {
  CHECK_IDS,
  countVerdicts,
  STOPPED_BY_CANCEL,
  type CheckId,
  type CheckReport,
} from './report';
import { releaseSealed } from './seal-checks';
import { sequenceChecks } from './sequence-checks';
import { telemetryCapabilityCheck, telemetryChecks } from './telemetry-checks';
import { shown, type WireFrame } from './wire';

export type { CheckOptions, Person } from './context';

/** Groups that need the owner's proof. */
const PROVEN: CheckId[] = CHECK_IDS.filter(
  (id) =>
    /^(control|config|events|sequence|boot|restore)\./.test(id) ||
    /^telemetry\.(bad-value|start-reply|busy|numbering|frame-length|stop-end|stop-count)$/.test(id),
);

export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const startedAt = new Date().toISOString();
  const ctx = new CheckContext(options);
  let stopped: string | undefined;
  try {
    await run(ctx);
  } catch (error) {
    // Cancelled, a link lost for good, or a cup that stopped answering: what did not run is
    // reported. The cup is still put back as it was (its Config, the run's claim released)
    // wherever the link allows.
    stopped =
      error instanceof CheckCancelled
        ? STOPPED_BY_CANCEL
        : error instanceof Error
          ? `${error.name}: ${error.message}`
          : String(error);
    await putBack(ctx);
  } finally {
    ctx.wire.dispose();
  }
  frameChecks(ctx);
  ctx.skipRest(CHECK_IDS, ctx.cancelled ? 'cancelled' : 'blocked');
  const results = CHECK_IDS.map((id) => ctx.results.get(id)!);
  const info = ctx.info;
  return {
    cup: info
      ? {
          deviceId: info.deviceId,
          protocol: `${info.protocolMajor}.${info.protocolMinor}`,
          firmware: `${info.firmware.major}.${info.firmware.minor}.${info.firmware.patch}`,
        }
      : null,
    startedAt,
    finishedAt: new Date().toISOString(),
    results,
    counts: countVerdicts(results),
    ...(stopped ? { stopped } : {}),
    ...(ctx.blocked ? { blocked: ctx.blocked } : {}),
  };
}

async function run(ctx: CheckContext): Promise<void> {
  ctx.running('gatt.service');
  if (!ctx.port.connected) {
    try {
      await ctx.port.open();
    } catch (error) {
      ctx.record('gatt.service', false, {
        sent: ['connect, startNotifications events, state, reply'],
        received: [String(error)],
        expected: 'a connection with notifications on events, state and reply',
        got: String(error),
      });
      return;
    }
  }
  await becomeOwner(ctx);
  await gattChecks(ctx);
  if (!(await infoChecks(ctx))) return;
  await firmwareUpdateCheck(ctx);
  if (!(await stateChecks(ctx))) return;
  await telemetryCapabilityCheck(ctx);
  if (ctx.key || !ctx.oneOne) {
    const x = await ctx.wire.request([0x03, ctx.wire.nextId()]);
    const reply = ctx.replyOf(x);
    if (reply && 'config' in reply) ctx.config = reply.config;
  }

  const proven = await ownershipChecks(ctx);
  if (!proven) {
    ctx.skipRest(PROVEN, ctx.key ? 'blocked' : 'not-owner');
    return;
  }
  await controlChecks(ctx);
  await configChecks(ctx);
  await telemetryChecks(ctx);
  const live: LiveEvents = [];
  await eventChecks(ctx, live);
  await sequenceChecks(ctx, live);
  if (!(await bootChecks(ctx))) return;
  await restoreChecks(ctx);
}

/**
 * Become the owner for the run, first thing (an unproven connection is dropped after 5 s):
 * prove this app's key, or claim a cup without an owner (released at the end).
 */
async function becomeOwner(ctx: CheckContext): Promise<void> {
  const info = decodeInfo(await ctx.wire.readInfo().catch(() => new Uint8Array()));
  const state = await readState(ctx).catch(() => null);
  if (!info.ok || !state?.state || info.value.protocolMinor < 1) return;
  ctx.info = info.value;
  ctx.ownedAtStart = state.state.owned;
  if (!ctx.twoOne) ctx.skip('ownership.claim-gesture', 'other-version');
  if (state.state.owned) {
    if (ctx.twoOne) ctx.skip('ownership.claim-gesture', 'owned-at-start');
    ctx.key = await ctx.options.ownerKey(info.value.deviceId);
    const proof = ctx.key && !state.state.proven ? await ctx.prove() : null;
    if (proof?.cupProven === false) cupProofCheck(ctx, proof); // the app answers no such cup
    if (proof && !proof.ok) {
      // Not this app's cup after all: start again on a clean connection (no wrong answer).
      ctx.key = null;
      ctx.port.close();
      await ctx.reopen();
    }
    return;
  }
  if (ctx.twoOne) return claimForRun(ctx);
  const key = ctx.options.newKey();
  const claim = await ctx.wire.request([0x07, ctx.wire.nextId(), ...fromHex(key)]);
  if (ctx.statusOf(claim) === 'ok') {
    ctx.key = key;
    ctx.claimedForRun = true;
  }
}

/** After a cancel or a failure: the Config written back and the run's claim released, checked as usual. */
async function putBack(ctx: CheckContext): Promise<void> {
  if (!ctx.key || !ctx.port.connected) return;
  try {
    if (ctx.config) {
      await ctx.wire.request([0x04, ctx.wire.nextId(), ...encodeConfig(ctx.config)]);
    }
    await restoreChecks(ctx, false);
  } catch {
    // The link went while putting it back: the restore checks say what is left.
  }
}

/** The cup is left as it was found: its Config, and its owner (or none). */
async function restoreChecks(ctx: CheckContext, announce = true): Promise<void> {
  if (announce) ctx.running('restore.config');
  const x = await ctx.wire.request([0x03, ctx.wire.nextId()]);
  const reply = ctx.replyOf(x);
  const now = reply && 'config' in reply ? reply.config : null;
  const same = !!now && !!ctx.config && JSON.stringify(now) === JSON.stringify(ctx.config);
  ctx.record('restore.config', same, {
    sent: [shown('control', x.sent)],
    received: [x.reply ? shown('reply', x.reply) : 'no-reply'],
    expected: ctx.config ? JSON.stringify(ctx.config) : 'the Config read at the start',
    got: now ? JSON.stringify(now) : ctx.statusOf(x),
  });
  const sent: string[] = [];
  if (ctx.claimedForRun) {
    const release = await releaseSealed(ctx);
    sent.push(shown('control', release.sent));
  } else ctx.skip('ownership.release-sealed', ctx.twoOne ? 'owned-at-start' : 'other-version');
  if (announce) {
    // Released now (or released and claimed back): the checks of a cup without an owner.
    sent.push(...(await unownedChecks(ctx)));
    ctx.running('restore.owner');
  }
  const after = await readState(ctx);
  const owned = after.state?.owned ?? null;
  ctx.record('restore.owner', owned === ctx.ownedAtStart, {
    sent: [...sent, 'read state'],
    received: [shown('state', after.bytes)],
    expected: `owned=${+ctx.ownedAtStart}`,
    got: `owned=${owned === null ? '?' : +owned}`,
  });
}

/** Every frame the cup sent during the run: within 20 bytes, readable, error Replies of 3. */
function frameChecks(ctx: CheckContext): void {
  const frames = ctx.wire.frames;
  if (frames.length === 0) {
    ctx.skipRest(['frames.max-length', 'frames.readable', 'frames.error-reply-length'], 'blocked');
    return;
  }
  const long = frames.filter((f) => f.bytes.length > MAX_FRAME_LENGTH);
  ctx.record('frames.max-length', long.length === 0, {
    received: long.map((f) => shown(f.source, f.bytes)),
    expected: `every frame ≤ ${MAX_FRAME_LENGTH} bytes (${frames.length} frames)`,
    got: long.map((f) => `${f.source}: ${f.bytes.length} bytes`).join(', '),
  });
  const unreadable = frames
    .map((f) => [f, rejectionOf(f)] as const)
    .filter((pair): pair is readonly [WireFrame, Rejection] => pair[1] !== null);
  ctx.record('frames.readable', unreadable.length === 0, {
    received: unreadable.map(([f]) => shown(f.source, f.bytes)),
    expected: 'every frame readable (section 5)',
    got: unreadable.map(([f, r]) => `${f.source}: ${r.reason} (${r.detail})`).join('; '),
  });
  const errors = frames.filter(
    (f) => f.source === 'reply' && f.bytes.length >= 3 && f.bytes[2] !== 0,
  );
  const notThree = errors.filter((f) => f.bytes.length !== 3);
  ctx.record('frames.error-reply-length', notThree.length === 0, {
    received: notThree.map((f) => shown('reply', f.bytes)),
    expected: `error replies of exactly 3 bytes (${errors.length} seen)`,
    got: notThree.map((f) => `${f.bytes.length} bytes`).join(', '),
  });
}

function rejectionOf(f: WireFrame): Rejection | null {
  const decoded =
    f.source === 'events'
      ? decodeEvent(f.bytes)
      : f.source === 'state'
        ? decodeState(f.bytes)
        : f.source === 'reply'
          ? decodeReply(f.bytes)
          : f.source === 'info'
            ? decodeInfo(f.bytes)
            : f.source === 'telemetry'
              ? decodeTelemetry(f.bytes)
              : f.bytes.length === 1 && f.bytes[0] <= 100
                ? { ok: true as const }
                : { ok: false as const, reason: 'bad_value' as const, detail: 'battery level' };
  return decoded.ok ? null : decoded;
}
