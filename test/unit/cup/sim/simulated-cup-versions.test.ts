/**
 * The simulated cup's board around the C core (fake clock): its protocol 1.0 wrapper, and the
 * core's reset gesture as the board feeds it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeInfo, decodeState, newOwnerKey } from '../../../../firmware-protocol/codec';
import { later, useFakeClock } from '../helpers';
import { cup } from './board';

beforeEach(useFakeClock);
afterEach(() => vi.useRealTimers());

describe('a protocol 1.0 cup (a wrapper around the 1.1 core)', () => {
  it('says 1.0, has no telemetry, no boot id and no owner, and knows no 1.1 opcode', async () => {
    const { fw, replies, events, write } = await cup({ protocol: { major: 1, minor: 0 } });
    const info = decodeInfo(fw.readInfo());
    expect(info.ok && [info.value.protocolMinor, info.value.capabilities & 0xc0]).toEqual([0, 0]);
    const state = decodeState(fw.readState());
    expect(state.ok && [state.value.bootId, state.value.owned]).toEqual([null, false]);
    write({ op: 'claim', requestId: 1, key: newOwnerKey() });
    write({ op: 'telemetry_start', requestId: 2, seconds: 5 });
    expect(replies().map((r) => r.status)).toEqual(['unknown_opcode', 'unknown_opcode']);
    expect(fw.owner.owned).toBe(false);
    write({ op: 'replay_since', requestId: 3, sinceSeq: 0xffff });
    await later(0);
    expect(events()[0]).toMatchObject({ type: 'booted', seq: 0, bootId: null });
  });
});

describe("the reset gesture (the core's), on the board", () => {
  it('switched on with the lid open and held 5 s: the owner is forgotten, with a blink and buzz', async () => {
    const { fw } = await cup({ ownerKey: newOwnerKey(), lidOpenAtBoot: true });
    await later(5_100);
    expect(fw.owner.owned).toBe(false);
    expect(fw.identified.at(-1)).toEqual({ blink: true, buzz: true, durationMs: 2_000 });
  });
});
