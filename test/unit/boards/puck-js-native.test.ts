/**
 * The firmware's NativeCore (what the Puck runs: E.nativeCall on the blob, the cup's memory in a
 * Uint8Array) in Node, behind a faithful fake E.nativeCall backed by the blob's own C built as
 * WebAssembly. A whole session through it gives the app the same notifications, byte for byte,
 * as the same session through CupCore, while the Storage file that holds the code moves with
 * every write and the block's buffer moves to another alignment half way.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  claimSessionKey,
  encodeControl,
  newClaimKeys,
  requestTag,
  toHex,
  type ClaimKeys,
  type ControlRequest,
} from '../../../firmware-protocol/codec';
import { FakePuck } from '../../../firmware-protocol/boards/puck-js/fake/fake-espruino';
import { NativeWasm } from '../../../firmware-protocol/boards/puck-js/fake/native-wasm';
import { wasmCores } from '../../../firmware-protocol/boards/puck-js/fake/wasm-core';
import { CupWorld } from '../../../firmware-protocol/boards/puck-js/fake/world';
import { PuckFirmware } from '../../../firmware-protocol/boards/puck-js/src/calibration';
import { BLOB_FILE, NativeCore } from '../../../firmware-protocol/boards/puck-js/src/native-core';
import {
  DEVICE_ID,
  MIA,
  calibratedStorage,
  claimUntilConfirm,
  connectApp,
  uuid,
} from './puck-js-fixture';

const board = fileURLToPath(new URL('../../../firmware-protocol/boards/puck-js/', import.meta.url));
const out = fileURLToPath(
  new URL('../../../firmware-protocol/reference/build/puck-js/', import.meta.url),
);

beforeAll(() => {
  execFileSync('bash', [`${board}native/build.sh`, 'wasm'], { stdio: 'pipe' });
}, 120_000);

const control = (puck: FakePuck, request: ControlRequest) =>
  puck.nrf.write(MIA, uuid.control, encodeControl(request));

/**
 * A session: shakes, a claim (the app's key pair `app`, two X25519 on the cup) confirmed by a
 * lift (a Storage write), identify, a sealed Config (another), a replay.
 */
async function session(native: boolean, app: ClaimKeys) {
  const storage = calibratedStorage();
  storage.write(BLOB_FILE, String.fromCharCode(...readFileSync(`${out}mia-core-puck.bin`)));
  const world = new CupWorld();
  const puck = new FakePuck(DEVICE_ID, { storage, world, constantRandom: 0x5ac3e1f0 });
  const env = puck.env();
  let wasm: NativeWasm | null = null;
  let core: NativeCore | null = null;
  let firmware: PuckFirmware;
  if (native) {
    wasm = await NativeWasm.load(`${out}mia-puck.wasm`, storage);
    puck.native = wasm;
    firmware = new PuckFirmware(
      env,
      (hooks) => (core = new NativeCore(env, hooks)),
      () => core?.storageChanged(),
    );
  } else {
    firmware = new PuckFirmware(env, await wasmCores(env.E));
  }
  firmware.start();
  puck.clock.advance(300);
  connectApp(puck);
  world.shake(puck.clock.ms + 100, 1400);
  puck.clock.advance(2500);
  const owner = await claimUntilConfirm(puck, app, 1);
  puck.clock.advance(100);
  wasm?.defragment();
  world.lidOn = false;
  puck.clock.advance(900);
  world.lidOn = true;
  puck.clock.advance(600);
  control(puck, { op: 'identify', requestId: 4, blink: true, buzz: false, durationMs: 500 });
  // Sealed (1.2): the first request of the claiming connection's session.
  const write = {
    op: 'write_config',
    requestId: 5,
    config: { ...DEFAULT_CONFIG, shakeThresholdMg: 1300 },
  } as const;
  const tag = await requestTag(await claimSessionKey(owner), 0, encodeControl(write));
  control(puck, { ...write, tag });
  control(puck, { op: 'replay_since', requestId: 6, sinceSeq: 65535 });
  puck.clock.advance(1000);
  const heard = puck.nrf.heard.map((n) => `${n.characteristic.slice(4, 8)} ${toHex(n.bytes)}`);
  return { heard, puck, wasm, storage };
}

describe('NativeCore through a faithful E.nativeCall', () => {
  it('gives the notifications CupCore gives, byte for byte, while code and block move', async () => {
    const app = await newClaimKeys();
    const viaCupCore = await session(false, app);
    const viaNative = await session(true, app);
    expect(viaNative.wasm!.calls).toBeGreaterThan(100);
    expect(viaNative.heard.length).toBeGreaterThan(15);
    expect(viaNative.heard).toEqual(viaCupCore.heard);
    // The claim and the Config were written to flash (and moved the blob there).
    expect(viaNative.storage.read('mia-owner')).toHaveLength(16);
    expect(viaNative.storage.read('mia-config')).toHaveLength(10);
    expect(viaNative.storage.read('mia-owner')).toBe(viaCupCore.storage.read('mia-owner'));
    expect(viaNative.storage.read('mia-config')).toBe(viaCupCore.storage.read('mia-config'));
    expect(viaNative.storage.writes).toBeGreaterThan(3);
  });

  it('refuses a signature with more than 4 arguments, as Espruino does', async () => {
    const storage = calibratedStorage();
    const wasm = await NativeWasm.load(`${out}mia-puck.wasm`, storage);
    expect(() => wasm.nativeCall(1, 'int(int,int,int,int,int)')).toThrow(/Parsing signature/);
  });
});
