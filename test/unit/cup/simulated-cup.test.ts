import { describe, expect, it } from 'vitest';
import {
  decodeEvent,
  decodeReply,
  decodeState,
  encodeControl,
  type CupEvent,
  type Reply,
} from '../../../firmware-protocol/codec';
import { CupFirmware } from '../../../src/cup';

function cup(capacity = 64) {
  let now = 5_000;
  const fw = new CupFirmware({ now: () => now, capacity });
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
    expect(fw.write(Uint8Array.of(0x09, 5))).toBe(0);
    expect(fw.write(Uint8Array.of(0x01, 6, 0, 0xd0, 0x07))).toBe(0); // pattern 0
    expect(fw.write(Uint8Array.of(0x02, 7))).toBe(0); // replay without its number
    expect(replies()).toEqual([
      { op: 'unknown', opcode: 9, requestId: 5, status: 'unknown_opcode' },
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
});
