import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeEvent, encodeInfo } from '../../../firmware-protocol/codec';
import {
  CupConnection,
  CupDisconnectedError,
  SimulatedCup,
  SimulatedTransport,
  inMemory,
  type CupEvent,
  type CupSensorEvent,
} from '../../../src/cup';

const backoff = { baseMs: 1_000, factor: 2, maxMs: 8_000, jitter: 0, maxAttempts: 4 };

function setUp(cup = new SimulatedCup({ now: () => Date.now() })) {
  const connection = new CupConnection({
    transport: new SimulatedTransport(cup),
    memory: inMemory(),
    backoff,
    random: () => 0,
    connectTimeoutMs: 2_000,
    requestTimeoutMs: 1_000,
    replyTimeoutMs: 1_000,
    staleAfterMs: 20_000,
  });
  const events: CupEvent[] = [];
  connection.on((e) => events.push(e));
  const sensed = () =>
    events.filter((e): e is CupSensorEvent => 'seq' in e).map((e) => `${e.type}#${e.seq}`);
  return { cup, fw: cup.firmware, connection, events, sensed };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('CupConnection with the simulated cup', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('connects, reads Info, device information, battery and State', async () => {
    const { connection, events } = setUp();
    await connection.connect();
    const snap = connection.snapshot;
    expect(snap.status).toEqual({ phase: 'connected' });
    expect(snap.info?.firmware).toEqual({ major: 1, minor: 4, patch: 2 });
    expect(snap.device).toEqual({
      manufacturer: 'Mia Cup project',
      model: 'MC-1',
      firmwareRevision: '1.4.2',
      hardwareRevision: 'rev B',
    });
    expect(snap.battery).toBe(87);
    await flush();
    expect(connection.snapshot.config?.shakeThresholdMg).toBe(1200);
    expect(events.map((e) => e.type)).toContain('info');
  });

  it('turns shakes and lid lifts into typed events, once each, in order, with a live state', async () => {
    const { fw, connection, sensed } = setUp();
    await connection.connect();
    fw.startShake();
    await flush();
    expect(connection.snapshot.shaking).toBe(true);
    vi.advanceTimersByTime(700);
    fw.endShake(3100);
    fw.openLid();
    await flush();
    expect(connection.snapshot.shaking).toBe(false);
    expect(connection.snapshot.lidOpen).toBe(true);
    vi.advanceTimersByTime(1200);
    fw.closeLid();
    await flush();
    expect(sensed()).toEqual(['shake-started#1', 'shake-ended#2', 'lid-opened#3', 'lid-closed#4']);
  });

  it('reports the shake duration and how long the lid was open', async () => {
    const { fw, connection, events } = setUp();
    await connection.connect();
    fw.startShake();
    vi.advanceTimersByTime(640);
    fw.endShake(2900);
    fw.openLid();
    vi.advanceTimersByTime(300);
    fw.closeLid();
    await flush();
    expect(events.find((e) => e.type === 'shake-ended')).toMatchObject({
      durationMs: 640,
      peakMg: 2900,
    });
    expect(events.find((e) => e.type === 'lid-closed')).toMatchObject({ openMs: 300 });
  });

  it('after a link loss: reconnects with backoff, replays what it missed, nothing twice', async () => {
    const { cup, fw, connection, sensed } = setUp();
    await connection.connect();
    fw.startShake();
    fw.endShake();
    await flush();
    cup.reachable = false;
    cup.linkLoss();
    expect(connection.status).toEqual({
      phase: 'reconnecting',
      attempt: 1,
      retryAt: Date.now() + 1_000,
    });
    // Played on while the link is down: logged by the cup, not notified.
    fw.openLid();
    fw.closeLid();
    await vi.advanceTimersByTimeAsync(1_000); // first retry fails: unreachable
    expect(connection.status).toMatchObject({ phase: 'reconnecting', attempt: 2 });
    expect((connection.status as { retryAt: number }).retryAt - Date.now()).toBe(2_000);
    cup.reachable = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connection.status).toEqual({ phase: 'connected' });
    await flush();
    fw.startShake();
    await flush();
    expect(sensed()).toEqual([
      'shake-started#1',
      'shake-ended#2',
      'lid-opened#3',
      'lid-closed#4',
      'shake-started#5',
    ]);
  });

  it('fills a gap in live notifications by a replay', async () => {
    const { fw, connection, sensed, events } = setUp();
    await connection.connect();
    fw.dropLive = 2; // the next two notifications are lost on air
    fw.openLid();
    fw.closeLid();
    fw.startShake();
    await flush();
    await flush();
    expect(sensed()).toEqual(['lid-opened#1', 'lid-closed#2', 'shake-started#3']);
    expect(events.filter((e) => e.type === 'warning')).toEqual([]);
  });

  it('warns instead of applying events too old by the cup clock', async () => {
    const { cup, fw, connection, sensed, events } = setUp();
    await connection.connect();
    cup.reachable = false;
    cup.linkLoss();
    fw.openLid(); // a lift while nobody listened...
    vi.advanceTimersByTime(60_000); // ...a minute ago
    fw.closeLid();
    cup.reachable = true;
    await vi.advanceTimersByTimeAsync(8_000);
    await flush();
    expect(connection.status).toEqual({ phase: 'connected' });
    const warnings = events.filter((e) => e.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      warning: { code: 'stale-event', event: { type: 'lid-opened' } },
    });
    // The close is recent: applied (the game decides it fits nothing).
    expect(sensed()).toEqual(['lid-closed#2']);
  });

  it('warns when the cup no longer has the events it missed', async () => {
    const cup = new SimulatedCup({ now: () => Date.now(), capacity: 4 });
    const { fw, connection, events, sensed } = setUp(cup);
    await connection.connect();
    cup.linkLoss();
    for (let i = 0; i < 4; i++) {
      fw.openLid();
      fw.closeLid();
    }
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(connection.status).toEqual({ phase: 'connected' });
    expect(events.find((e) => e.type === 'warning')).toMatchObject({
      warning: { code: 'events-lost', count: 4 },
    });
    expect(sensed()).toEqual(['lid-opened#5', 'lid-closed#6', 'lid-opened#7', 'lid-closed#8']);
  });

  it('after the cup restarted: starts counting again from booted', async () => {
    const { cup, fw, connection, events, sensed } = setUp();
    await connection.connect();
    for (let i = 0; i < 3; i++) {
      fw.startShake();
      fw.endShake();
    }
    await flush();
    fw.reboot();
    cup.drop();
    fw.openLid();
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(events.some((e) => e.type === 'warning' && e.warning.code === 'cup-restarted')).toBe(
      true,
    );
    expect(sensed().slice(-1)).toEqual(['lid-opened#1']);
  });

  it('a restart while away is noticed by the cup clock, even when the new numbers overlap', async () => {
    const { cup, fw, connection, events, sensed } = setUp();
    await connection.connect();
    await vi.advanceTimersByTimeAsync(5_000);
    fw.startShake();
    fw.endShake();
    await flush();
    expect(sensed()).toEqual(['shake-started#1', 'shake-ended#2']);
    cup.drop();
    fw.reboot();
    for (let i = 0; i < 2; i++) {
      fw.startShake();
      fw.endShake();
    }
    fw.openLid(); // numbers 1..5 of the new boot: past the 2 the app saw last
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(events.some((e) => e.type === 'warning' && e.warning.code === 'cup-restarted')).toBe(
      true,
    );
    expect(sensed().slice(2)).toEqual([
      'shake-started#1',
      'shake-ended#2',
      'shake-started#3',
      'shake-ended#4',
      'lid-opened#5',
    ]);
  });

  it('no reconnect after the players disconnect', async () => {
    const { cup, connection } = setUp();
    await connection.connect();
    connection.disconnect();
    expect(connection.status).toEqual({ phase: 'idle' });
    expect(cup.gatt.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.status).toEqual({ phase: 'idle' });
  });

  it('gives up after the last attempt: lost, and a tap reconnects', async () => {
    const { cup, connection } = setUp();
    await connection.connect();
    cup.reachable = false;
    cup.linkLoss();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000);
    expect(connection.status).toEqual({ phase: 'lost', reason: 'gave-up' });
    cup.reachable = true;
    await connection.reconnect();
    expect(connection.status).toEqual({ phase: 'connected' });
  });

  it('refuses a cup with another protocol major, with the version found', async () => {
    const cup = new SimulatedCup({ now: () => Date.now(), protocol: { major: 2, minor: 3 } });
    const { connection } = setUp(cup);
    await expect(connection.connect()).rejects.toThrow(/protocol 2\.3/);
    expect(connection.status).toEqual({
      phase: 'refused',
      found: { major: 2, minor: 3 },
      supported: 1,
    });
    expect(cup.gatt.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.status.phase).toBe('refused');
  });

  it('counts malformed frames and carries on', async () => {
    const { cup, fw, connection, sensed } = setUp();
    await connection.connect();
    const events = cup.services.get('1b6f14c6-41d3-41c4-8a54-dbc89fce81fd')!;
    const char = (await events.getCharacteristic(
      '1b6f0002-41d3-41c4-8a54-dbc89fce81fd',
    )) as unknown as {
      deliver(frame: Uint8Array): void;
    };
    char.deliver(Uint8Array.of(1, 2)); // truncated
    char.deliver(Uint8Array.of(0, 1, 0, 0, 0, 0, 0)); // type 0
    char.deliver(new Uint8Array(21)); // too long
    fw.openLid();
    await flush();
    expect(connection.snapshot.malformed).toBe(3);
    expect(connection.status).toEqual({ phase: 'connected' });
    expect(sensed()).toEqual(['lid-opened#1']);
  });

  it('identify and config writes go out as Control frames and wait for the Reply', async () => {
    const { fw, connection } = setUp();
    await connection.connect();
    await connection.identify(true, false, 1_500);
    expect(fw.identified).toEqual([{ blink: true, buzz: false, durationMs: 1_500 }]);
    const config = {
      shakeThresholdMg: 900,
      shakeMinMs: 300,
      shakeGapMs: 150,
      lidDebounceMs: 40,
      idleSleepS: 0,
    };
    await expect(connection.writeConfig(config)).resolves.toEqual(config);
    expect(fw.config).toEqual(config);
    expect(connection.snapshot.config).toEqual(config);
  });

  it('times out a connect; a connect that succeeds late is disconnected', async () => {
    const { cup, connection } = setUp();
    cup.stalled = true;
    const attempt = connection.connect();
    const check = expect(attempt).rejects.toThrow(/connect did not finish within 2000 ms/);
    await vi.advanceTimersByTimeAsync(2_000);
    await check;
    expect(connection.status).toMatchObject({ phase: 'lost' });
  });

  it('disconnects a connect that succeeds after its timeout', async () => {
    const { cup, connection } = setUp();
    cup.connectDelayMs = 3_000;
    const attempt = connection.connect();
    const check = expect(attempt).rejects.toThrow(/did not finish within 2000 ms/);
    await vi.advanceTimersByTimeAsync(2_000);
    await check;
    await vi.advanceTimersByTimeAsync(1_000); // the cup answers now: too late
    expect(cup.gatt.connected).toBe(false);
    expect(connection.status).toMatchObject({ phase: 'lost' });
  });

  it('times out a request that gets no Reply, and rejects queued requests on disconnect', async () => {
    const { cup, connection } = setUp();
    await connection.connect();
    await flush();
    cup.firmware.write = () => 0; // accepts the write, never replies
    const identify = connection.identify();
    const check = expect(identify).rejects.toThrow(/identify reply did not finish within 1000 ms/);
    await vi.advanceTimersByTimeAsync(1_000);
    await check;
    cup.stalled = true;
    const first = connection.identify();
    const second = connection.identify();
    cup.stalled = false;
    cup.linkLoss();
    await expect(first).rejects.toBeInstanceOf(CupDisconnectedError);
    await expect(second).rejects.toBeInstanceOf(CupDisconnectedError);
  });

  it('removes its listeners with the same references', async () => {
    const { cup, connection } = setUp();
    const removed: string[] = [];
    const original = cup.removeEventListener.bind(cup);
    const added: unknown[] = [];
    const originalAdd = cup.addEventListener.bind(cup);
    cup.addEventListener = (type, listener) => (added.push(listener), originalAdd(type, listener));
    cup.removeEventListener = (type, listener) => {
      if (added.includes(listener)) removed.push(type);
      original(type, listener);
    };
    await connection.connect();
    connection.forget();
    expect(removed).toEqual(['gattserverdisconnected']);
  });

  it('decodes exactly what the firmware encodes', async () => {
    const { fw } = setUp();
    expect(fw.readInfo()).toEqual(encodeInfo({ ...fw.info }));
    const frames: Uint8Array[] = [];
    fw.connect();
    fw.subscribe('events', true);
    fw.notify = (_c, frame) => frames.push(frame);
    fw.openLid();
    expect(frames[0]).toEqual(encodeEvent({ type: 'lid_opened', seq: 1, timeMs: fw.clock }));
  });
});

describe('CupConnection: remembering the cup', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('after a reload reconnects without the chooser and replays from the last number seen', async () => {
    const cup = new SimulatedCup({ now: () => Date.now() });
    const memory = inMemory();
    const first = new CupConnection({ transport: new SimulatedTransport(cup), memory });
    await first.connect();
    cup.firmware.openLid();
    await flush();
    expect(memory.load()).toMatchObject({
      webId: 'simulated-cup',
      name: 'Simulated cup',
      lastSeq: 1,
    });
    first.dispose(); // the page goes away
    cup.firmware.closeLid(); // meanwhile
    const second = new CupConnection({ transport: new SimulatedTransport(cup), memory });
    expect(second.snapshot.remembered).toEqual({ name: 'Simulated cup' });
    const seen: string[] = [];
    second.on((e) => {
      if ('seq' in e) seen.push(`${e.type}#${e.seq}`);
    });
    await expect(second.restore()).resolves.toBe(true);
    await flush();
    expect(second.status).toEqual({ phase: 'connected' });
    expect(seen).toEqual(['lid-closed#2']);
  });

  it('without a remembered cup there is nothing to restore', async () => {
    const connection = new CupConnection({
      transport: new SimulatedTransport(),
      memory: inMemory(),
    });
    await expect(connection.restore()).resolves.toBe(false);
    expect(connection.status).toEqual({ phase: 'idle' });
  });
});
