import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CONFIG,
  importOwnerKey,
  newOwnerKey,
  proofAnswer,
} from '../../../../firmware-protocol/codec';
import { inMemoryKeys } from '../../../../src/cup';
import { flush, later, played, setUp, until, useFakeClock } from '../helpers';

const DEVICE = 'a1b2c3d4e5f63f2a';

/** Whether `key` (held, not readable) is the key `hex`: both prove the same. */
async function same(key: CryptoKey | null | undefined, hex: string | null): Promise<boolean> {
  if (!key || !hex) return false;
  const probe = '5a'.repeat(16);
  return (await proofAnswer(key, probe)) === (await proofAnswer(hex, probe));
}

/**
 * A person at the cup lifts its lid when the app asks (`claiming`) and the cup blinks for the
 * claim (10 s), once.
 */
function personAtCup(setup: Awaited<ReturnType<typeof setUp>>): () => boolean {
  let asked = false;
  setup.connection.watch((snap) => void (asked ||= snap.claiming !== null));
  setup.fw.onIdentify = ({ durationMs }) => {
    if (durationMs === 10_000) setTimeout(() => void setup.fw.liftFor(300), 50);
  };
  return () => asked;
}

/** The Control opcodes the app wrote to the cup. */
function opsWritten(fw: Awaited<ReturnType<typeof setUp>>['fw']): number[] {
  const ops: number[] = [];
  const write = fw.write.bind(fw);
  fw.write = (frame) => (ops.push(frame[0]), write(frame));
  return ops;
}

describe('ownership (protocol 1.2)', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('claims a cup without an owner by key agreement once the lid is lifted at the cup', async () => {
    const setup = await setUp({ ownerKey: null });
    const { fw, connection, keys, memory, connected } = setup;
    const asked = personAtCup(setup);
    await connected();
    expect(asked()).toBe(true);
    expect(fw.owner.owned).toBe(true);
    const held = await keys.get(DEVICE);
    expect(await same(held?.key, fw.owner.key)).toBe(true);
    expect(held).toMatchObject({ pending: null, minor: 2 });
    expect(memory.get(DEVICE)?.keyHeld).toBe(true);
    expect(connection.snapshot).toMatchObject({ ownership: 'mine', claimed: true, claiming: null });
    // The lift that confirmed the claim is no move (in a round, a lift of the standing claim).
    // Putting the lid back may come after the sync, and closing is no move in any round.
    await later(1_000);
    expect(setup.sensed().filter((e) => !e.startsWith('lid_closed'))).toEqual([]);
    // The claiming connection has a session: a sealed request is taken.
    await expect(connection.writeConfig(DEFAULT_CONFIG)).resolves.toEqual(DEFAULT_CONFIG);
  });

  it('nobody at the cup: not claimed, nothing kept, and the players are told', async () => {
    const { fw, connection, keys, phase } = await setUp({ ownerKey: null });
    connection.connect();
    await until(() => connection.snapshot.claiming === 'lid');
    await until(() => phase() === 'refused', 20_000);
    expect(connection.snapshot.status).toMatchObject({ refusal: { kind: 'no-gesture' } });
    expect(fw.owner.owned).toBe(false);
    expect(await keys.get(DEVICE)).toBe(null);
  });

  it('proves the key of a cup it owns only after the cup proved it, and gets its events', async () => {
    const { fw, connection, sensed, connected } = await setUp();
    const ops = opsWritten(fw);
    await connected();
    expect(ops.slice(0, 3)).toEqual([0x05, 0x0b, 0x06]); // challenge, cup's proof, app's proof
    expect(connection.snapshot).toMatchObject({ ownership: 'mine', claimed: false });
    fw.startShake();
    await later(500);
    expect(sensed()).toEqual(['shake_started#1']);
  });

  it('a move made while the first link proves itself is replayed once it is proven', async () => {
    // Nothing remembered of the cup (a first link from this tablet): its moves count from the
    // link's start. The cup logs them, but notifies none before the proof.
    const { fw, connection, sensed, phase } = await setUp();
    // The app's proof waits until the lid was lifted and put back.
    let lifted = (): void => undefined;
    const liftedAt = new Promise<void>((resolve) => (lifted = resolve));
    const sign = crypto.subtle.sign.bind(crypto.subtle);
    const spy = vi.spyOn(crypto.subtle, 'sign').mockImplementationOnce(async (...args) => {
      await liftedAt;
      return sign(...args);
    });
    connection.connect();
    await until(() => phase() === 'proving');
    await played(fw.liftFor(300));
    expect(phase()).toBe('proving');
    lifted();
    await until(() => phase() === 'connected');
    spy.mockRestore();
    await flush();
    expect(sensed()).toEqual(['lid_opened#1', 'lid_closed#2']);
    fw.startShake();
    await later(500);
    expect(sensed()).toEqual(['lid_opened#1', 'lid_closed#2', 'shake_started#3']);
  });

  it("another table's cup is refused and left alone", async () => {
    const { fw, cup, connection, keys, phase } = await setUp({ ownerKey: newOwnerKey() });
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toEqual({
      phase: 'refused',
      refusal: { kind: 'other-owner', code: '3F2A' },
    });
    expect(cup.gatt.connected).toBe(false);
    expect(fw.owner.proven).toBe(false);
    expect(await keys.get(DEVICE)).toBe(null);
  });

  it('a device that does not prove the key gets no answer, and the key is kept', async () => {
    const mine = newOwnerKey();
    const keys = inMemoryKeys({
      [DEVICE]: { key: await importOwnerKey(mine), pending: null, minor: 2 },
    });
    const { fw, connection, phase } = await setUp({ ownerKey: newOwnerKey() }, { keys });
    const ops = opsWritten(fw);
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toMatchObject({ refusal: { kind: 'unproven' } });
    expect(ops).not.toContain(0x06); // no auth_prove: nothing to relay
    expect(await same((await keys.get(DEVICE))?.key, mine)).toBe(true);
  });

  it('a cup it holds a key for that says "no owner" is asked about; claimed again when the players say so', async () => {
    const setup = await setUp({ ownerKey: null }, { keys: inMemoryKeys() });
    const old = await importOwnerKey(newOwnerKey());
    await setup.keys.put(DEVICE, { key: old, pending: null, minor: 2 });
    const { fw, connection, keys, phase } = setup;
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toMatchObject({ refusal: { kind: 'unowned' } });
    expect((await keys.get(DEVICE))?.key).toBe(old);
    expect(fw.owner.owned).toBe(false);
    personAtCup(setup);
    connection.allow('unowned');
    await until(() => phase() === 'connected', 20_000);
    expect(await same((await keys.get(DEVICE))?.key, fw.owner.key)).toBe(true);
  });

  it('a cup proven with 1.2 that says 1.1 is not taken as one, and the key is kept', async () => {
    const mine = newOwnerKey();
    const keys = inMemoryKeys({
      [DEVICE]: { key: await importOwnerKey(mine), pending: null, minor: 2 },
    });
    const { fw, connection, phase } = await setUp(
      { ownerKey: mine, protocol: { major: 1, minor: 1 } },
      { keys },
    );
    const ops = opsWritten(fw);
    connection.connect();
    await until(() => phase() === 'refused');
    expect(connection.snapshot.status).toMatchObject({
      refusal: { kind: 'downgrade', found: 1, proven: 2 },
    });
    expect(ops).toEqual([]);
    expect(await keys.get(DEVICE)).not.toBe(null);
  });

  it('forgetting the cup releases it (the cup confirms with its tag), then forgets the key', async () => {
    const { fw, connection, memory, keys, connected, phase } = await setUp();
    await connected();
    expect(await connection.forget()).toBe(true);
    expect(fw.owner.owned).toBe(false);
    expect(memory.list()).toEqual([]);
    expect(await keys.get(DEVICE)).toBe(null);
    expect(phase()).toBe('idle');
  });

  it('a forget the cup does not confirm keeps the key (not connected: nothing to release)', async () => {
    const { fw, connection, keys, connected } = await setUp();
    await connected();
    connection.disconnect();
    expect(await connection.forget()).toBe(false);
    expect(fw.owner.owned).toBe(true);
    expect(await keys.get(DEVICE)).not.toBe(null);
  });

  it('a 1.1 cup: claimed in the clear and proven as 1.1 allows', async () => {
    const { fw, connection, keys, connected } = await setUp({
      ownerKey: null,
      protocol: { major: 1, minor: 1 },
    });
    await connected();
    expect(await same((await keys.get(DEVICE))?.key, fw.owner.key)).toBe(true);
    expect(connection.snapshot).toMatchObject({ ownership: 'mine', claimed: true });
  });

  it('a 1.0 cup is open: no ownership requests, and the panel says so', async () => {
    const { fw, connection, connected } = await setUp({ protocol: { major: 1, minor: 0 } });
    const ops = opsWritten(fw);
    await connected();
    expect(connection.snapshot).toMatchObject({ ownership: 'open', claimed: false });
    expect(ops.filter((op) => op >= 0x05)).toEqual([]);
  });

  it('the cup drops a connection that does not prove itself in time (a rogue app)', async () => {
    const { fw, cup } = await setUp({ ownerKey: newOwnerKey() });
    await cup.gatt.connect();
    expect(cup.gatt.connected).toBe(true);
    await later(4_980);
    expect(cup.gatt.connected).toBe(true);
    await later(40); // PROTOCOL.md 6: 5 s (the board acts on its next tick)
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
    const second = await setUp({}, { memory: first.memory, keys: first.keys, cup: first.cup });
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
