/**
 * The check's waits (fake clock): a replay is waited for as long as its events keep coming,
 * however long that takes in all, and the wait ends once the cup has been quiet for the limit;
 * a request's Reply with a wrong id ends its wait at once, a late one to an earlier request not.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckPort, PortFrame } from '../../../../src/cup/check/port';
import { Wire, shown } from '../../../../src/cup/check/wire';
import { useFakeClock } from '../helpers';

beforeEach(useFakeClock);
afterEach(() => vi.useRealTimers());

/** A port that only passes on the frames a test sends (`written`: what the check wrote). */
function standIn(): {
  port: CheckPort;
  send: (bytes: number[], source?: PortFrame['source']) => void;
  written: number[][];
} {
  const listeners = new Set<(frame: PortFrame) => void>();
  const written: number[][] = [];
  const port = {
    connected: true,
    onFrame: (listener: (frame: PortFrame) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    writeControl: (bytes: Uint8Array) => {
      written.push([...bytes]);
      return Promise.resolve();
    },
  } as unknown as CheckPort;
  const send = (bytes: number[], source: PortFrame['source'] = 'events') => {
    for (const l of listeners) l({ source, bytes: Uint8Array.from(bytes), at: Date.now() });
  };
  return { port, send, written };
}

describe('Wire.events', () => {
  it('waits for a slow replay as long as its events keep coming', async () => {
    const { port, send } = standIn();
    const wire = new Wire(port, () => Date.now(), 2_000);
    let got: number | null = null;
    void wire.events(0, 5, 2_000).then((frames) => (got = frames.length));
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1_500); // 7.5 s in all, never 2 s without an event
      expect(got).toBeNull();
      send([5, i, 0]);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(got).toBe(5);
  });

  it('gives up once the cup has been quiet for the limit', async () => {
    const { port, send } = standIn();
    const wire = new Wire(port, () => Date.now(), 2_000);
    let got: number | null = null;
    void wire.events(0, 3, 2_000).then((frames) => (got = frames.length));
    send([5, 0, 0]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(got).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toBe(1);
  });
});

describe('Wire.request', () => {
  const identify = (id: number) => [0x01, id, 0x01, 0x64, 0x00];

  it('takes a Reply of its opcode with another request id as its answer at once, unmatched', async () => {
    const { port, send, written } = standIn();
    const wire = new Wire(port, () => Date.now(), 2_000);
    let done: Awaited<ReturnType<Wire['request']>> | null = null;
    void wire.request(identify(0x10)).then((x) => (done = x));
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([identify(0x10)]);
    send([0x01, 0x0f, 0x00], 'reply'); // the id of the request before (a cup's fault)
    await vi.advanceTimersByTimeAsync(0); // no waiting out the 2 s for the right id
    expect(done).toMatchObject({ matched: false, reply: Uint8Array.of(0x01, 0x0f, 0x00) });
  });

  it('waits on for its own Reply past a late one to an earlier request that got none', async () => {
    const { port, send } = standIn();
    const wire = new Wire(port, () => Date.now(), 2_000);
    const first = wire.request(identify(0x20));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await first).toMatchObject({ matched: false, reply: null });
    let done: Awaited<ReturnType<Wire['request']>> | null = null;
    void wire.request(identify(0x21)).then((x) => (done = x));
    await vi.advanceTimersByTimeAsync(0);
    send([0x01, 0x20, 0x00], 'reply'); // the first one's, late
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBeNull();
    send([0x01, 0x21, 0x00], 'reply');
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toMatchObject({ matched: true, reply: Uint8Array.of(0x01, 0x21, 0x00) });
  });
});

describe('frames in a result', () => {
  it('name the opcode, request id, status and event type as PROTOCOL.md does', () => {
    expect(shown('control', [0x04, 0x41, 0x40, 0x1f])).toBe(
      'control write_config #65: 04 41 40 1f',
    );
    expect(shown('reply', [0x06, 0x07, 0x07])).toBe('reply auth_prove #7 denied: 06 07 07');
    expect(shown('other-reply', [0x2a, 0x01, 0x01])).toBe(
      'other-reply 0x2a #1 unknown_opcode: 2a 01 01',
    );
    expect(shown('events', [0x05, 0x00, 0x00])).toBe('events booted: 05 00 00');
    expect(shown('state', [0x01, 0x02])).toBe('state 01 02');
    expect(shown('reply', [])).toBe('reply (0 bytes)');
  });
});
