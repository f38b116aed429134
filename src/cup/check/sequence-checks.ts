/**
 * Section 6 "Sequence numbers" and "Replay since a sequence number": consecutive numbers, the
 * events a replay must send (none, everything across the u16 wrap, some, a number "in the
 * future"), byte-identical replays, and `busy` for a replay while one runs.
 */
import { decodeReply, seqAdd, seqDistance, type CupState } from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import { readState } from './gatt-checks';
import type { LiveEvents } from './person-checks';
import type { CheckId } from './report';
import { hex, receivedOf, sentOf, shown, type Exchange } from './wire';

/** What `replay_since(since)` must answer, by the rule of section 6. */
export function expectedReplay(
  since: number,
  oldest: number,
  last: number,
): { first: number; seqs: number[] } {
  const d = seqDistance(last, since);
  const held = seqDistance(last, oldest) + 1;
  const seqs: number[] = [];
  for (let i = 0; i < held; i++) {
    const seq = seqAdd(oldest, i);
    const ahead = seqDistance(seq, since);
    if (ahead >= 1 && ahead <= d) seqs.push(seq);
  }
  return { first: seqs.length > 0 ? seqs[0] : seqAdd(last, 1), seqs };
}

async function replay(
  ctx: CheckContext,
  id: CheckId,
  since: number,
  state: CupState,
): Promise<Uint8Array[] | null> {
  ctx.running(id);
  const want = expectedReplay(since, state.oldestSeq, state.lastSeq);
  const x = await ctx.wire.request([0x02, ctx.wire.nextId(), since & 0xff, since >> 8]);
  const reply = x.reply && x.matched ? decodeReply(x.reply) : null;
  const got =
    reply?.ok && reply.value.status === 'ok' && reply.value.op === 'replay_since'
      ? reply.value
      : null;
  const count = got?.count ?? 0;
  const frames = await ctx.wire.events(x.from, Math.max(count, want.seqs.length), ctx.replyMs);
  if (want.seqs.length === 0 || count === 0) await ctx.wire.events(x.from, 1, ctx.quietMs);
  const events = ctx.wire.eventsFrom(x.from);
  const seqs = events.map((f) => f.bytes[1] | (f.bytes[2] << 8));
  const ok =
    got !== null &&
    got.firstSeq === want.first &&
    got.count === want.seqs.length &&
    seqs.join() === want.seqs.join();
  ctx.record(id, ok, {
    sent: [sentOf(x)],
    received: [...receivedOf(x), ...events.map((f) => shown('events', f.bytes))],
    expected: `first ${want.first}, count ${want.seqs.length}, events [${want.seqs.join(', ')}]`,
    got: got
      ? `first ${got.firstSeq}, count ${got.count}, events [${seqs.join(', ')}]`
      : ctx.statusOf(x),
  });
  return frames.length >= 0 ? events.map((f) => f.bytes) : null;
}

export async function sequenceChecks(ctx: CheckContext, live: LiveEvents): Promise<void> {
  const read = await readState(ctx);
  const state = read.state;
  if (!state) {
    ctx.skipRest(
      [
        'sequence.consecutive',
        'sequence.replay-none',
        'sequence.replay-wrap',
        'sequence.replay-some',
        'sequence.replay-future',
        'sequence.replay-identical',
        'sequence.busy',
      ],
      'blocked',
    );
    return;
  }
  ctx.running('sequence.consecutive');
  if (live.length === 0) ctx.skip('sequence.consecutive', 'not-exercised');
  else {
    const seqs = live.map((s) => s.event.seq);
    const gaps = seqs.slice(1).filter((seq, i) => seq !== seqAdd(seqs[i], 1));
    const newest = seqs[seqs.length - 1];
    ctx.record('sequence.consecutive', gaps.length === 0 && state.lastSeq === newest, {
      received: [...live.map((s) => shown('events', s.frame.bytes)), shown('state', read.bytes)],
      expected: 'each event + 1, state last = newest event',
      got: `events [${seqs.join(', ')}], state last ${state.lastSeq}`,
    });
  }

  await replay(ctx, 'sequence.replay-none', state.lastSeq, state);
  const all = await replay(ctx, 'sequence.replay-wrap', seqAdd(state.oldestSeq, -1), state);
  if (seqDistance(state.lastSeq, state.oldestSeq) >= 2) {
    await replay(ctx, 'sequence.replay-some', seqAdd(state.lastSeq, -2), state);
  } else ctx.skip('sequence.replay-some', 'not-exercised');
  await replay(ctx, 'sequence.replay-future', seqAdd(state.lastSeq, 1000), state);

  ctx.running('sequence.replay-identical');
  if (live.length === 0 || !all) ctx.skip('sequence.replay-identical', 'not-exercised');
  else {
    const replayed = new Map(all.map((b) => [b[1] | (b[2] << 8), hex(b)]));
    const differ = live.filter(
      (s) => replayed.has(s.event.seq) && replayed.get(s.event.seq) !== hex(s.frame.bytes),
    );
    ctx.record('sequence.replay-identical', differ.length === 0, {
      received: live.map((s) => shown('events', s.frame.bytes)),
      expected: 'replayed frames = live frames, byte for byte',
      got: differ.map((s) => `${hex(s.frame.bytes)} ≠ ${replayed.get(s.event.seq)}`).join('; '),
    });
  }
  await busyCheck(ctx, state);
}

/**
 * Two replays back to back: the second, while the first still sends, must be `busy`. When the
 * first had ended before the second arrived, the cup gave no occasion to decide; try again.
 */
async function busyCheck(ctx: CheckContext, state: CupState): Promise<void> {
  ctx.running('sequence.busy');
  const since = seqAdd(state.oldestSeq, -1);
  const want = expectedReplay(since, state.oldestSeq, state.lastSeq).seqs.length;
  const tried: Exchange[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const from = ctx.wire.frames.length;
    const bytes = (id: number) => [0x02, id, since & 0xff, since >> 8];
    const first = ctx.wire.request(bytes(ctx.wire.nextId()));
    const secondId = ctx.wire.nextId();
    await ctx.wire.waitFor((f) => f.source === 'reply', from, ctx.replyMs);
    const second = await ctx.wire.request(bytes(secondId));
    const one = await first;
    tried.push(one, second);
    const status = ctx.statusOf(second);
    await ctx.wire.events(from, want * (status === 'ok' ? 2 : 1), ctx.replyMs);
    const frames = ctx.wire.frames.slice(from);
    const secondAt = frames.findIndex((f) => f.source === 'reply' && f.bytes[1] === secondId);
    const eventsBefore = frames
      .slice(0, Math.max(0, secondAt))
      .filter((f) => f.source === 'events').length;
    if (status === 'busy') {
      ctx.record('sequence.busy', true, {
        sent: tried.map(sentOf),
        received: tried.flatMap(receivedOf),
      });
      return;
    }
    if (status !== 'ok' || eventsBefore < want) {
      ctx.record('sequence.busy', false, {
        sent: tried.map(sentOf),
        received: [
          ...tried.flatMap(receivedOf),
          ...frames.filter((f) => f.source === 'events').map((f) => shown('events', f.bytes)),
        ],
        expected: 'busy while the first replay runs',
        got: `${status} after ${eventsBefore} of ${want} events`,
      });
      return;
    }
  }
  ctx.skip('sequence.busy', 'not-exercised', {
    sent: tried.map(sentOf),
    received: tried.flatMap(receivedOf),
  });
}
