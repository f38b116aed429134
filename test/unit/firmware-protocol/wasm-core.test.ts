/**
 * The C reference core as WebAssembly (firmware-protocol/wasm/): CupCore boots, reads, takes
 * samples, lid readings and Control writes, and its frames decode with the app's codec.
 */
import { describe, expect, it } from 'vitest';
import {
  Capability,
  DEFAULT_CONFIG,
  decodeAdvert,
  decodeInfo,
  decodeTelemetry,
  fromHex,
  appProof,
  cupProof,
  importOwnerKey,
  newNonce,
  toHex,
  type Config,
  type ControlRequest,
} from '../../../firmware-protocol/codec';
import { CupCore } from '../../../firmware-protocol/wasm';
import auth from '../../../firmware-protocol/vectors/auth.json';
import { xorshiftBytes } from './core-session';
import { SETUP, boot, connect, drain, exchange, feed, ok, write } from './wasm-core-fixture';

describe('CupCore (the C core as WebAssembly)', () => {
  it('boots: Info, State and the advert decode with the codec', async () => {
    const core = await boot();
    const info = ok(decodeInfo(core.readInfo()));
    expect(info).toMatchObject({ protocolMajor: 1, protocolMinor: 2, capabilities: 0x7f });
    expect(info.firmware).toEqual({ major: 2, minor: 3, patch: 4 });
    expect(info).toMatchObject({ deviceId: 'a1b2c3d4e5f63f2a', eventLogCapacity: 64 });
    const state = core.state(1234);
    expect(state).toMatchObject({ timeMs: 1234, lastSeq: 0, oldestSeq: 0, owned: false });
    expect(state.batteryPercent).toBeNull();
    // The boot id is the first 4 random bytes, little-endian.
    const bytes = new Uint8Array(4);
    xorshiftBytes({ x: 1 }, bytes);
    expect(core.bootId).toBe(new DataView(bytes.buffer).getUint32(0, true));
    expect(ok(decodeAdvert(core.readAdvert()))).toMatchObject({ owned: false });
    connect(core, 5);
    const replay = exchange(core, 6, { op: 'replay_since', requestId: 1, sinceSeq: 0xffff });
    expect(replay.replies).toEqual([
      { op: 'replay_since', requestId: 1, status: 'ok', firstSeq: 0, count: 1 },
    ]);
    expect(replay.events).toEqual([{ type: 'booted', seq: 0, timeMs: 0, bootId: core.bootId }]);
  });

  it('finds a shake in samples at 100 Hz', async () => {
    const core = await boot();
    connect(core, 0);
    const events = feed(core, 'vigorous-shake.csv');
    expect(events.map((e) => e.type)).toEqual(['shake_started', 'shake_ended']);
    const [started, ended] = events;
    expect(started.timeMs).toBeGreaterThanOrEqual(1000);
    expect(started.timeMs).toBeLessThanOrEqual(1250);
    if (ended.type !== 'shake_ended') throw new Error('no shake_ended');
    expect(ended.durationMs).toBeGreaterThanOrEqual(1500);
    expect(ended.durationMs).toBeLessThanOrEqual(2000);
    expect(core.state(6000)).toMatchObject({ shakeCount: 1, shaking: false, lastSeq: 2 });
  });

  it('debounces the lid and reports it open and closed', async () => {
    const core = await boot();
    connect(core, 0);
    core.lid(0, 0);
    core.lid(100, 1);
    core.tick(120);
    expect(core.lidOpen).toBe(false); // still within the 50 ms debounce
    core.tick(150);
    expect(core.lidOpen).toBe(true);
    core.lid(900, 0);
    core.tick(1000);
    expect(core.lidOpen).toBe(false);
    expect(drain(core, 1000).events).toEqual([
      { type: 'lid_opened', seq: 1, timeMs: 100 },
      { type: 'lid_closed', seq: 2, timeMs: 900, openMs: 800 },
    ]);
  });

  it('a 1.1 board answers identify on a cup without an owner and calls the hook (1.2: needs_proof); a 1-byte write is an ATT error', async () => {
    const identified: [number, number][] = [];
    const hooks = { identify: (pattern: number, ms: number) => identified.push([pattern, ms]) };
    const request = { op: 'identify', requestId: 7, blink: true, buzz: false, durationMs: 500 };
    const newer = await boot(hooks);
    connect(newer, 0);
    expect(write(newer, 10, request as ControlRequest).status).toBe('needs_proof');
    const core = await boot(hooks, { protocolMinor: 1 });
    connect(core, 0);
    expect(write(core, 10, request as ControlRequest)).toEqual({
      op: 'identify',
      requestId: 7,
      status: 'ok',
    });
    expect(identified).toEqual([[1, 500]]);
    expect(core.controlWrite(20, new Uint8Array([1]))).toBe(0x0d);
    expect(core.nextNotification(20)).toBeNull();
  });

  it('a 1.1 board: is claimed, asks its challenge and takes the proof (auth.json)', async () => {
    const vector = auth.vectors[0];
    const owners: (string | null)[] = [];
    // The random hook gives the boot id, then each connection's challenge: the vector's.
    const core = await boot(
      {
        random: (buf) => buf.set(buf.length === 16 ? fromHex(vector.challenge) : [9, 9, 9, 9]),
        ownerChanged: (key) => owners.push(key && toHex(key)),
      },
      { protocolMinor: 1 },
    );
    connect(core, 0);
    expect(write(core, 1, { op: 'claim', requestId: 1, key: vector.key }).status).toBe('ok');
    expect(owners).toEqual([vector.key]);
    expect([core.owned, core.proven]).toEqual([true, true]);
    core.connected(100, false);
    connect(core, 200);
    expect(core.proven).toBe(false);
    expect(write(core, 201, { op: 'read_config', requestId: 2 }).status).toBe('needs_proof');
    const challenge = write(core, 202, { op: 'auth_challenge', requestId: 3 });
    expect(challenge).toMatchObject({ status: 'ok', challenge: vector.challenge });
    expect(write(core, 203, { op: 'auth_prove', requestId: 4, answer: vector.answer })).toEqual({
      op: 'auth_prove',
      requestId: 4,
      status: 'ok',
    });
    expect(core.proven).toBe(true);
    expect(write(core, 204, { op: 'read_config', requestId: 5 })).toMatchObject({ status: 'ok' });
  });

  it('proves itself and takes a WebCrypto answer (1.2); denies a wrong one', async () => {
    const core = await boot({}, { ownerKey: fromHex('00112233445566778899aabbccddeeff') });
    const key = await importOwnerKey('00112233445566778899aabbccddeeff');
    const other = await importOwnerKey('ffeeddccbbaa99887766554433221100');
    connect(core, 0);
    const ask = (id: number) => write(core, id, { op: 'auth_challenge', requestId: id });
    const nonce = newNonce();
    const first = ask(1);
    if (first.op !== 'auth_challenge' || first.status !== 'ok') throw new Error('no challenge');
    const cup = write(core, 2, { op: 'auth_cup_proof', requestId: 2, nonce });
    expect(cup).toMatchObject({ status: 'ok', proof: await cupProof(key, first.challenge, nonce) });
    const wrong = await appProof(other, first.challenge, nonce);
    expect(write(core, 3, { op: 'auth_prove', requestId: 3, answer: wrong }).status).toBe('denied');
    const second = ask(4);
    if (second.op !== 'auth_challenge' || second.status !== 'ok') throw new Error('no challenge');
    expect(second.challenge).not.toBe(first.challenge); // a proof spends the challenge
    write(core, 5, { op: 'auth_cup_proof', requestId: 5, nonce });
    const right = await appProof(key, second.challenge, nonce);
    expect(write(core, 6, { op: 'auth_prove', requestId: 6, answer: right }).status).toBe('ok');
    expect(core.shouldDisconnect(20_000)).toBe(false);
  });

  it('drops an unproven connection after 5 s, and keeps that stranger out for a while', async () => {
    const core = await boot({}, { ownerKey: new Uint8Array(16).fill(7) });
    const stranger = fromHex('a1a2a3a4a5a6');
    connect(core, 1000, stranger);
    expect(core.shouldDisconnect(5_999)).toBe(false);
    expect(core.shouldDisconnect(6_000)).toBe(true);
    core.connected(6_000, false);
    connect(core, 7_999, stranger);
    expect(core.shouldDisconnect(7_999)).toBe(true); // refused: 2 s after its drop
    core.connected(7_999, false);
    connect(core, 7_999, fromHex('b1b2b3b4b5b6'));
    expect(core.shouldDisconnect(7_999)).toBe(false); // another peer is let in
    core.connected(8_000, false);
    connect(core, 8_000, stranger);
    expect(core.shouldDisconnect(8_000)).toBe(false);
    expect(() => core.connected(9_000, true, new Uint8Array(5))).toThrow(/peer/);
  });

  it('1.2: identify needs the proof on a cup with an owner', async () => {
    const identified: number[] = [];
    const owner = '00112233445566778899aabbccddeeff';
    const core = await boot(
      { identify: (_, ms) => identified.push(ms) },
      { ownerKey: fromHex(owner) },
    );
    const key = await importOwnerKey(owner);
    connect(core, 0);
    const identify = { op: 'identify', blink: true, buzz: false } as const;
    expect(write(core, 1, { ...identify, requestId: 1, durationMs: 300 }).status).toBe(
      'needs_proof',
    );
    const asked = write(core, 2, { op: 'auth_challenge', requestId: 2 });
    if (asked.op !== 'auth_challenge' || asked.status !== 'ok') throw new Error('no challenge');
    const nonce = newNonce();
    write(core, 3, { op: 'auth_cup_proof', requestId: 3, nonce });
    const answer = await appProof(key, asked.challenge, nonce);
    expect(write(core, 4, { op: 'auth_prove', requestId: 4, answer }).status).toBe('ok');
    expect(write(core, 5, { ...identify, requestId: 5, durationMs: 400 }).status).toBe('ok');
    expect(identified).toEqual([400]);
  });

  it('streams telemetry frames while started, and ends the stream on stop', async () => {
    const core = await boot();
    connect(core, 0);
    const start = write(core, 1, { op: 'telemetry_start', requestId: 1, seconds: 5 });
    expect(start).toMatchObject({ status: 'ok', rateHz: 100, seconds: 5 });
    const frames = [];
    for (let t = 10; t <= 100; t += 10) {
      core.accel(t, 10, -20, t);
      core.tick(t);
      for (let n = core.nextNotification(t); n; n = core.nextNotification(t)) {
        if (n.chr === 'telemetry') frames.push(ok(decodeTelemetry(n.frame)));
      }
    }
    expect(frames.length).toBeGreaterThanOrEqual(4);
    expect(frames[0]).toMatchObject({ seq: 0, kind: 'accel2', timeMs: 10, x: 10, y: -20, z: 10 });
    expect(frames[0]).toMatchObject({ intervalMs: 10, x2: 10, y2: -20, z2: 20 });
    const stop = exchange(core, 200, { op: 'telemetry_stop', requestId: 2 });
    expect(stop.replies).toEqual([
      { op: 'telemetry_stop', requestId: 2, status: 'ok', frames: frames.length + 1 },
    ]);
    const [chr, hex] = stop.frames[stop.frames.length - 1].split(' ');
    expect(chr).toBe('telemetry');
    expect(ok(decodeTelemetry(fromHex(hex)))).toMatchObject({
      seq: frames.length,
      kind: 'end',
      reason: 'stop',
    });
  });

  it('stores a written Config through the hook and boots with it again', async () => {
    const stored: Config[] = [];
    const core = await boot({ configChanged: (c) => stored.push(c) });
    connect(core, 0);
    const config = { ...DEFAULT_CONFIG, shakeThresholdMg: 900, idleSleepS: 0 };
    write(core, 1, { op: 'write_config', requestId: 1, config });
    expect(stored).toEqual([config]);
    core.init({ ...SETUP, storedConfig: stored[0] }, 0);
    connect(core, 1);
    expect(write(core, 2, { op: 'read_config', requestId: 2 })).toMatchObject({ config });
    // A stored Config out of range gives the defaults, as in C.
    core.init({ ...SETUP, storedConfig: { ...config, shakeMinMs: 1 } }, 0);
    connect(core, 1);
    expect(write(core, 2, { op: 'read_config', requestId: 2 })).toMatchObject({
      config: DEFAULT_CONFIG,
    });
  });

  it('without a random hook, has boot id 0 and cannot be claimed', async () => {
    const core = await boot({ random: undefined });
    connect(core, 0);
    expect(core.bootId).toBe(0);
    const keyPart = '000102030405060708090a0b0c0d0e0f';
    expect(write(core, 1, { op: 'claim_begin', requestId: 1, keyPart }).status).toBe('denied');
  });

  it('keeps two cups apart: their own boot ids, events and hooks', async () => {
    const ids: string[] = [];
    const a = await boot({ identify: () => ids.push('a') }, {}, 11);
    const b = await boot(
      { identify: () => ids.push('b') },
      { capabilities: Capability.buzzer, protocolMinor: 1 }, // 1.1: it blinks for anyone
      22,
    );
    expect(a.bootId).not.toBe(b.bootId);
    connect(a, 0);
    connect(b, 0);
    expect(feed(a, 'vigorous-shake.csv').map((e) => e.type)).toEqual([
      'shake_started',
      'shake_ended',
    ]);
    expect(b.state(0)).toMatchObject({ lastSeq: 0, shakeCount: 0 });
    const request = { op: 'identify', requestId: 1, blink: true, buzz: true, durationMs: 100 };
    write(b, 1, request as ControlRequest);
    expect(ids).toEqual(['b']);
    expect(a.state(0).shakeCount).toBe(1);
  });

  it('returns frames as copies, not views of its memory', async () => {
    const core = await boot();
    const info = core.readInfo();
    info.fill(0);
    const state = core.readState(5);
    expect(toHex(core.readInfo())).not.toBe(toHex(info));
    core.readState(99);
    expect(state.buffer.byteLength).toBe(state.length);
  });

  it('refuses to run before init', async () => {
    const core = await CupCore.create();
    expect(() => core.tick(0)).toThrow(/init/);
  });
});
