/** A fake Puck running the Puck.js firmware with the WebAssembly core (tests' helpers). */
import {
  CHARACTERISTIC_UUIDS,
  SERVICE_UUID,
  decodeEvent,
  type CupEvent,
} from '../../../firmware-protocol/codec';
import {
  FakePuck,
  FakeStorage,
} from '../../../firmware-protocol/boards/puck-js/fake/fake-espruino';
import { wasmCores } from '../../../firmware-protocol/boards/puck-js/fake/wasm-core';
import { CupWorld, EARTH, MAGNET } from '../../../firmware-protocol/boards/puck-js/fake/world';
import { PuckFirmware } from '../../../firmware-protocol/boards/puck-js/src/calibration';
import { Files } from '../../../firmware-protocol/boards/puck-js/src/store';

export const DEVICE_ID = Uint8Array.of(0x4d, 0x69, 0x61, 0x50, 0x75, 0x63, 0x3f, 0x2a);
export const MIA = SERVICE_UUID;
export const uuid = CHARACTERISTIC_UUIDS;

/** Storage with a good lid calibration (as the button would have made it). */
export function calibratedStorage(): FakeStorage {
  const storage = new FakeStorage();
  const on = { x: EARTH.x + MAGNET.x, y: EARTH.y + MAGNET.y, z: EARTH.z + MAGNET.z };
  storage.write(Files.lid, JSON.stringify({ on, off: EARTH }));
  return storage;
}

export async function bootPuck(storage: FakeStorage = calibratedStorage(), seed = 7) {
  const world = new CupWorld();
  const puck = new FakePuck(DEVICE_ID, { storage, world, seed });
  const env = puck.env();
  const firmware = new PuckFirmware(env, await wasmCores(env.E));
  firmware.start();
  puck.clock.advance(200);
  return { puck, world, firmware, nrf: puck.nrf };
}

/** The app connected and subscribed to Events, State and Reply. */
export function connectApp(puck: FakePuck): void {
  puck.nrf.centralConnects();
  for (const c of [uuid.events, uuid.state, uuid.reply]) puck.nrf.subscribe(MIA, c, true);
}

export function heardEvents(puck: FakePuck): CupEvent[] {
  return puck.nrf.heard
    .filter((n) => n.characteristic === uuid.events)
    .map((n) => {
      const e = decodeEvent(n.bytes);
      if (!e.ok) throw new Error(`event does not decode: ${e.detail}`);
      return e.value;
    });
}
