/**
 * End to end: a whole turn (shake, peek, pass the cup, lift) recorded as a sensor trace runs
 * through the C reference core (firmware-protocol/reference/), and every frame the core sends
 * is decoded by the TypeScript codec the app uses, into the cup events the turn should give.
 *
 * The C harness (tools/mia_host.c, built for the run by test/unit/host-tools.ts) is run on
 * traces/whole-turn.csv; it writes one frame a line: "<kind> <ms> <hex>".
 *
 * The differential test of the C decoders against the TypeScript ones:
 * reference-codec-differential.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Capability,
  MAX_FRAME_LENGTH,
  PROTOCOL_MAJOR,
  decodeControl,
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  fromHex,
  seqIsNewer,
  type CupEvent,
  type CupState,
  type DecodeResult,
} from '../../../firmware-protocol/codec';

const reference = fileURLToPath(new URL('../../../firmware-protocol/reference/', import.meta.url));
const host = `${reference}build/mia_host`;
const framesFile = `${reference}build/whole-turn.e2e.frames.txt`;

interface Frame {
  kind: string;
  ms: number;
  hex: string;
}

function ok<T>(result: DecodeResult<T>, hex: string): T {
  if (!result.ok) throw new Error(`codec rejected ${hex}: ${result.reason} (${result.detail})`);
  return result.value;
}

let frames: Frame[] = [];

beforeAll(() => {
  execFileSync(host, [`${reference}traces/whole-turn.csv`, framesFile], { stdio: 'pipe' });
  frames = readFileSync(framesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [kind, ms, hex = ''] = line.split(' ');
      return { kind, ms: Number(ms), hex };
    });
}, 120_000);

/** The frames of one kind, before (or after) the app's replay request. */
function framesOf(kind: string, part: 'live' | 'after-replay'): Frame[] {
  const request = frames.findIndex((f) => f.kind === 'write-control');
  const [from, to] = part === 'live' ? [0, request] : [request + 1, frames.length];
  return frames.slice(from, to).filter((f) => f.kind === kind);
}

describe('C reference core -> TypeScript codec, a whole turn', () => {
  it('sends only frames of at most 20 bytes', () => {
    expect(frames.length).toBeGreaterThan(10);
    for (const f of frames) expect(fromHex(f.hex).length).toBeLessThanOrEqual(MAX_FRAME_LENGTH);
  });

  it('has an Info the app accepts', () => {
    const [info] = framesOf('read-info', 'live');
    const value = ok(decodeInfo(fromHex(info.hex)), info.hex);
    expect(value.protocolMajor).toBe(PROTOCOL_MAJOR);
    expect(value.capabilities & Capability.shake).toBeTruthy();
    expect(value.capabilities & Capability.lid).toBeTruthy();
    expect(value.eventLogCapacity).toBe(64);
  });

  it('notifies the turn as cup events: shake, peek, lift', () => {
    const events = framesOf('notify-events', 'live').map((f) =>
      ok(decodeEvent(fromHex(f.hex)), f.hex),
    );
    expect(events.map((e) => e.type)).toEqual([
      'shake_started',
      'shake_ended',
      'lid_opened',
      'lid_closed',
      'lid_opened',
    ]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < events.length; i++) {
      expect(seqIsNewer(events[i].seq, events[i - 1].seq)).toBe(true);
    }
    const [started, ended, peekOpen, peekClose, lift] = events as [
      CupEvent & { type: 'shake_started' },
      CupEvent & { type: 'shake_ended' },
      CupEvent & { type: 'lid_opened' },
      CupEvent & { type: 'lid_closed' },
      CupEvent & { type: 'lid_opened' },
    ];
    // The trace shakes from 1000 to 2500 ms (about 2.8 g), peeks from 3500 to 4200 ms, slides
    // the cup across the table at 5000-5800 ms (not a shake) and lifts the lid at 6500 ms.
    expect(started.timeMs).toBeGreaterThanOrEqual(1000);
    expect(started.timeMs).toBeLessThanOrEqual(1250);
    expect(ended.timeMs).toBeGreaterThanOrEqual(2250);
    expect(ended.timeMs).toBeLessThanOrEqual(2500);
    expect(ended.durationMs).toBe(ended.timeMs - started.timeMs);
    expect(ended.peakMg).toBeGreaterThan(2200);
    expect(peekOpen.timeMs).toBeGreaterThanOrEqual(3500);
    expect(peekOpen.timeMs).toBeLessThanOrEqual(3510);
    expect(peekClose.openMs).toBe(peekClose.timeMs - peekOpen.timeMs);
    expect(peekClose.openMs).toBeGreaterThanOrEqual(690);
    expect(peekClose.openMs).toBeLessThanOrEqual(710);
    expect(lift.timeMs).toBeGreaterThanOrEqual(6500);
    expect(lift.timeMs).toBeLessThanOrEqual(6510);
  });

  it('keeps State in step with the events', () => {
    const states = [...framesOf('read-state', 'live'), ...framesOf('notify-state', 'live')].map(
      (f) => ok(decodeState(fromHex(f.hex)), f.hex),
    );
    expect(states[0]).toMatchObject({ lastSeq: 0, oldestSeq: 0, batteryPercent: 90 });
    expect(states.some((s: CupState) => s.shaking)).toBe(true);
    expect(states.at(-1)).toMatchObject({
      lidOpen: true,
      shaking: false,
      lastSeq: 5,
      shakeCount: 1,
      lidOpenCount: 2,
    });
  });

  it('replays the whole log byte for byte after replay_since(65535)', () => {
    const [request] = frames.filter((f) => f.kind === 'write-control');
    expect(ok(decodeControl(fromHex(request.hex)), request.hex)).toEqual({
      op: 'replay_since',
      requestId: 1,
      sinceSeq: 65535,
    });
    const after = frames.slice(frames.indexOf(request) + 1);
    // The Reply comes first, then the events.
    expect(after[0].kind).toBe('notify-reply');
    expect(ok(decodeReply(fromHex(after[0].hex)), after[0].hex)).toEqual({
      op: 'replay_since',
      requestId: 1,
      status: 'ok',
      firstSeq: 0,
      count: 6,
    });
    const replayed = framesOf('notify-events', 'after-replay');
    const booted = ok(decodeEvent(fromHex(replayed[0].hex)), replayed[0].hex);
    expect(booted).toMatchObject({ type: 'booted', seq: 0 });
    expect(replayed.slice(1).map((f) => f.hex)).toEqual(
      framesOf('notify-events', 'live').map((f) => f.hex),
    );
  });
});
