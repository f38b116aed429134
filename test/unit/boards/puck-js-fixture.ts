/** A fake Puck running the Puck.js firmware with the WebAssembly core (tests' helpers). */
import {
  CHARACTERISTIC_UUIDS,
  SERVICE_UUID,
  agreeOwnerKey,
  claimConfirmation,
  decodeEvent,
  decodeReply,
  encodeControl,
  fromHex,
  newClaimKeys,
  toHex,
  type ClaimKeys,
  type ControlRequest,
  type CupEvent,
  type Reply,
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

export async function bootPuck(
  storage: FakeStorage = calibratedStorage(),
  seed = 7,
  world = new CupWorld(),
) {
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

/** The Replies the app heard, decoded. */
export function heardReplies(puck: FakePuck): Reply[] {
  return puck.nrf.heard
    .filter((n) => n.characteristic === uuid.reply)
    .map((n) => {
      const r = decodeReply(n.bytes);
      if (!r.ok) throw new Error(`reply does not decode: ${r.detail}`);
      return r.value;
    });
}

function request(puck: FakePuck, r: ControlRequest): Reply | undefined {
  puck.nrf.write(MIA, uuid.control, encodeControl(r));
  return heardReplies(puck).find((x) => x.requestId === r.requestId);
}

/**
 * The app's side of a 1.2 claim (PROTOCOL.md 4.4) up to its claim_confirm: the halves of both
 * public keys swapped (claim_begin, claim_key), the owner key agreed, the app's confirmation
 * sent. The cup's Reply to it waits for the person at the cup. Request ids `first`..`first + 2`.
 */
export async function claimUntilConfirm(
  puck: FakePuck,
  app?: ClaimKeys,
  first = 11,
): Promise<CryptoKey> {
  const keys = app ?? (await newClaimKeys());
  const half = (from: number) => toHex(keys.publicKey.subarray(from, from + 16));
  const begun = request(puck, { op: 'claim_begin', requestId: first, keyPart: half(0) });
  const keyed = request(puck, { op: 'claim_key', requestId: first + 1, keyPart: half(16) });
  if (!begun || !('keyPart' in begun) || !keyed || !('keyPart' in keyed)) {
    throw new Error(`the claim was refused: ${JSON.stringify([begun, keyed])}`);
  }
  const cup = fromHex(begun.keyPart + keyed.keyPart);
  const key = await agreeOwnerKey(keys.privateKey, { app: keys.publicKey, cup });
  if (!key) throw new Error("the cup's public key has small order");
  const confirm = await claimConfirmation(key, 'app');
  puck.nrf.write(
    MIA,
    uuid.control,
    encodeControl({ op: 'claim_confirm', requestId: first + 2, confirm }),
  );
  return key;
}
