/**
 * The 1.1 telemetry addition: capability bit 6 and the Telemetry characteristic (2, 4.1), the
 * two opcodes and their Replies (4.4, 4.5), and a short stream (4.7, section 6 "Telemetry"):
 * numbered from 0, each frame as long as its kind, the `end` frame after the stop's Reply, the
 * Reply's count the last number + 1. A cup without telemetry answers `unknown_opcode`.
 */
import {
  Capability,
  decodeTelemetry,
  Length,
  TELEMETRY_MAX_RATE_HZ,
  TELEMETRY_MAX_SECONDS,
  type TelemetryFrame,
} from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import type { CheckId } from './report';
import { receivedOf, sentOf, shown, sleep, type Exchange, type WireFrame } from './wire';

const OP_START = 0x09;
const OP_STOP = 0x0a;
/** The limit the check asks for: far longer than the stream it lets run. */
const LIMIT_S = 5;
/** How long the stream runs before the check stops it. */
const RUN_MS = 300;

/** The checks on a running stream (a cup with telemetry, proven). */
const STREAM: CheckId[] = [
  'telemetry.bad-value',
  'telemetry.start-reply',
  'telemetry.busy',
  'telemetry.numbering',
  'telemetry.frame-length',
  'telemetry.stop-end',
  'telemetry.stop-count',
];

/** Each known kind's exact length (4.7). */
const KIND_LENGTHS: Record<string, number> = {
  accel: Length.telemetryAccel,
  accel2: Length.telemetryAccel2,
  lid: Length.telemetryLid,
  end: Length.telemetryEnd,
};

/** Whether Info sets capability bit 6 (telemetry). */
function hasBit(ctx: CheckContext): boolean {
  return ((ctx.info?.capabilities ?? 0) & Capability.telemetry) !== 0;
}

/** Capability bit 6 is set exactly when Telemetry exists, notifies and has its CCCD (2, 4.1). */
export async function telemetryCapabilityCheck(ctx: CheckContext): Promise<void> {
  ctx.running('telemetry.capability');
  const facts = await ctx.port.database();
  const t = facts.characteristics.find((c) => c.name === 'telemetry');
  const found = !!t?.found;
  const usable =
    found && t.properties?.notify !== false && t.cccd !== false && t.notifications === true;
  const bit = hasBit(ctx);
  const describe = t?.found
    ? `telemetry: notify=${t.properties ? +t.properties.notify : '?'} cccd=${t.cccd === null ? '?' : +t.cccd} notifications=${t.notifications ? 'ok' : 'failed'}`
    : 'telemetry: not found';
  ctx.record('telemetry.capability', bit ? usable : !found, {
    sent: ['read info', 'gatt database'],
    received: [`capabilities bit 6=${+bit}`, describe],
    expected: bit
      ? 'bit 6 set: Telemetry with notify, a CCCD, notifications on'
      : 'bit 6 clear: no Telemetry characteristic',
    got: describe,
  });
}

/**
 * In the suite's unproven phase: a cup with telemetry refuses both opcodes `needs_proof`; one
 * without answers `unknown_opcode` (4.4, 1.1 addition).
 */
export async function telemetryUnprovenChecks(ctx: CheckContext): Promise<void> {
  const req = (bytes: number[]) => ctx.wire.request(bytes);
  ctx.running('telemetry.needs-proof');
  const start = await req([OP_START, ctx.wire.nextId(), LIMIT_S]);
  const stop = await req([OP_STOP, ctx.wire.nextId()]);
  const pairs: [Exchange, string][] = [
    [start, 'needs_proof'],
    [stop, 'needs_proof'],
  ];
  if (hasBit(ctx)) {
    judge(ctx, 'telemetry.needs-proof', pairs);
    opcodesKnown(ctx, [start, stop]);
  } else {
    ctx.skip('telemetry.needs-proof', ctx.oneOne ? 'no-telemetry' : 'one-zero');
    judge(ctx, 'telemetry.opcodes', [
      [start, 'unknown_opcode'],
      [stop, 'unknown_opcode'],
    ]);
  }
}

/** With proof: the start's limits and Reply, busy, a short stream, the stop and its count. */
export async function telemetryChecks(ctx: CheckContext): Promise<void> {
  if (!hasBit(ctx)) {
    // A 1.0 cup had no unproven phase: its opcodes are checked here.
    if (!ctx.results.has('telemetry.opcodes')) await telemetryUnprovenChecks(ctx);
    ctx.skipRest(STREAM, ctx.oneOne ? 'no-telemetry' : 'one-zero');
    return;
  }
  const req = (bytes: number[]) => ctx.wire.request(bytes);
  const id = () => ctx.wire.nextId();

  ctx.running('telemetry.bad-value');
  judge(ctx, 'telemetry.bad-value', [
    [await req([OP_START, id(), 0]), 'bad_value'],
    [await req([OP_START, id(), TELEMETRY_MAX_SECONDS + 1]), 'bad_value'],
  ]);

  ctx.running('telemetry.start-reply');
  const start = await req([OP_START, id(), LIMIT_S]);
  const reply = ctx.replyOf(start);
  const raw = start.reply;
  const rate = raw && raw.length >= 5 ? raw[3] | (raw[4] << 8) : null;
  const limit = raw && raw.length >= 6 ? raw[5] : null;
  // An ok Reply the codec refuses (a rate or limit out of range) still started a stream.
  const started = reply?.status === 'ok' || (!!raw && raw.length >= 3 && raw[2] === 0);
  const startProblems: string[] = [];
  if (!started) startProblems.push(ctx.statusOf(start));
  else {
    if (raw?.length !== Length.telemetryStartResult) startProblems.push(`${raw?.length} bytes`);
    if (rate === null || rate < 1 || rate > TELEMETRY_MAX_RATE_HZ)
      startProblems.push(`rate ${rate ?? '?'} Hz`);
    if (limit !== LIMIT_S) startProblems.push(`limit ${limit ?? '?'} s`);
  }
  ctx.record('telemetry.start-reply', startProblems.length === 0, {
    sent: [sentOf(start)],
    received: receivedOf(start),
    expected: `ok, ${Length.telemetryStartResult} bytes, rate 1..${TELEMETRY_MAX_RATE_HZ} Hz, limit ${LIMIT_S} s`,
    got: startProblems.join(', '),
  });
  if (!started) {
    opcodesKnown(ctx, [start]);
    ctx.skipRest(STREAM, 'blocked');
    return;
  }

  ctx.running('telemetry.busy');
  judge(ctx, 'telemetry.busy', [[await req([OP_START, id(), LIMIT_S]), 'busy']]);

  await sleep(RUN_MS);
  ctx.running('telemetry.stop-end');
  const stop = await req([OP_STOP, id()]);
  const isEnd = (f: WireFrame) =>
    f.source === 'telemetry' && f.bytes.length > 2 && f.bytes[2] === 4;
  await ctx.wire.waitFor(isEnd, stop.from, ctx.replyMs);
  await sleep(ctx.quietMs); // anything that should not come after the end
  opcodesKnown(ctx, [start, stop]);

  const frames = ctx.wire.frames.slice(start.from);
  const stream = frames.filter((f) => f.source === 'telemetry');
  const decoded = stream.map((f) => decodeTelemetry(f.bytes));
  const seqs = stream.map((f) => (f.bytes.length >= 2 ? f.bytes[0] | (f.bytes[1] << 8) : -1));
  const shownStream = stream.map((f) => shown('telemetry', f.bytes));

  ctx.running('telemetry.numbering');
  const misnumbered = seqs.findIndex((seq, i) => seq !== i);
  ctx.record('telemetry.numbering', stream.length > 0 && misnumbered === -1, {
    sent: [sentOf(start), sentOf(stop)],
    received: shownStream,
    expected: 'frames numbered 0, 1, 2, … from the start',
    got: stream.length === 0 ? 'no telemetry frames' : `numbers ${seqs.join(', ')}`,
  });

  ctx.running('telemetry.frame-length');
  const wrongLength = stream.filter((f, i) => {
    const d = decoded[i];
    if (!d.ok) return true;
    const want = KIND_LENGTHS[d.value.kind];
    return want === undefined ? f.bytes.length < Length.telemetryHeader : f.bytes.length !== want;
  });
  ctx.record('telemetry.frame-length', wrongLength.length === 0, {
    sent: [sentOf(start), sentOf(stop)],
    received: shownStream,
    expected: 'accel 13, accel2 20, lid 10, end 8 bytes',
    got: wrongLength
      .map((f) => `${shown('telemetry', f.bytes)} (${f.bytes.length} bytes)`)
      .join('; '),
  });

  const stopReplyAt = stop.reply ? ctx.wire.frames.indexOf(frameOf(ctx, stop)!) : -1;
  const endAt = ctx.wire.frames.findIndex((f, i) => i >= stop.from && isEnd(f));
  const end = endAt >= 0 ? decodeTelemetry(ctx.wire.frames[endAt].bytes) : null;
  const endFrame: TelemetryFrame | null = end?.ok ? end.value : null;
  const lastTelemetry = stream.at(-1);
  const endProblems: string[] = [];
  if (ctx.statusOf(stop) !== 'ok') endProblems.push(`stop: ${ctx.statusOf(stop)}`);
  if (!endFrame) endProblems.push('no end frame');
  else {
    if (endFrame.kind === 'end' && endFrame.reason !== 'stop')
      endProblems.push(`reason ${endFrame.reason}`);
    if (stopReplyAt < 0 || endAt < stopReplyAt) endProblems.push('end before the reply');
    if (lastTelemetry !== ctx.wire.frames[endAt]) endProblems.push('frames after the end');
  }
  ctx.record('telemetry.stop-end', endProblems.length === 0, {
    sent: [sentOf(stop)],
    received: [...receivedOf(stop), ...shownStream],
    expected: 'stop: ok, then the end frame (reason stop), the last of the stream',
    got: endProblems.join(', '),
  });

  ctx.running('telemetry.stop-count');
  const stopReply = ctx.replyOf(stop);
  const count =
    stopReply?.op === 'telemetry_stop' && 'frames' in stopReply ? stopReply.frames : null;
  const idle = await req([OP_STOP, id()]);
  const idleReply = ctx.replyOf(idle);
  const idleCount =
    idleReply?.op === 'telemetry_stop' && 'frames' in idleReply ? idleReply.frames : null;
  const last = seqs.at(-1);
  const want = last === undefined ? null : (last + 1) & 0xffff;
  const countProblems: string[] = [];
  if (stop.reply?.length !== Length.telemetryStopResult)
    countProblems.push(`stop reply ${stop.reply?.length ?? 0} bytes`);
  if (count === null || count !== want) countProblems.push(`frames ${count ?? '?'}`);
  if (idleCount !== 0)
    countProblems.push(`a stop with no stream: ${idleCount ?? ctx.statusOf(idle)}`);
  ctx.record('telemetry.stop-count', countProblems.length === 0, {
    sent: [sentOf(stop), sentOf(idle)],
    received: [...receivedOf(stop), ...receivedOf(idle)],
    expected: `stop reply of ${Length.telemetryStopResult} bytes, frames = last number + 1 (${want ?? '?'}); with no stream 0`,
    got: countProblems.join(', '),
  });
}

/** The Reply frame of an exchange, as recorded on the wire. */
function frameOf(ctx: CheckContext, x: Exchange): WireFrame | undefined {
  return ctx.wire.frames.slice(x.from).find((f) => f.bytes === x.reply);
}

/** A cup with bit 6 knows both opcodes: neither is answered `unknown_opcode`. */
function opcodesKnown(ctx: CheckContext, exchanges: Exchange[]): void {
  ctx.running('telemetry.opcodes');
  const unknown = exchanges.filter((x) => ctx.statusOf(x) === 'unknown_opcode');
  ctx.record('telemetry.opcodes', unknown.length === 0, {
    sent: exchanges.map(sentOf),
    received: exchanges.flatMap(receivedOf),
    expected: 'bit 6 set: telemetry_start and telemetry_stop known',
    got: unknown
      .map((x) => `${shown('', x.sent.subarray(0, 1)).trim()}: unknown_opcode`)
      .join(', '),
  });
}

function judge(ctx: CheckContext, id: CheckId, pairs: [Exchange, string][]): boolean {
  const wrong = pairs.filter(([x, want]) => ctx.statusOf(x) !== want);
  return ctx.record(id, wrong.length === 0, {
    sent: pairs.map(([x]) => sentOf(x)),
    received: pairs.flatMap(([x]) => receivedOf(x)),
    expected: pairs
      .map(([x, want]) => `${shown('', x.sent.subarray(0, 1)).trim()}: ${want}`)
      .join(', '),
    got: wrong
      .map(([x]) => `${shown('', x.sent.subarray(0, 1)).trim()}: ${ctx.statusOf(x)}`)
      .join(', '),
  });
}
