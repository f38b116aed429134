/**
 * The simulated cup's board around the C core (fake clock): what it feeds the core (a still cup
 * is still, a shake from its readings is a shake, a lid lift is a lift, a recorded trace gives
 * the trace's events), how it hands on the core's frames (paced replays, losses on air, a drop
 * it holds for a test); its 1.0 wrapper and the reset gesture: simulated-cup-versions.test.ts.
 * What the protocol says is the core's, tested in C and against the native build
 * (test/unit/firmware-protocol/core-differential.test.ts).
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeState,
  decodeTelemetry,
  newOwnerKey,
  proofAnswer,
  type CupEvent,
} from '../../../../firmware-protocol/codec';
import { parseTrace } from '../../../../src/cup';
import { later, played, useFakeClock } from '../helpers';
import { cup } from './board';

beforeEach(useFakeClock);
afterEach(() => vi.useRealTimers());

const summary = (events: CupEvent[]) => events.map((e) => `${e.type}#${e.seq}`);

describe('what the board feeds the core', () => {
  it('a cup at rest is still: a minute of its readings gives no event', async () => {
    const { events } = await cup();
    await later(60_000);
    expect(summary(events())).toEqual([]);
  });

  it('a person shaking it: the detector reports the shake, with its duration and peak', async () => {
    const { fw, events } = await cup();
    const start = fw.clock;
    await played(fw.shakeFor(1_200));
    const [started, ended] = events();
    expect(summary(events())).toEqual(['shake_started#1', 'shake_ended#2']);
    expect(started.timeMs - start).toBeLessThan(150); // when the motion began
    expect(ended.type === 'shake_ended' && ended.durationMs).toBeGreaterThan(1_000);
    expect(ended.type === 'shake_ended' && ended.peakMg).toBeGreaterThan(2_500);
  });

  it('a dice-cup shake is one shake however the hand starts it (10 hands, 1 s and 2 s)', async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { fw, events } = await cup({ seed });
      await later(seed * 37); // a different phase of the board's sampling each time
      await played(fw.shakeFor(1_000));
      await played(fw.shakeFor(2_000));
      expect(summary(events()), `seed ${seed}`).toEqual([
        'shake_started#1',
        'shake_ended#2',
        'shake_started#3',
        'shake_ended#4',
      ]);
    }
  });

  it('a lid lifted for 400 ms is an opening and a closing 400 ms apart; a 20 ms blip is nothing', async () => {
    const { fw, events } = await cup();
    fw.openLid();
    await later(20);
    fw.closeLid(); // shorter than the debounce (50 ms)
    await later(200);
    await played(fw.liftFor(400));
    const [opened, closed] = events();
    expect(summary(events())).toEqual(['lid_opened#1', 'lid_closed#2']);
    expect(closed.type === 'lid_closed' && closed.openMs).toBeCloseTo(400, -1.5);
    expect(closed.timeMs - opened.timeMs).toBeCloseTo(400, -1.5);
  });

  it('a recorded trace played in gives the events the C core gives it', async () => {
    const { fw, events } = await cup();
    const dir = new URL('../../../../firmware-protocol/reference/traces/', import.meta.url);
    const trace = parseTrace(readFileSync(new URL('whole-turn.csv', dir), 'utf8'));
    const expected = readFileSync(new URL('whole-turn.expected.csv', dir), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const start = fw.clock;
    await played(fw.play(trace.rows));
    expect(events().map((e) => e.type)).toEqual(expected.map(([type]) => type));
    events().forEach((e, i) => {
      const [, min, max] = expected[i].map(Number);
      expect(e.timeMs - start).toBeGreaterThanOrEqual(min);
      expect(e.timeMs - start).toBeLessThanOrEqual(max);
    });
  });

  it('a trace played on a busy machine (each wait ends late) gives the same events', async () => {
    const dir = new URL('../../../../firmware-protocol/reference/traces/', import.meta.url);
    const trace = parseTrace(readFileSync(new URL('whole-turn.csv', dir), 'utf8'));
    const run = async (late: number) => {
      const { fw, events } = await cup();
      const start = fw.clock;
      const clockReads: number[] = [];
      await played(
        fw.play(
          trace.rows,
          (ms) =>
            new Promise((done) =>
              setTimeout(() => {
                clockReads.push(fw.clock); // the radio reads the clock meanwhile
                done();
              }, ms + late),
            ),
        ),
        60_000,
      );
      expect(clockReads).toEqual([...clockReads].sort((a, b) => a - b));
      return events().map((e) => ({ ...e, timeMs: e.timeMs - start }));
    };
    const onTime = await run(0);
    expect(onTime.map((e) => e.type)).toContain('shake_ended');
    expect(await run(30)).toEqual(onTime);
  });

  it('a telemetry stream carries the readings the board feeds: a cup at rest reads 1 g', async () => {
    const { out, write } = await cup();
    write({ op: 'telemetry_start', requestId: 1, seconds: 2 });
    await later(2_500);
    const frames = out.filter((o) => o.c === 'telemetry').map((o) => decodeTelemetry(o.frame));
    const samples = frames.flatMap((f) =>
      f.ok && f.value.kind === 'accel2'
        ? [
            [f.value.x, f.value.y, f.value.z],
            [f.value.x2, f.value.y2, f.value.z2],
          ]
        : [],
    );
    expect(frames.at(-1)).toMatchObject({ ok: true, value: { kind: 'end', reason: 'limit' } });
    expect(samples.length).toBeGreaterThan(180); // 100 Hz, two samples a frame, 2 s
    for (const [x, y, z] of samples) expect(Math.abs(Math.hypot(x, y, z) - 1_000)).toBeLessThan(60);
  });
});

describe("how the board hands on the core's frames", () => {
  it('a late timer loses no telemetry frame: the readings it catches up on go out one by one', async () => {
    const { out, write } = await cup();
    write({ op: 'telemetry_start', requestId: 1, seconds: 60 });
    await later(100);
    vi.setSystemTime(Date.now() + 240); // the board's timer fires 240 ms late (a busy page)
    await later(100);
    write({ op: 'telemetry_stop', requestId: 2 });
    const seqs = out.filter((o) => o.c === 'telemetry').map((o) => o.frame[0] | (o.frame[1] << 8));
    expect(seqs.length).toBeGreaterThan(20);
    expect(seqs).toEqual(seqs.map((_, i) => i)); // numbered from 0, none spent on a loss
  });

  it('logs but does not notify while nobody is connected; a restart begins at booted', async () => {
    const { fw, events } = await cup();
    const boot = fw.bootId;
    fw.disconnect();
    await played(fw.liftFor(200));
    expect(events()).toEqual([]);
    fw.reboot();
    expect(fw.bootId).not.toBe(boot);
    const state = decodeState(fw.readState());
    expect(state.ok && [state.value.lastSeq, state.value.bootId]).toEqual([0, fw.bootId]);
  });

  it('a paced replay: one event a link interval, and a second replay meanwhile is busy', async () => {
    const { fw, events, replies, write } = await cup({ replayPaceMs: 100 });
    for (let i = 0; i < 3; i++) await played(fw.liftFor(100)); // 1..6
    const live = events().length;
    write({ op: 'replay_since', requestId: 1, sinceSeq: 0 });
    await later(0);
    expect(events().length).toBe(live); // the first event one interval after the Reply
    write({ op: 'replay_since', requestId: 2, sinceSeq: 0 });
    await later(100); // its Reply takes the next turn of the link
    expect(replies().map((r) => [r.requestId, r.status])).toEqual([
      [1, 'ok'],
      [2, 'busy'],
    ]);
    await later(1_000);
    expect(summary(events().slice(live))).toEqual(summary(events().slice(0, 6)));
  });

  it('dropLive loses the next notifications on air (they stay in the log)', async () => {
    const { fw, events } = await cup();
    fw.dropLive = 1;
    await played(fw.liftFor(100));
    expect(summary(events())).toEqual(['lid_closed#2']);
    expect(decodeState(fw.readState())).toMatchObject({ value: { lastSeq: 2 } });
  });

  it('holds the drop of an unproven link for a test that keeps the time; a third wrong proof drops at once', async () => {
    const key = newOwnerKey();
    const { fw, dropped, write } = await cup({ ownerKey: key });
    await later(20_000);
    expect(dropped()).toBe(0); // the core asks after 5 s; the board holds it
    fw.unprovenTimeUp();
    expect(dropped()).toBe(1);
    fw.connect();
    for (let id = 1; id <= 3; id++) {
      write({ op: 'auth_challenge', requestId: id * 2 });
      write({ op: 'auth_prove', requestId: id * 2 + 1, answer: '00'.repeat(16) });
    }
    expect(dropped()).toBe(2);
  });

  it('holds a proof lost late like the unproven time: a test that keeps the time says when', async () => {
    const key = newOwnerKey();
    const { fw, dropped, replies, write } = await cup({
      ownerKey: key,
      protocol: { major: 1, minor: 1 },
    });
    write({ op: 'auth_challenge', requestId: 1 });
    const challenge = replies().find((r) => r.op === 'auth_challenge');
    write({
      op: 'auth_prove',
      requestId: 2,
      answer: await proofAnswer(key, (challenge as { challenge: string }).challenge),
    });
    await later(12_000); // proven: past the unproven time, and kept
    write({ op: 'auth_challenge', requestId: 3 });
    write({ op: 'auth_prove', requestId: 4, answer: '00'.repeat(16) });
    expect(replies().at(-1)).toMatchObject({ op: 'auth_prove', status: 'denied' });
    // Unproven again, and past its time: the core asks for the drop; the board holds it.
    expect(dropped()).toBe(0);
    fw.unprovenTimeUp();
    expect(dropped()).toBe(1);
  });

  it('ends the link at once when a peer it dropped unproven comes straight back', async () => {
    const { fw, dropped } = await cup({ ownerKey: newOwnerKey(), unprovenDropMs: 0 });
    const peer = Uint8Array.of(1, 2, 3, 4, 5, 6);
    fw.disconnect();
    fw.connect(peer);
    await later(5_100);
    expect(dropped()).toBe(1); // unproven for 5 s
    fw.connect(peer);
    expect(dropped()).toBe(2); // refused: 2 s after its drop
    fw.connect(Uint8Array.of(6, 5, 4, 3, 2, 1));
    expect(dropped()).toBe(2); // another peer is let in
    fw.disconnect();
    await later(2_000);
    fw.connect(peer);
    expect(dropped()).toBe(2);
  });

  it('a 1.1 cup proves with the right 1.1 answer (the core checks it)', async () => {
    const key = newOwnerKey();
    const { fw, replies, write } = await cup({ ownerKey: key, protocol: { major: 1, minor: 1 } });
    write({ op: 'auth_challenge', requestId: 1 });
    const challenge = replies().find((r) => r.op === 'auth_challenge');
    const answer = await proofAnswer(key, (challenge as { challenge: string }).challenge);
    write({ op: 'auth_prove', requestId: 2, answer });
    expect(replies().at(-1)).toMatchObject({ op: 'auth_prove', status: 'ok' });
    expect(fw.owner).toEqual({ key, owned: true, proven: true });
  });
});
