/**
 * The Puck.js firmware (firmware-protocol/boards/puck-js/src) on a fake Puck in Node: the
 * Espruino APIs it uses faked from Espruino's reference, the WebAssembly build of the core
 * standing in for E.nativeCall. What a person and an app see: the GATT database and the
 * advertising of PROTOCOL.md 2 and 3, events from the accelerometer and the magnet, the owner
 * key in flash, the lid calibration with the button, the LEDs, dozing.
 */
import { describe, expect, it } from 'vitest';
import {
  CUP_GATT,
  claimConfirmation,
  DEFAULT_CONFIG,
  encodeConfig,
  decodeAdvert,
  decodeInfo,
  decodeReply,
  decodeState,
  encodeControl,
  toHex,
} from '../../../firmware-protocol/codec';
import { FakeStorage, PINS } from '../../../firmware-protocol/boards/puck-js/fake/fake-espruino';
import { CupWorld } from '../../../firmware-protocol/boards/puck-js/fake/world';
import { espruinoUuid } from '../../../firmware-protocol/boards/puck-js/src/gatt';
import { Files } from '../../../firmware-protocol/boards/puck-js/src/store';
import { ACCEL_HZ, DOZE_ACCEL_HZ, MAG_HZ } from '../../../firmware-protocol/boards/puck-js/src/cup';
import {
  MIA,
  bootPuck,
  calibratedStorage,
  claimUntilConfirm,
  connectApp,
  heardEvents,
  heardReplies,
  uuid,
} from './puck-js-fixture';

const KEY = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i);

/** Bytes read from Storage (a string of char codes) as the HMAC key they are. */
const hmacKeyOf = (text: string) =>
  crypto.subtle.importKey(
    'raw',
    Uint8Array.from(text, (c) => c.charCodeAt(0)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );

describe('the Puck.js firmware on a fake Puck', () => {
  it('declares the GATT database of CUP_GATT, without the console, and advertises as PROTOCOL.md 3 says', async () => {
    const { nrf } = await bootPuck();
    expect(nrf.options.uart).toBe(false);
    for (const service of CUP_GATT.filter((s) => !s.optional)) {
      const declared = nrf.services[espruinoUuid(service.uuid)];
      expect(Object.keys(declared).sort()).toEqual(
        service.characteristics.map((c) => espruinoUuid(c.uuid)).sort(),
      );
    }
    expect(Object.keys(nrf.services)).not.toContain(espruinoUuid(CUP_GATT[3].uuid)); // no SMP
    // Device Information: four strings of at most 20 bytes (PROTOCOL.md 2).
    const dis = nrf.services[espruinoUuid(CUP_GATT[2].uuid)];
    for (const c of Object.values(dis)) expect(c.value?.length).toBeLessThanOrEqual(20);
    // ADV: flags, the service UUID, "Mia 3F2A": 31 bytes; the GAP name is the long form.
    expect(nrf.advertising).toHaveLength(31);
    expect(String.fromCharCode(...nrf.advertising.slice(-8))).toBe('Mia 3F2A');
    expect(nrf.advertisingOptions.name).toBe('Mia Cup 3F2A');
    expect(nrf.scanResponse).toHaveLength(27);
    const advert = decodeAdvert(Uint8Array.from(nrf.scanResponse.slice(18)));
    expect(advert.ok && advert.value).toMatchObject({
      owned: false,
      deviceId: '4d6961507563' + '3f2a',
    });
  });

  it('reads Info and State through the stack: capability bit 7 (SMP) clear, the battery', async () => {
    const { puck, nrf } = await bootPuck();
    nrf.centralConnects();
    const info = decodeInfo(nrf.read(MIA, uuid.info));
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.value.capabilities & 0x80).toBe(0);
    expect(info.value.capabilities & 0x7f).toBe(0x77); // shake, lid, LED, battery, config, telemetry
    puck.clock.advance(500);
    const state = decodeState(nrf.read(MIA, uuid.state));
    expect(state.ok && state.value.batteryPercent).toBe(87);
    expect(state.ok && state.value.timeMs).toBeGreaterThanOrEqual(300);
  });

  it('turns a shake and a lift of the lid into events, notified to a subscribed app', async () => {
    const { puck, world } = await bootPuck();
    expect(puck.accelHz).toBe(ACCEL_HZ);
    expect(puck.magHz).toBe(MAG_HZ);
    expect(puck.registers.get(0x11)).toBe(0); // the gyro is off
    connectApp(puck);
    world.shake(puck.clock.ms + 100, 1500);
    puck.clock.advance(3000);
    world.lidOn = false;
    puck.clock.advance(1200);
    world.lidOn = true;
    puck.clock.advance(1000);
    const events = heardEvents(puck).map((e) => e.type);
    expect(events).toEqual(['shake_started', 'shake_ended', 'lid_opened', 'lid_closed']);
    const closed = heardEvents(puck).find((e) => e.type === 'lid_closed');
    expect(closed?.type === 'lid_closed' && closed.openMs).toBeGreaterThan(1000);
    expect(closed?.type === 'lid_closed' && closed.openMs).toBeLessThan(1400);
  });

  it('is claimed by key agreement once the lid is lifted: the key in flash before the ok, the owner advertised and known after a restart', async () => {
    const storage = calibratedStorage();
    const { puck, nrf, world } = await bootPuck(storage);
    connectApp(puck);
    let keyAtReply: string | undefined;
    nrf.onNotify = (n) => {
      const r = n.characteristic === uuid.reply ? decodeReply(n.bytes) : null;
      if (r?.ok && r.value.op === 'claim_confirm') keyAtReply = storage.read(Files.ownerKey);
    };
    const key = await claimUntilConfirm(puck);
    // The cup waits for the person, blinking blue (every 250 ms); nothing is stored yet.
    const from = puck.clock.ms;
    puck.clock.advance(2000);
    expect(heardReplies(puck).filter((r) => r.op === 'claim_confirm')).toEqual([]);
    expect(storage.read(Files.ownerKey)).toBeUndefined();
    const lit = (pin: number) => puck.ledLog.filter((l) => l.pin === pin && l.on && l.ms >= from);
    expect(lit(PINS.LED3).length).toBeGreaterThanOrEqual(8);
    expect(lit(PINS.LED1)).toEqual([]);
    world.lidOn = false;
    puck.clock.advance(1000);
    const confirmed = heardReplies(puck).find((r) => r.op === 'claim_confirm');
    expect(confirmed).toMatchObject({ requestId: 13, status: 'ok' });
    expect(confirmed && 'confirm' in confirmed && confirmed.confirm).toBe(
      await claimConfirmation(key, 'cup'),
    );
    // What was in flash when the ok went out is the key both sides agreed.
    expect(keyAtReply).toHaveLength(16);
    const stored = await hmacKeyOf(keyAtReply!);
    expect(await claimConfirmation(stored, 'cup')).toBe(await claimConfirmation(key, 'cup'));
    expect(decodeAdvert(Uint8Array.from(nrf.scanResponse.slice(18)))).toMatchObject({
      ok: true,
      value: { owned: true },
    });
    const again = await bootPuck(storage, 99);
    again.nrf.centralConnects();
    const state = decodeState(again.nrf.read(MIA, uuid.state));
    expect(state.ok && state.value.owned).toBe(true);
    // An unproven connection to an owned cup is dropped after 5 s; the same central, back at
    // once, is let go at once; another is let in.
    again.puck.clock.advance(4_900);
    expect(again.nrf.disconnects).toBe(0);
    again.puck.clock.advance(200);
    expect(again.nrf.disconnects).toBe(1);
    expect(again.nrf.connected).toBe(false);
    again.nrf.centralConnects();
    expect(again.nrf.disconnects).toBe(2);
    again.nrf.centralConnects('11:22:33:44:55:66 random');
    again.puck.clock.advance(100);
    expect([again.nrf.connected, again.nrf.disconnects]).toEqual([true, 2]);
  });

  it('takes a press of its button as the person at the cup; without one a claim gets no_gesture after 10 s', async () => {
    const { puck, nrf, firmware } = await bootPuck();
    connectApp(puck);
    nrf.write(MIA, uuid.control, encodeControl({ op: 'claim', requestId: 9, key: toHex(KEY) }));
    expect(heardReplies(puck)[0]).toMatchObject({ op: 'claim', status: 'not_supported' });
    await claimUntilConfirm(puck);
    puck.clock.advance(10_500);
    expect(heardReplies(puck).at(-1)).toMatchObject({ op: 'claim_confirm', status: 'no_gesture' });
    expect(puck.storage.read(Files.ownerKey)).toBeUndefined();
    await claimUntilConfirm(puck, undefined, 21);
    puck.clock.advance(1000);
    puck.press();
    expect(heardReplies(puck).at(-1)).toMatchObject({ op: 'claim_confirm', status: 'ok' });
    expect(puck.storage.read(Files.ownerKey)).toHaveLength(16);
    expect(firmware.step).toBe('idle'); // a short press, not the calibration
  });

  it('forgets its owner when it boots with the lid off and the lid stays off 5 s, blinking blue', async () => {
    const storage = calibratedStorage();
    storage.write(Files.ownerKey, KEY);
    const kept = await bootPuck(storage, 7);
    kept.puck.clock.advance(6000); // the lid on: the owner stays
    expect(storage.read(Files.ownerKey)).toHaveLength(16);
    const world = new CupWorld();
    world.lidOn = false;
    const { puck, nrf } = await bootPuck(storage, 8, world);
    puck.clock.advance(4000);
    expect(storage.read(Files.ownerKey)).toHaveLength(16);
    const from = puck.clock.ms;
    puck.clock.advance(2000);
    expect(storage.read(Files.ownerKey)).toBeUndefined();
    expect(decodeAdvert(Uint8Array.from(nrf.scanResponse.slice(18)))).toMatchObject({
      ok: true,
      value: { owned: false },
    });
    const blue = puck.ledLog.filter((l) => l.pin === PINS.LED3 && l.on && l.ms >= from);
    expect(blue.length).toBeGreaterThanOrEqual(4);
  });

  it('blinks the blue LED to identify itself, for its owner only', async () => {
    const { puck, nrf, world } = await bootPuck();
    connectApp(puck);
    const identify = (requestId: number) =>
      nrf.write(
        MIA,
        uuid.control,
        encodeControl({ op: 'identify', requestId, blink: true, buzz: false, durationMs: 1000 }),
      );
    const lit = (since: number) =>
      puck.ledLog.filter((l) => l.pin === PINS.LED3 && l.on && l.ms >= since);
    const before = puck.clock.ms;
    identify(1); // a stranger's, to a cup without an owner (1.2): claim it first
    puck.clock.advance(1500);
    expect(heardReplies(puck).find((r) => r.requestId === 1)).toMatchObject({
      op: 'identify',
      status: 'needs_proof',
    });
    expect(lit(before)).toEqual([]);
    await claimUntilConfirm(puck);
    world.lidOn = false; // the person at the cup lifts its lid: it is this app's
    puck.clock.advance(1000);
    world.lidOn = true;
    puck.clock.advance(1000);
    const from = puck.clock.ms;
    identify(2);
    puck.clock.advance(1500);
    expect(heardReplies(puck).find((r) => r.requestId === 2)).toMatchObject({ status: 'ok' });
    const blue = lit(from);
    expect(blue.length).toBeGreaterThanOrEqual(3);
    expect(blue.at(-1)!.ms - from).toBeLessThanOrEqual(1000);
    expect(puck.pins.get(PINS.LED3)).toBe(false);
  });

  it('dozes when the core allows it, and wakes on motion', async () => {
    const storage = calibratedStorage();
    // A Config with 30 s of idle sleep, as write_config would have stored it.
    storage.write(Files.config, encodeConfig({ ...DEFAULT_CONFIG, idleSleepS: 30 }));
    const { puck, world } = await bootPuck(storage);
    puck.clock.advance(29_000);
    expect(puck.accelHz).toBe(ACCEL_HZ);
    puck.clock.advance(2_000);
    expect(puck.accelHz).toBe(DOZE_ACCEL_HZ);
    expect(puck.magHz).toBe(1.25);
    world.shake(puck.clock.ms, 3000);
    puck.clock.advance(3000);
    expect(puck.accelHz).toBe(ACCEL_HZ);
  });
});

describe('the lid calibration with the button', () => {
  it('a Puck without one asks for it (green, then blue), stores it, and becomes a cup', async () => {
    const { puck, world, nrf } = await bootPuck(new FakeStorage());
    expect(nrf.advertising).toEqual([]); // no cup yet
    expect(puck.pins.get(PINS.LED2)).toBe(true);
    world.lidOn = true;
    puck.clock.advance(300);
    puck.press();
    expect(puck.pins.get(PINS.LED3)).toBe(true);
    world.lidOn = false;
    puck.clock.advance(300);
    puck.press();
    expect(JSON.parse(puck.storage.read(Files.lid)!)).toHaveProperty('on');
    expect(nrf.advertising).toHaveLength(31);
  });

  it('refuses a magnet too weak to tell the lid from a turned cup, with red blinks', async () => {
    const { puck, world, nrf } = await bootPuck(new FakeStorage());
    world.magnetScale = 0.2; // about 200 uT
    puck.clock.advance(300);
    puck.press();
    world.lidOn = false;
    puck.clock.advance(300);
    puck.press();
    expect(puck.storage.read(Files.lid)).toBeUndefined();
    expect(puck.ledLog.some((l) => l.pin === PINS.LED1 && l.on)).toBe(true);
    expect(nrf.advertising).toEqual([]);
  });

  it('is started again by holding the button for 3 s', async () => {
    const { puck, firmware } = await bootPuck();
    expect(firmware.step).toBe('idle');
    puck.press(3200);
    expect(firmware.step).toBe('lid-on');
    expect(puck.pins.get(PINS.LED2)).toBe(true);
  });
});
