import { describe, expect, it } from 'vitest';
import {
  decodeEvent,
  decodeReply,
  decodeState,
  encodeControl,
  newOwnerKey,
  proofAnswer,
  type CupEvent,
  type Reply,
} from '../../../../firmware-protocol/codec';
import { CupFirmware, type FirmwareOptions } from '../../../../src/cup';

function cup(capacity = 64, options: FirmwareOptions = {}) {
  let now = 5_000;
  const fw = new CupFirmware({ now: () => now, capacity, ...options });
  const out: { c: string; frame: Uint8Array }[] = [];
  fw.notify = (c, frame) => out.push({ c, frame });
  fw.connect();
  for (const c of ['events', 'state', 'reply', 'battery'] as const) fw.subscribe(c, true);
  const events = () =>
    out
      .filter((o) => o.c === 'events')
      .map((o) => {
        const d = decodeEvent(o.frame);
        if (!d.ok) throw new Error(d.detail);
        return d.value;
      });
  const replies = () =>
    out
      .filter((o) => o.c === 'reply')
      .map((o) => {
        const d = decodeReply(o.frame);
        if (!d.ok) throw new Error(d.detail);
        return d.value;
      });
  return { fw, out, events, replies, tick: (ms: number) => (now += ms) };
}

/** The proof is checked with WebCrypto, on the event loop: wait for its Reply. */
async function answered(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

const summary = (events: CupEvent[]) => events.map((e) => `${e.type}#${e.seq}`);

describe('the simulated cup firmware', () => {
  it('numbers events from booted (0), with their own times and durations', () => {
    const { fw, events, tick } = cup();
    tick(100);
    fw.startShake();
    tick(650);
    fw.endShake(3000);
    fw.openLid();
    tick(400);
    fw.closeLid();
    expect(summary(events())).toEqual([
      'shake_started#1',
      'shake_ended#2',
      'lid_opened#3',
      'lid_closed#4',
    ]);
    expect(events()[0].timeMs).toBe(100);
    expect(events()[1]).toMatchObject({ timeMs: 750, durationMs: 650, peakMg: 3000 });
    expect(events()[3]).toMatchObject({ openMs: 400 });
  });

  it('State tells the lid, the motion, the counters and the log window', () => {
    const { fw } = cup(3);
    fw.startShake();
    fw.endShake();
    fw.openLid();
    const state = decodeState(fw.readState());
    expect(state.ok && state.value).toMatchObject({
      lidOpen: true,
      shaking: false,
      lastSeq: 3,
      shakeCount: 1,
      lidOpenCount: 1,
      oldestSeq: 1,
      batteryPercent: 87,
    });
  });

  it('replays the events after a number, Reply first, the same frames byte for byte', () => {
    const { fw, out, events, replies } = cup();
    fw.openLid();
    fw.closeLid();
    fw.startShake();
    const live = out.filter((o) => o.c === 'events').map((o) => [...o.frame]);
    out.length = 0;
    fw.write(encodeControl({ op: 'replay_since', requestId: 9, sinceSeq: 1 }));
    expect(out[0].c).toBe('reply');
    expect(replies()).toEqual([
      { op: 'replay_since', requestId: 9, status: 'ok', firstSeq: 2, count: 2 },
    ] satisfies Reply[]);
    expect(out.filter((o) => o.c === 'events').map((o) => [...o.frame])).toEqual(live.slice(1));
    expect(summary(events())).toEqual(['lid_closed#2', 'shake_started#3']);
  });

  it('says where its replay starts when the ring buffer lost the oldest', () => {
    const { fw, events, replies } = cup(4);
    for (let i = 0; i < 4; i++) {
      fw.openLid();
      fw.closeLid();
    }
    fw.write(encodeControl({ op: 'replay_since', requestId: 1, sinceSeq: 2 }));
    expect(replies()[0]).toMatchObject({ firstSeq: 5, count: 4 });
    expect(summary(events()).slice(-4)).toEqual([
      'lid_opened#5',
      'lid_closed#6',
      'lid_opened#7',
      'lid_closed#8',
    ]);
  });

  it('nothing to replay: first is the next number, count 0', () => {
    const { fw, replies } = cup();
    fw.openLid();
    fw.write(encodeControl({ op: 'replay_since', requestId: 2, sinceSeq: 1 }));
    expect(replies()[0]).toMatchObject({ firstSeq: 2, count: 0 });
  });

  it('logs but does not notify while disconnected; a reboot starts again at booted', () => {
    const { fw, events, replies } = cup();
    fw.disconnect();
    fw.openLid();
    expect(events()).toEqual([]);
    fw.reboot();
    fw.connect();
    fw.subscribe('events', true);
    fw.subscribe('reply', true);
    fw.write(encodeControl({ op: 'replay_since', requestId: 3, sinceSeq: 40 }));
    expect(replies()[0]).toMatchObject({ firstSeq: 0, count: 1 });
    expect(summary(events())).toEqual(['booted#0']);
  });

  it('answers bad Control writes as PROTOCOL.md 4.4 says', () => {
    const { fw, replies } = cup();
    expect(fw.write(Uint8Array.of(1))).toBe(0x0d); // no request id: ATT error, no Reply
    expect(replies()).toEqual([]);
    expect(fw.write(Uint8Array.of(0x0b, 5))).toBe(0);
    expect(fw.write(Uint8Array.of(0x01, 6, 0, 0xd0, 0x07))).toBe(0); // pattern 0
    expect(fw.write(Uint8Array.of(0x02, 7))).toBe(0); // replay without its number
    expect(replies()).toEqual([
      { op: 'unknown', opcode: 11, requestId: 5, status: 'unknown_opcode' },
      { op: 'identify', requestId: 6, status: 'bad_value' },
      { op: 'replay_since', requestId: 7, status: 'bad_length' },
    ]);
  });

  it('keeps a written Config and reports it', () => {
    const { fw, replies } = cup();
    const config = {
      shakeThresholdMg: 700,
      shakeMinMs: 150,
      shakeGapMs: 200,
      lidDebounceMs: 20,
      idleSleepS: 600,
    };
    fw.write(encodeControl({ op: 'write_config', requestId: 4, config }));
    fw.write(encodeControl({ op: 'read_config', requestId: 5 }));
    expect(replies()).toEqual([
      { op: 'write_config', requestId: 4, status: 'ok', config },
      { op: 'read_config', requestId: 5, status: 'ok', config },
    ]);
  });

  it('reports a lid open at boot as an opening, right after booted (1.1)', () => {
    const fw = new CupFirmware({ now: () => 0, lidOpenAtBoot: true });
    fw.connect();
    fw.subscribe('reply', true);
    fw.subscribe('events', true);
    const frames: Uint8Array[] = [];
    fw.notify = (_c, frame) => frames.push(frame);
    fw.write(encodeControl({ op: 'replay_since', requestId: 1, sinceSeq: 65535 }));
    const logged = frames.slice(1).map((f) => decodeEvent(f));
    expect(logged.map((e) => e.ok && `${e.value.type}#${e.value.seq}@${e.value.timeMs}`)).toEqual([
      'booted#0@0',
      'lid_opened#1@0',
    ]);
    expect(decodeState(fw.readState())).toMatchObject({ value: { lidOpen: true } });
  });

  it('a 1.0 cup takes a lid open at boot silently, and has no boot id', () => {
    const fw = new CupFirmware({
      now: () => 0,
      lidOpenAtBoot: true,
      protocol: { major: 1, minor: 0 },
    });
    const state = decodeState(fw.readState());
    expect(state.ok && state.value).toMatchObject({ lidOpen: true, lastSeq: 0, bootId: null });
  });

  it('draws a new boot id at every boot, in State and in booted', () => {
    const { fw } = cup();
    const first = decodeState(fw.readState());
    fw.reboot();
    const second = decodeState(fw.readState());
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect(first.value.bootId).not.toBe(second.value.bootId);
      expect(second.value.bootId).toBe(fw.bootId);
    }
  });

  it('an owned cup answers needs_proof to an unproven link, but identifies and sends no events', () => {
    const { fw, out, replies } = cup(64, { ownerKey: newOwnerKey() });
    fw.write(encodeControl({ op: 'replay_since', requestId: 1, sinceSeq: 0 }));
    fw.write(encodeControl({ op: 'write_config', requestId: 2, config: fw.config }));
    fw.write(
      encodeControl({ op: 'identify', requestId: 3, blink: true, buzz: false, durationMs: 500 }),
    );
    fw.openLid();
    expect(replies()).toEqual([
      { op: 'replay_since', requestId: 1, status: 'needs_proof' },
      { op: 'write_config', requestId: 2, status: 'needs_proof' },
      { op: 'identify', requestId: 3, status: 'ok' },
    ]);
    expect(out.filter((o) => o.c === 'events')).toEqual([]);
  });

  it('proves with the right answer; three wrong answers drop the link', async () => {
    const key = newOwnerKey();
    const { fw, replies } = cup(64, { ownerKey: key });
    let dropped = 0;
    fw.drop = () => dropped++;
    const ask = (requestId: number) => {
      fw.write(encodeControl({ op: 'auth_challenge', requestId }));
      const reply = replies().at(-1);
      return reply?.op === 'auth_challenge' && reply.status === 'ok' ? reply.challenge : '';
    };
    for (let i = 0; i < 3; i++) {
      const challenge = ask(10 + i);
      fw.write(
        encodeControl({
          op: 'auth_prove',
          requestId: 20 + i,
          answer: await proofAnswer(newOwnerKey(), challenge),
        }),
      );
      await answered(() => replies().length === 2 * (i + 1));
    }
    expect(
      replies()
        .filter((r) => r.op === 'auth_prove')
        .map((r) => r.status),
    ).toEqual(['denied', 'denied', 'denied']);
    expect(dropped).toBe(1);
    fw.connect();
    fw.subscribe('reply', true);
    const challenge = ask(30);
    fw.write(
      encodeControl({ op: 'auth_prove', requestId: 31, answer: await proofAnswer(key, challenge) }),
    );
    await answered(() => replies().at(-1)?.op === 'auth_prove');
    expect(replies().at(-1)).toEqual({ op: 'auth_prove', requestId: 31, status: 'ok' });
    expect(fw.owner.proven).toBe(true);
  });

  it('the reset gesture: switched on with the lid open and held 5 s, it forgets its owner', () => {
    let now = 0;
    const fw = new CupFirmware({ now: () => now, ownerKey: newOwnerKey() });
    fw.reboot({ lidOpen: true });
    now += 4_000;
    fw.tick();
    expect(fw.owner.owned).toBe(true);
    now += 1_000;
    fw.tick();
    expect(fw.owner.owned).toBe(false);
    expect(fw.identified.at(-1)).toEqual({ blink: true, buzz: true, durationMs: 2_000 });
  });

  it('waking from sleep by lifting the lid is no reset, however long the look', () => {
    let now = 0;
    const fw = new CupFirmware({ now: () => now, ownerKey: newOwnerKey() });
    fw.reboot({ lidOpen: true, wake: true });
    now += 8_000;
    fw.tick();
    expect(fw.owner.owned).toBe(true);
  });

  it('closing the lid before 5 s keeps the owner', () => {
    let now = 0;
    const fw = new CupFirmware({ now: () => now, ownerKey: newOwnerKey() });
    fw.reboot({ lidOpen: true });
    now += 2_000;
    fw.closeLid();
    fw.openLid();
    now += 4_000;
    fw.tick();
    expect(fw.owner.owned).toBe(true);
  });

  it('a 1.0 cup does not know the ownership opcodes', () => {
    const { replies, fw } = cup(64, { protocol: { major: 1, minor: 0 } });
    fw.write(encodeControl({ op: 'auth_challenge', requestId: 4 }));
    expect(replies()).toEqual([{ op: 'auth_challenge', requestId: 4, status: 'unknown_opcode' }]);
  });
});
