import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newOwnerKey } from '../../../../firmware-protocol/codec';
import { inMemory, type KnownCup } from '../../../../src/cup';
import { flush, later, played, setUp, until, useFakeClock } from '../helpers';

const DEVICE = 'a1b2c3d4e5f63f2a';

/** What an app that used this cup before remembers of it. */
const known = (ownerKey: string | null, extra: Partial<KnownCup> = {}): KnownCup => ({
  deviceId: DEVICE,
  webId: 'simulated-cup',
  name: 'Mia Cup 3F2A',
  minor: 1,
  ownerKey,
  bootId: null,
  lastSeq: null,
  usedAt: 1,
  ...extra,
});

describe('ownership (protocol 1.1)', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('claims a cup without an owner: the key is stored, then sent; the cup answers to it', async () => {
    const { fw, connection, memory, connected } = await setUp();
    expect(fw.owner.owned).toBe(false);
    await connected();
    const key = memory.get(DEVICE)?.ownerKey;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(fw.owner.key).toBe(key);
    expect(connection.snapshot).toMatchObject({ ownership: 'mine', claimed: true });
  });

  it('proves the key of a cup it owns, and gets its events', async () => {
    const ownerKey = newOwnerKey();
    const { fw, connection, sensed, connected } = await setUp(
      { ownerKey },
      { memory: inMemory([known(ownerKey)]) },
    );
    await connected();
    expect(connection.snapshot).toMatchObject({ ownership: 'mine', claimed: false });
    expect(fw.owner.proven).toBe(true);
    fw.startShake();
    await later(500);
    expect(sensed()).toEqual(['shake_started#1']);
  });

  it("another table's cup is refused and left alone", async () => {
    const { fw, cup, connection, memory, phase } = await setUp({ ownerKey: newOwnerKey() });
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toEqual({
      phase: 'refused',
      refusal: { kind: 'other-owner', code: '3F2A' },
    });
    expect(cup.gatt.connected).toBe(false);
    expect(fw.owner.proven).toBe(false);
    expect(memory.get(DEVICE)?.ownerKey ?? null).toBe(null);
  });

  it('a wrong key is denied: refused, and the key that no longer opens the cup is dropped', async () => {
    const wrong = newOwnerKey();
    const { fw, connection, memory, phase } = await setUp(
      { ownerKey: newOwnerKey() },
      { memory: inMemory([known(wrong)]) },
    );
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toMatchObject({ refusal: { kind: 'other-owner' } });
    expect(fw.owner.proven).toBe(false);
    expect(memory.get(DEVICE)?.ownerKey).toBe(null);
  });

  it('forgetting the cup releases it for the next table, and forgets the key', async () => {
    const { fw, connection, memory, connected, phase } = await setUp();
    await connected();
    await connection.forget();
    expect(fw.owner.owned).toBe(false);
    expect(memory.list()).toEqual([]);
    expect(phase()).toBe('idle');
  });

  it('a 1.0 cup is open: no ownership requests, and the panel says so', async () => {
    const { fw, connection, connected } = await setUp({ protocol: { major: 1, minor: 0 } });
    const writes: number[] = [];
    const write = fw.write.bind(fw);
    fw.write = (frame) => (writes.push(frame[0]), write(frame));
    await connected();
    expect(connection.snapshot).toMatchObject({ ownership: 'open', claimed: false });
    expect(writes.filter((op) => op >= 0x05)).toEqual([]);
  });

  it('the cup drops a connection that does not prove itself in time (a rogue app)', async () => {
    const { fw, cup } = await setUp({ ownerKey: newOwnerKey() });
    await cup.gatt.connect();
    expect(cup.gatt.connected).toBe(true);
    await later(9_980);
    expect(cup.gatt.connected).toBe(true);
    await later(40); // PROTOCOL.md 6: 10 s (the board acts on its next tick)
    expect(cup.gatt.connected).toBe(false);
    expect(fw.owner.proven).toBe(false);
  });
});

describe('a cup that restarted while away', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  type Cup = Awaited<ReturnType<typeof setUp>>;

  /** The cup restarts out of range; it logs a shake (1, 2) and a lift (3) in its new boot. */
  async function restartAway(fw: Cup['fw'], cup: Cup['cup']) {
    cup.reachable = false;
    cup.linkLoss();
    fw.reboot();
    await played(fw.shakeFor(1_000));
    fw.openLid();
    await later(100);
    cup.reachable = true;
  }

  /** Three looks: numbers 1..6. */
  async function threeLooks(fw: Cup['fw']) {
    for (let i = 0; i < 3; i++) await played(fw.liftFor(200));
  }

  it('within one page load: the new boot id makes the app replay from booted', async () => {
    const { fw, cup, sensed, warnings, connected, phase } = await setUp();
    await connected();
    await threeLooks(fw); // numbers 1..6 seen
    await restartAway(fw, cup); // new numbers 1..3: behind the 6 seen
    await until(() => phase() === 'connected', 20_000);
    await flush();
    expect(sensed().slice(6)).toEqual(['shake_started#1', 'shake_ended#2', 'lid_opened#3']);
    expect(warnings()).toEqual([{ code: 'cup-restarted' }]);
  });

  it('when the new numbers pass the old ones', async () => {
    const { fw, cup, sensed, connected, phase } = await setUp();
    await connected();
    fw.openLid(); // 1 seen
    await later(100);
    await restartAway(fw, cup); // 1..3 of the new boot: past the 1 seen
    await until(() => phase() === 'connected', 20_000);
    await flush();
    expect(sensed()).toEqual(['lid_opened#1', 'shake_started#1', 'shake_ended#2', 'lid_opened#3']);
  });

  it('across a page reload: the remembered boot id tells', async () => {
    const first = await setUp();
    await first.connected();
    await played(first.fw.liftFor(200));
    first.connection.dispose(); // the page goes away...
    first.fw.reboot(); // ...the cup restarts...
    first.fw.startShake(); // ...and the roll happens before the page is back
    await later(500);
    const second = await setUp({}, { memory: first.memory, cup: first.cup });
    second.connection.restore();
    await until(() => second.phase() === 'connected');
    await flush();
    expect(second.sensed()).toEqual(['shake_started#1']);
    expect(second.warnings()).toEqual([{ code: 'cup-restarted' }]);
  });

  it('a 1.0 cup (no boot id): its clock going back tells, within one page load', async () => {
    const { fw, cup, sensed, warnings, connected, phase } = await setUp({
      protocol: { major: 1, minor: 0 },
    });
    await connected();
    vi.advanceTimersByTime(60_000);
    await threeLooks(fw);
    await restartAway(fw, cup);
    await until(() => phase() === 'connected', 20_000);
    await flush();
    expect(warnings()).toEqual([{ code: 'cup-restarted' }]);
    expect(sensed().slice(6)).toEqual(['shake_started#1', 'shake_ended#2', 'lid_opened#3']);
  });
});
