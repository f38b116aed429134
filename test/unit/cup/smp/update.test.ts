/** The update flow against a model of a cup's SMP server, on a fake clock. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirmwareUpdate, buildImage, checkImage, type UpdateState } from '../../../../src/cup/smp';
import { later, until, useFakeClock } from '../helpers';
import { FakeCup } from './fake-cup';

const OLD = { major: 1, minor: 4, revision: 2, build: 0 };
const NEW = { major: 1, minor: 5, revision: 0, build: 0 };
const body = (n: number, seed = 1) =>
  Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

async function images() {
  return { old: await buildImage(OLD, body(3000, 1)), fresh: await buildImage(NEW, body(6000, 2)) };
}

/** Run a step of the flow, moving the fake clock until it settles. */
async function run(step: Promise<UpdateState>, maxMs = 120_000): Promise<UpdateState> {
  let result: UpdateState | undefined;
  void step.then((s) => (result = s));
  await until(() => result !== undefined, maxMs);
  return result!;
}

describe('FirmwareUpdate', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('uploads the image byte for byte, tests it, resets and confirms the new version', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old, bufSize: 256, confirmsItself: false });
    const update = new FirmwareUpdate(cup);
    const phases: string[] = [];
    update.watch((s) => phases.at(-1) !== s.phase && phases.push(s.phase));
    const chosen = await run(update.choose(fresh));
    expect(chosen).toMatchObject({ phase: 'ready', cupVersion: '1.4.2' });
    expect(cup.server.requests).toHaveLength(1); // only the image state was read
    const done = await run(update.install());
    expect(done).toMatchObject({ phase: 'done', cupVersion: '1.5.0', sent: fresh.length });
    expect(phases).toEqual([
      'checking',
      'ready',
      'uploading',
      'testing',
      'restarting',
      'confirming',
      'done',
    ]);
    expect(cup.server.runningVersion).toBe('1.5.0');
    expect(cup.server.runningConfirmed).toBe(true); // the app confirmed it
    // The cup's second slot now holds the old image; the new one ran from the upload:
    const tests = cup.server.requests.filter((r) => r.group === 1 && r.id === 0 && r.op === 2);
    expect(tests.map((r) => r.body.confirm)).toEqual([false, true]);
    const uploads = cup.server.requests.filter((r) => r.group === 1 && r.id === 1);
    const received = new Uint8Array(fresh.length);
    for (const u of uploads) received.set(u.body.data as Uint8Array, u.body.off as number);
    expect([...received]).toEqual([...fresh]);
  });

  it('keeps every SMP packet within the cup buffer and every write within 20 bytes', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old, bufSize: 128 });
    const update = new FirmwareUpdate(cup);
    await run(update.choose(fresh));
    expect((await run(update.install())).phase).toBe('done');
    expect(update.state.packetSize).toBe(128);
    expect(cup.written.every((w) => w.length <= 20)).toBe(true);
    // Rebuild the packets from the writes: each whole packet is at most the buffer size.
    let at = 0;
    const joined = Uint8Array.from(cup.written.flatMap((w) => [...w]));
    while (at < joined.length) {
      const len = 8 + ((joined[at + 2] << 8) | joined[at + 3]);
      expect(len).toBeLessThanOrEqual(128);
      at += len;
    }
  });

  it('uses 256-byte packets when the cup does not report its buffer', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old, bufSize: null });
    const update = new FirmwareUpdate(cup);
    await run(update.choose(fresh));
    expect((await run(update.install())).phase).toBe('done');
    expect(update.state.packetSize).toBe(256);
  });

  it('resumes after a drop at 40 % from the offset the cup reports', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old });
    let dropped = false;
    cup.server.onUpload = (off, len) => {
      if (!dropped && off >= len * 0.4) {
        dropped = true;
        cup.drop();
      }
    };
    const update = new FirmwareUpdate(cup);
    const phases: string[] = [];
    update.watch((s) => phases.at(-1) !== s.phase && phases.push(s.phase));
    await run(update.choose(fresh));
    const done = await run(update.install());
    expect(done).toMatchObject({ phase: 'done', resumes: 1, cupVersion: '1.5.0' });
    expect(phases).toContain('reconnecting');
    const uploads = cup.server.requests.filter((r) => r.group === 1 && r.id === 1);
    const firsts = uploads.filter((u) => u.body.off === 0);
    expect(firsts).toHaveLength(2); // the start, and the question "where are you?" after the drop
    // Nothing before the drop point was sent twice: the upload went on where the cup stood.
    const offsets = uploads.filter((u) => u.body.off !== 0).map((u) => u.body.off as number);
    expect(new Set(offsets).size).toBe(offsets.length);
  });

  it('refuses a file that is not an MCUboot image before it touches the cup', async () => {
    const { old } = await images();
    const cup = new FakeCup({ running: old });
    const update = new FirmwareUpdate(cup);
    const state = await run(
      update.choose(
        new TextEncoder().encode('#!/bin/sh\necho this is a shell script, not firmware\n'),
      ),
    );
    expect(state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'not-an-image', reason: 'bad_magic' },
    });
    expect(cup.written).toHaveLength(0);
    await expect(update.install()).rejects.toThrow('No image chosen');
  });

  it('reports a cup that came back with the old version (self-test failed: rolled back)', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old, selfTest: false });
    const update = new FirmwareUpdate(cup);
    await run(update.choose(fresh));
    const state = await run(update.install());
    expect(state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'rolled-back', running: '1.4.2', wanted: '1.5.0' },
    });
    expect(cup.server.runningVersion).toBe('1.4.2');
    // No confirm was sent for an image that is not running.
    const confirms = cup.server.requests.filter((r) => r.id === 0 && r.body.confirm === true);
    expect(confirms).toHaveLength(0);
  });

  it('reports an image the cup refuses to test', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old, accepts: () => false });
    const update = new FirmwareUpdate(cup);
    await run(update.choose(fresh));
    const state = await run(update.install());
    expect(state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'refused', step: 'test', group: 1 },
    });
    expect(cup.server.runningVersion).toBe('1.4.2');
    expect(cup.drops).toBe(0); // never reset
  });

  it('is refused by a cup whose owner this connection has not proven', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old, allowed: () => false });
    const update = new FirmwareUpdate(cup);
    expect(await run(update.choose(fresh))).toMatchObject({
      phase: 'failed',
      failure: { kind: 'refused', rc: 13 },
    });
    expect(cup.server.uploaded).toBeNull();
  });

  it('says before installing how the file stands to the image the cup runs', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old });
    const update = new FirmwareUpdate(cup);
    expect(await run(update.choose(fresh))).toMatchObject({ phase: 'ready', compared: 'newer' });
    expect(await run(update.choose(old))).toMatchObject({
      phase: 'ready',
      compared: 'same-image',
      cupVersion: '1.4.2',
    });
    const rebuilt = await buildImage(OLD, body(3000, 9));
    expect(await run(update.choose(rebuilt))).toMatchObject({ compared: 'same-version' });
    const older = await buildImage({ ...OLD, minor: 3 }, body(3000, 9));
    expect(await run(update.choose(older))).toMatchObject({ compared: 'older' });
    // Only the image state was read, once for each file: nothing was written.
    expect(cup.server.requests.map((r) => [r.op, r.group, r.id])).toEqual(
      Array.from({ length: 4 }, () => [0, 1, 0]),
    );
  });

  it('cancels the upload, and installing again goes on where the cup stands', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old });
    const update = new FirmwareUpdate(cup);
    let cancelled = false;
    cup.server.onUpload = (off, len) => {
      if (!cancelled && off >= len * 0.4) {
        cancelled = true;
        update.cancel();
      }
    };
    await run(update.choose(fresh));
    const stopped = await run(update.install());
    expect(stopped.phase).toBe('stopped');
    const before = cup.server.requests.length;
    const stoppedAt = cup.server.uploaded!.length;
    expect(stoppedAt).toBeGreaterThanOrEqual(fresh.length * 0.4);
    expect(stoppedAt).toBeLessThan(fresh.length);
    // Stopped means stopped: nothing more goes to the cup while it waits.
    await later(30_000);
    expect(cup.server.requests).toHaveLength(before);
    expect(update.state.phase).toBe('stopped');

    const done = await run(update.install());
    expect(done).toMatchObject({ phase: 'done', cupVersion: '1.5.0' });
    const uploads = cup.server.requests.filter((r) => r.group === 1 && r.id === 1);
    // The start, and after the cancel the first chunk again: the cup answered where it stood.
    expect(uploads.filter((u) => u.body.off === 0)).toHaveLength(2);
    const offsets = uploads.filter((u) => u.body.off !== 0).map((u) => u.body.off as number);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect([...cup.server.uploaded!]).toEqual([...fresh]);
  });

  it('cancels while it waits for a dropped cup to come back', async () => {
    const { old, fresh } = await images();
    const cup = new FakeCup({ running: old });
    cup.awayMs = 50_000;
    let dropped = false;
    cup.server.onUpload = (off, len) => {
      if (!dropped && off >= len * 0.4) {
        dropped = true;
        cup.drop();
      }
    };
    const update = new FirmwareUpdate(cup);
    await run(update.choose(fresh));
    const installing = update.install();
    await until(() => update.state.phase === 'reconnecting', 20_000);
    update.cancel();
    expect(await run(installing, 1_000)).toMatchObject({ phase: 'stopped' });
  });

  it('says so when the image already runs on the cup', async () => {
    const { old } = await images();
    const cup = new FakeCup({ running: old });
    const update = new FirmwareUpdate(cup);
    await run(update.choose(old));
    expect(await run(update.install())).toMatchObject({
      phase: 'failed',
      failure: { kind: 'already-running', version: '1.4.2' },
    });
  });

  it('gives up on a cup that stops answering, and on one that never comes back', async () => {
    const { old, fresh } = await images();
    const silent = new FakeCup({ running: old });
    const update = new FirmwareUpdate(silent, { responseMs: 1_000, retries: 2 });
    await run(update.choose(fresh));
    silent.silent = true;
    expect(await run(update.install())).toMatchObject({
      phase: 'failed',
      failure: { kind: 'lost' },
    });

    const away = new FakeCup({ running: old });
    away.staysAway = true;
    const second = new FirmwareUpdate(away, { reconnectMs: 5_000 });
    await run(second.choose(fresh));
    expect(await run(second.install())).toMatchObject({
      phase: 'failed',
      failure: { kind: 'lost' },
    });
  });

  it('the test image it uploads is what checkImage reads', async () => {
    const { fresh } = await images();
    expect(checkImage(fresh)).toMatchObject({ ok: true, value: { version: NEW } });
  });
});
