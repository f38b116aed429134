import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHARACTERISTIC_UUIDS, SERVICE_UUID } from '../../../../firmware-protocol/codec';
import { CupDisconnectedError } from '../../../../src/cup';
import { flush, later, played, setUp, until, useFakeClock } from '../helpers';

describe('CupConnection with the simulated cup', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('connects through its states, and reads Info, device information, battery and Config', async () => {
    const { connection, events, connected, fw } = await setUp();
    const phases: string[] = [];
    connection.watch((s) => {
      if (phases.at(-1) !== s.status.phase) phases.push(s.status.phase);
    });
    await connected();
    expect(phases).toEqual(['choosing', 'connecting', 'proving', 'syncing', 'connected']);
    const snap = connection.snapshot;
    expect(snap.info).toEqual(fw.info);
    expect(snap.code).toBe('3F2A');
    expect(snap.device).toEqual({
      manufacturer: 'Mia Cup project',
      model: 'MC-1',
      firmwareRevision: '1.4.2',
      hardwareRevision: 'rev B',
    });
    expect(snap.battery).toBe(87);
    expect(snap.config?.shakeThresholdMg).toBe(1200);
    expect(events.map((e) => e.type)).toContain('info');
  });

  it('turns shakes and lid lifts into typed events, once each, in order, with a live state', async () => {
    const { fw, connection, sensed, connected } = await setUp();
    await connected();
    fw.startShake(); // the cup's detector sees the readings of a person shaking it
    await later(500);
    expect(connection.snapshot.shaking).toBe(true);
    fw.endShake();
    await later(400);
    fw.openLid();
    await later(100);
    expect(connection.snapshot.shaking).toBe(false);
    expect(connection.snapshot.lidOpen).toBe(true);
    fw.closeLid();
    await later(100);
    expect(sensed()).toEqual(['shake_started#1', 'shake_ended#2', 'lid_opened#3', 'lid_closed#4']);
  });

  it('reports durations, and when each event happened on the app clock', async () => {
    const { fw, events, connected } = await setUp();
    await connected();
    const start = Date.now();
    await played(fw.shakeFor(1_000));
    fw.openLid();
    await later(300);
    fw.closeLid();
    await later(100);
    const started = events.find((e) => e.type === 'shake_started');
    const ended = events.find((e) => e.type === 'shake_ended');
    // The detector's times are the motion's: it began within a swing of the hand's start, and
    // its duration is its end less its start; the peak is a brisk shake's.
    expect(started).toMatchObject({ at: expect.closeTo(start, -2.5) });
    expect(ended).toMatchObject({
      at: (started as { at: number }).at + (ended as { durationMs: number }).durationMs,
    });
    expect((ended as { durationMs: number }).durationMs).toBeGreaterThan(800);
    expect((ended as { peakMg: number }).peakMg).toBeGreaterThan(2_200);
    expect(events.find((e) => e.type === 'lid_closed')).toMatchObject({ openMs: 300 });
  });

  it('after a link loss: reconnects with backoff, replays what it missed, nothing twice', async () => {
    const { cup, fw, connection, sensed, connected, phase } = await setUp();
    await connected();
    await played(fw.shakeFor(1_000));
    cup.reachable = false;
    cup.linkLoss();
    await until(() => phase() === 'reconnecting');
    expect(connection.snapshot.status).toEqual({
      phase: 'reconnecting',
      attempt: 1,
      retryAt: Date.now() + 1_000,
    });
    await played(fw.liftFor(300)); // played on while the link is down: logged, not notified
    await vi.advanceTimersByTimeAsync(1_000); // the first retry fails: out of range
    await until(() => phase() === 'reconnecting');
    expect(connection.snapshot.status).toMatchObject({ attempt: 2 });
    cup.reachable = true;
    await until(() => phase() === 'connected', 3_000);
    await flush();
    fw.startShake();
    await later(500);
    expect(sensed()).toEqual([
      'shake_started#1',
      'shake_ended#2',
      'lid_opened#3',
      'lid_closed#4',
      'shake_started#5',
    ]);
  });

  it('"try now" skips the rest of the backoff wait', async () => {
    const { cup, connection, connected, phase } = await setUp();
    await connected();
    cup.linkLoss();
    await until(() => phase() === 'reconnecting');
    const due = (connection.snapshot.status as { retryAt: number }).retryAt;
    connection.retryNow();
    // The fake clock stops short of the backoff's retry: only "try now" can connect meanwhile
    // (however many real turns the proof takes on a busy machine).
    await until(() => phase() === 'connected', due - Date.now() - 1);
    expect(Date.now()).toBeLessThan(due);
  });

  it('fills a gap in live notifications by a replay, without a warning', async () => {
    const { fw, sensed, warnings, connected } = await setUp();
    await connected();
    fw.dropLive = 2; // the next two notifications are lost on air
    await played(fw.liftFor(300));
    fw.startShake();
    await later(500);
    expect(sensed()).toEqual(['lid_opened#1', 'lid_closed#2', 'shake_started#3']);
    expect(warnings()).toEqual([]);
  });

  it('a move replayed half a minute later still counts (no age limit)', async () => {
    const { cup, fw, sensed, warnings, connected, phase } = await setUp();
    await connected();
    cup.reachable = false;
    cup.linkLoss();
    fw.startShake(); // the roll while nobody listened...
    await later(500);
    vi.advanceTimersByTime(27_000); // ...27 s before the cup is back
    cup.reachable = true;
    await until(() => phase() === 'connected', 40_000);
    await flush();
    expect(warnings()).toEqual([]);
    expect(sensed()).toEqual(['shake_started#1']);
  });

  it('a replayed move that a step by hand overtook is a warning, not a move', async () => {
    let movedOnAt = -Infinity;
    const { cup, fw, sensed, warnings, connected, phase } = await setUp(
      {},
      { movedOnAt: () => movedOnAt },
    );
    await connected();
    cup.reachable = false;
    cup.linkLoss();
    const shakeAt = Date.now();
    fw.startShake();
    await later(500);
    vi.advanceTimersByTime(5_000);
    movedOnAt = Date.now(); // the table rolled by hand meanwhile
    cup.reachable = true;
    await until(() => phase() === 'connected', 40_000);
    await flush();
    expect(sensed()).toEqual([]);
    expect(warnings()).toMatchObject([
      { code: 'late-event', event: { type: 'shake_started', at: expect.closeTo(shakeAt, -2.5) } },
    ]);
  });

  it('warns when the cup no longer has the events it missed', async () => {
    const { cup, fw, warnings, sensed, connected, phase } = await setUp();
    await connected();
    cup.reachable = false;
    cup.linkLoss();
    // 34 looks while away: 68 events, more than the cup's log holds (64).
    for (let i = 0; i < 34; i++) await played(fw.liftFor(100));
    cup.reachable = true;
    await until(() => phase() === 'connected', 20_000);
    await flush();
    expect(warnings()).toEqual([{ code: 'events-lost', count: 4 }]);
    expect(sensed()).toHaveLength(64);
    expect(sensed().slice(0, 2)).toEqual(['lid_opened#5', 'lid_closed#6']);
    expect(sensed().at(-1)).toBe('lid_closed#68');
  });

  it('no reconnect after the players disconnect', async () => {
    const { cup, connection, connected, phase } = await setUp();
    await connected();
    connection.disconnect();
    expect(phase()).toBe('idle');
    expect(cup.gatt.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phase()).toBe('idle');
  });

  it('gives up after the last attempt: lost, and a tap reconnects', async () => {
    const { cup, connection, connected, phase } = await setUp();
    await connected();
    cup.reachable = false;
    cup.linkLoss();
    await until(() => phase() === 'lost', 20_000);
    expect(connection.snapshot.status).toEqual({ phase: 'lost', reason: 'gave-up' });
    cup.reachable = true;
    connection.reconnect();
    await until(() => phase() === 'connected');
  });

  it('refuses a cup with another protocol major, with the version found', async () => {
    const { cup, connection, phase } = await setUp({ protocol: { major: 2, minor: 3 } });
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toEqual({
      phase: 'refused',
      refusal: { kind: 'version', found: { major: 2, minor: 3 }, supported: 1 },
    });
    expect(cup.gatt.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phase()).toBe('refused');
  });

  it('counts malformed frames and carries on', async () => {
    const { cup, fw, connection, sensed, connected, phase } = await setUp();
    await connected();
    const service = cup.services.get(SERVICE_UUID)!;
    const char = (await service.getCharacteristic(CHARACTERISTIC_UUIDS.events)) as unknown as {
      deliver(frame: Uint8Array): void;
    };
    char.deliver(Uint8Array.of(1, 2)); // truncated
    char.deliver(Uint8Array.of(0, 1, 0, 0, 0, 0, 0)); // type 0
    char.deliver(new Uint8Array(21)); // too long
    fw.openLid();
    await later(100);
    expect(connection.snapshot.malformed).toBe(3);
    expect(phase()).toBe('connected');
    expect(sensed()).toEqual(['lid_opened#1']);
  });

  it('identify and config writes go out as Control frames and wait for the Reply', async () => {
    const { fw, connection, connected } = await setUp();
    await connected();
    const identify = connection.identify(true, false, 1_500);
    await flush();
    await identify;
    expect(fw.identified).toEqual([{ blink: true, buzz: false, durationMs: 1_500 }]);
    const config = {
      shakeThresholdMg: 900,
      shakeMinMs: 300,
      shakeGapMs: 150,
      lidDebounceMs: 40,
      idleSleepS: 0,
    };
    const write = connection.writeConfig(config);
    await flush();
    await expect(write).resolves.toEqual(config);
    expect(fw.config).toEqual(config);
    expect(connection.snapshot.config).toEqual(config);
  });

  it('times out a connect; a connect that succeeds late is disconnected', async () => {
    const { cup, connection, phase } = await setUp();
    cup.connectDelayMs = 3_000;
    connection.connect();
    await until(() => phase() === 'lost');
    expect(connection.snapshot.status).toEqual({
      phase: 'lost',
      reason: 'connect did not finish within 2000 ms.',
    });
    await vi.advanceTimersByTimeAsync(1_000); // the cup answers now: too late
    expect(cup.gatt.connected).toBe(false);
  });

  it('times out a request that gets no Reply, and rejects queued requests on a drop', async () => {
    const { cup, connection, connected } = await setUp({}, { replyTimeoutMs: 1_000 });
    await connected();
    cup.firmware.write = () => 0; // acknowledges the write, never replies
    const identify = connection.identify();
    const check = expect(identify).rejects.toThrow(/identify reply did not finish within 1000 ms/);
    await vi.advanceTimersByTimeAsync(1_000);
    await check;
    expect(connection.snapshot.error).toMatch(/identify reply/);
    cup.stalled = true;
    const first = connection.identify();
    const second = connection.identify();
    cup.stalled = false;
    cup.linkLoss();
    await expect(first).rejects.toBeInstanceOf(CupDisconnectedError);
    await expect(second).rejects.toBeInstanceOf(CupDisconnectedError);
  });

  it('removes its listeners with the same references', async () => {
    const { cup, connection, connected } = await setUp();
    const added = new Set<unknown>();
    const removed: string[] = [];
    const add = cup.addEventListener.bind(cup);
    const remove = cup.removeEventListener.bind(cup);
    cup.addEventListener = (type, listener) => (added.add(listener), add(type, listener));
    cup.removeEventListener = (type, listener) => {
      if (added.has(listener)) removed.push(type);
      remove(type, listener);
    };
    await connected();
    connection.dispose();
    expect(removed).toEqual(['gattserverdisconnected']);
  });
});
