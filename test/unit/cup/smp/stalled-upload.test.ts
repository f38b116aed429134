/**
 * Firmware uploads a cup cannot stall or swell (issue #31): a cup that keeps answering an
 * offset at or below the one it was sent gets five tries (PROTOCOL.md 9.5), then the update
 * gives up; a file larger than any firmware is refused unread, and a chosen file is held once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FirmwareUpdate,
  MAX_IMAGE_BYTES,
  buildImage,
  type UpdateState,
} from '../../../../src/cup/smp';
import { until, useFakeClock } from '../helpers';
import { FakeCup } from './fake-cup';

const version = (minor: number) => ({ major: 1, minor, revision: 0, build: 0 });
const body = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) & 0xff);

async function run(step: Promise<UpdateState>): Promise<UpdateState> {
  let result: UpdateState | undefined;
  void step.then((s) => (result = s));
  await until(() => result !== undefined, 120_000);
  return result!;
}

const uploads = (cup: FakeCup) => cup.server.requests.filter((r) => r.group === 1 && r.id === 1);

describe('an upload the cup does not take on', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it.each([
    ['the first chunk', 0],
    ['a chunk half way', 3_000],
  ])('a cup that answers %s again and again: five tries, then it gives up', async (_, at) => {
    const old = await buildImage(version(4), body(3_000));
    const fresh = await buildImage(version(5), body(6_000));
    const cup = new FakeCup({ running: old, bufSize: 256, repeatsOffset: at });
    const update = new FirmwareUpdate(cup);
    await run(update.choose(fresh));
    const state = await run(update.install());
    expect(state).toMatchObject({ phase: 'failed', failure: { kind: 'stalled', tries: 5 } });
    const stalledAt = (state.failure as { at: number }).at;
    expect(stalledAt).toBeLessThanOrEqual(at + 256);
    // The chunks that went on, and five that did not.
    const chunks = Math.ceil(stalledAt / 200) + 5;
    expect(uploads(cup).length).toBeLessThanOrEqual(chunks + 1);
    expect(cup.server.runningVersion).toBe('1.4.0'); // nothing tested, nothing reset
    expect(cup.drops).toBe(0);
  });
});

describe('the file chosen', () => {
  it('above the largest firmware: refused before it is read', async () => {
    const cup = new FakeCup({ running: await buildImage(version(4), body(3_000)) });
    const update = new FirmwareUpdate(cup);
    const read = vi.fn(async () => new ArrayBuffer(0));
    const state = await update.chooseFile({ size: MAX_IMAGE_BYTES + 1, arrayBuffer: read });
    expect(state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'not-an-image', reason: 'too_large' },
    });
    expect(read).not.toHaveBeenCalled();
    expect(cup.written).toHaveLength(0);
  });

  it('is held once: read once, and hashed where it lies', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    try {
      const fresh = await buildImage(version(5), body(6_000));
      const cup = new FakeCup({ running: await buildImage(version(4), body(3_000)) });
      const update = new FirmwareUpdate(cup);
      const read = vi.fn(async () => fresh.buffer);
      await run(update.chooseFile({ size: fresh.length, arrayBuffer: read }));
      digest.mockClear();
      expect((await run(update.install())).phase).toBe('done');
      expect(read).toHaveBeenCalledTimes(1);
      const hashed = digest.mock.calls.map(([, data]) => (data as Uint8Array).buffer);
      expect(hashed).toContain(fresh.buffer); // the file's own bytes, not a copy of them
    } finally {
      digest.mockRestore();
      vi.useRealTimers();
    }
  });
});
