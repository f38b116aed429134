/**
 * The hands-on part (4.2 and section 6 "events as moves"): the person shakes the cup and lifts
 * its lid when asked; the detectors' events must follow the action, carry consistent times and
 * durations, wait for the minimum duration, gap and debounce before they are sent, and count in
 * State. Then (section 6 "Boot") the person restarts the cup: a new boot id, `booted` first.
 */
import { decodeEvent, seqAdd, seqDistance, type CupEvent } from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import { readState } from './gatt-checks';
import type { CheckId, PersonRequest } from './report';
import { shown, type WireFrame } from './wire';

export interface Seen {
  frame: WireFrame;
  event: CupEvent;
}

/** Live events from the hands-on part, for the sequence checks. */
export type LiveEvents = Seen[];

const decoded = (f: WireFrame): Seen | null => {
  const d = decodeEvent(f.bytes);
  return d.ok ? { frame: f, event: d.value } : null;
};

/**
 * How a request ended: the cup did what the action should make it do (`seen`), the person
 * tapped "Skip" (`declined`), or the time ran out with the cup silent (`timeout`: a failure,
 * not a skip: a cup that senses nothing must not pass).
 */
type Outcome = 'seen' | 'declined' | 'timeout';

/** Ask the person, and wait for `until` among the frames, or their "Skip", or the deadline. */
export async function act(
  ctx: CheckContext,
  request: PersonRequest,
  until: (from: number) => Promise<boolean>,
  ms = ctx.personMs,
): Promise<{ outcome: Outcome; from: number; askedAt: number }> {
  const from = ctx.wire.frames.length;
  const askedAt = ctx.now();
  const over = new AbortController();
  ctx.options.onProgress?.({ type: 'ask', request, seconds: Math.round(ms / 1000) });
  const declined = ctx.options.person.ask(request, over.signal).then(() => 'declined' as const);
  const outcome = await Promise.race([
    until(from).then((seen): Outcome => (seen ? 'seen' : 'timeout')),
    declined,
    ctx.whenCancelled().then(() => 'cancelled' as const),
  ]);
  over.abort();
  ctx.options.onProgress?.({ type: 'asked' });
  ctx.throwIfCancelled();
  return { outcome: outcome === 'cancelled' ? 'declined' : outcome, from, askedAt };
}

/** The person acted and the cup stayed silent: the first check of the pair fails, saying so. */
function silent(
  ctx: CheckContext,
  request: PersonRequest,
  ids: readonly CheckId[],
  expected: string,
  from: number,
): void {
  ctx.record(ids[0], false, {
    sent: [`(${request})`],
    received: ctx.wire.frames.slice(from).map((f) => shown(f.source, f.bytes)),
    expected: `${expected}, within ${Math.round(ctx.personMs / 1000)} s of the request`,
    got: 'nothing within the time',
  });
  ctx.skipRest(ids, 'blocked');
}

/** Two events of a pair (started/ended, opened/closed), checked against the person's action. */
async function pair(
  ctx: CheckContext,
  request: 'shake' | 'lift',
  ids: [CheckId, CheckId],
  live: LiveEvents,
): Promise<void> {
  const [firstType, secondType] = request === 'shake' ? [1, 2] : [3, 4];
  const config = ctx.config;
  const s0 = await readState(ctx);
  const findType = (from: number, type: number) =>
    ctx.wire.eventsFrom(from).find((f) => f.bytes[0] === type && !f.read);
  const { outcome, from, askedAt } = await act(ctx, request, async (start) => {
    const first = await ctx.wire.waitFor(
      (f) => f.source === 'events' && f.bytes[0] === firstType,
      start,
      ctx.personMs,
    );
    if (!first) return false;
    return (
      (await ctx.wire.waitFor(
        (f) => f.source === 'events' && f.bytes[0] === secondType,
        start,
        ctx.personMs,
      )) !== null
    );
  });
  const names = request === 'shake' ? 'shake_started, shake_ended' : 'lid_opened, lid_closed';
  if (outcome === 'declined') {
    ctx.skipRest(ids, 'no-action');
    return;
  }
  if (outcome === 'timeout') return silent(ctx, request, ids, names, from);
  if (!s0.state || !config) {
    ctx.skipRest(ids, 'blocked');
    return;
  }
  const s1 = await readState(ctx);
  const a = decoded(findType(from, firstType)!);
  const b = decoded(findType(from, secondType)!);
  const received = [
    ...ctx.wire.eventsFrom(from).map((f) => shown('events', f.bytes)),
    shown('state', s0.bytes),
    shown('state', s1.bytes),
  ];
  if (!a || !b) {
    ctx.record(ids[0], false, { received, expected: 'readable events', got: 'unreadable' });
    ctx.skip(ids[1], 'blocked');
    return;
  }
  live.push(a, b);
  const problems: string[] = [];
  const span = (b.event.timeMs - a.event.timeMs) >>> 0;
  const reported =
    b.event.type === 'shake_ended'
      ? b.event.durationMs
      : b.event.type === 'lid_closed'
        ? b.event.openMs
        : -1;
  if (Math.abs(reported - Math.min(span, request === 'shake' ? 0xffff : span)) > 1)
    problems.push(`duration ${reported} ≠ ${span}`);
  if (b.event.seq !== seqAdd(a.event.seq, 1)) problems.push(`seq ${a.event.seq} → ${b.event.seq}`);
  if (!s1.state || seqDistance(s1.state.lastSeq, b.event.seq) > 0x7fff)
    problems.push('state last < event');
  if (request === 'shake') {
    if (reported < config.shakeMinMs) problems.push(`duration < ${config.shakeMinMs}`);
    if (b.event.type === 'shake_ended' && b.event.peakMg <= 1000)
      problems.push(`peak ${b.event.peakMg} mg`);
    if (s1.state && s1.state.shakeCount !== ((s0.state.shakeCount + 1) & 0xffff))
      problems.push(`shake count ${s0.state.shakeCount} → ${s1.state.shakeCount}`);
  } else if (s1.state && s1.state.lidOpenCount !== ((s0.state.lidOpenCount + 1) & 0xffff)) {
    problems.push(`lid count ${s0.state.lidOpenCount} → ${s1.state.lidOpenCount}`);
  }
  ctx.record(ids[0], problems.length === 0, {
    sent: [`(${request})`],
    received,
    expected:
      request === 'shake'
        ? 'shake_started, shake_ended (duration = end − start ≥ min), shake count + 1'
        : 'lid_opened, lid_closed (open time = close − open), lid count + 1',
    got: problems.join('; '),
  });

  // Timing against the app's clock, from State's clock (taken between `before` and `after`).
  const early = (e: CupEvent) => s0.before + ((e.timeMs - s0.state!.timeMs) | 0);
  const late = (e: CupEvent) => s0.after + ((e.timeMs - s0.state!.timeMs) | 0);
  const waitA = request === 'shake' ? config.shakeMinMs : config.lidDebounceMs;
  const waitB = request === 'shake' ? config.shakeGapMs : config.lidDebounceMs;
  const timing: string[] = [];
  const slack = ctx.slackMs;
  if (late(a.event) < askedAt - slack)
    timing.push(`${a.event.type} ${Math.round(askedAt - late(a.event))} ms before the request`);
  const lagA = a.frame.at - early(a.event);
  const lagB = b.frame.at - early(b.event);
  if (lagA < waitA - slack)
    timing.push(`${a.event.type} sent ${Math.round(lagA)} ms after its time (< ${waitA})`);
  if (lagB < waitB - slack)
    timing.push(`${b.event.type} sent ${Math.round(lagB)} ms after its time (< ${waitB})`);
  ctx.record(ids[1], timing.length === 0, {
    sent: [`(${request})`],
    received: [
      `${a.event.type} +${Math.round(lagA)} ms`,
      `${b.event.type} +${Math.round(lagB)} ms`,
    ],
    expected: `after the request; sent ≥ ${waitA} ms / ${waitB} ms after the event's time`,
    got: timing.join('; '),
  });
}

export async function eventChecks(ctx: CheckContext, live: LiveEvents): Promise<void> {
  await pair(ctx, 'shake', ['events.shake', 'events.shake-timing'], live);
  await pair(ctx, 'lift', ['events.lid', 'events.lid-timing'], live);
}

/** Restart (interactive). Returns whether a proven link is up afterwards. */
export async function bootChecks(ctx: CheckContext): Promise<boolean> {
  if (!ctx.oneOne) {
    ctx.skipRest(['boot.restart', 'boot.booted'], 'one-zero');
    return true;
  }
  const s0 = await readState(ctx);
  const asked = await act(ctx, 'restart', () => ctx.dropped(ctx.personMs));
  const { outcome, askedAt } = asked;
  if (outcome !== 'seen') {
    if (outcome === 'declined') ctx.skipRest(['boot.restart', 'boot.booted'], 'no-action');
    else silent(ctx, 'restart', ['boot.restart', 'boot.booted'], 'the link drops', asked.from);
    return ctx.port.connected;
  }
  if (!(await ctx.reconnect(ctx.personMs)) || !(await ctx.reprove())) {
    ctx.skipRest(['boot.restart', 'boot.booted'], 'blocked');
    return false;
  }
  const s1 = await readState(ctx);
  const problems: string[] = [];
  if (!s1.state || s1.state.bootId === s0.state?.bootId)
    problems.push(`boot id ${hexId(s0.state?.bootId)} → ${hexId(s1.state?.bootId)}`);
  if (s1.state && s1.state.timeMs > s1.after - askedAt + ctx.slackMs)
    problems.push(`ms since boot ${s1.state.timeMs}`);
  ctx.record('boot.restart', problems.length === 0, {
    sent: ['read state', '(restart)', 'read state'],
    received: [shown('state', s0.bytes), shown('state', s1.bytes)],
    expected: 'a new boot id, ms since boot from 0',
    got: problems.join('; '),
  });
  const from = ctx.wire.frames.length;
  const x = await ctx.wire.request([0x02, ctx.wire.nextId(), 0xff, 0xff]);
  const first = await ctx.wire.waitFor((f) => f.source === 'events', from, ctx.replyMs);
  const booted = first ? decodeEvent(first.bytes) : null;
  const ok =
    booted?.ok === true &&
    booted.value.type === 'booted' &&
    booted.value.seq === 0 &&
    booted.value.bootId === s1.state?.bootId;
  ctx.record('boot.booted', ok, {
    sent: [shown('control', x.sent)],
    received: [
      x.reply ? shown('reply', x.reply) : 'no-reply',
      first ? shown('events', first.bytes) : 'no-event',
    ],
    expected: `booted, seq 0, boot id ${hexId(s1.state?.bootId)}`,
    got: booted?.ok ? `${booted.value.type} seq ${booted.value.seq}` : 'none',
  });
  await ctx.wire.events(from, 64, ctx.quietMs); // let the replay finish
  return true;
}

const hexId = (id: number | null | undefined) =>
  id == null ? '-' : `0x${id.toString(16).padStart(8, '0')}`;
