/**
 * The app offers a firmware update only where it can make one (PROTOCOL.md 9.1): a connected
 * cup over Web Bluetooth, this app's, whose Info sets capability bit 7 (the SMP service).
 */
import { describe, expect, it } from 'vitest';
import { Capability, decodeInfo, fromHex, type Info } from '../../../../firmware-protocol/codec';
import { canUpdateFirmware, type CupSnapshot } from '../../../../src/cup';
import { CupSnapshotStore } from '../../../../src/cup/connection/snapshot';

/** Info of a 1.1 cup with shake, lid, led, buzzer, battery; plus `extra` capability bits. */
function info(extra: number): Info {
  const decoded = decodeInfo(fromHex('01010104021f00a1b2c3d4e5f63f2a4000'));
  if (!decoded.ok) throw new Error(decoded.detail);
  return { ...decoded.value, capabilities: decoded.value.capabilities | extra };
}

function snapshot(patch: Partial<CupSnapshot>): CupSnapshot {
  return {
    ...new CupSnapshotStore('web-bluetooth', null).snapshot,
    status: { phase: 'connected' },
    ownership: 'mine',
    info: info(Capability.firmwareUpdate),
    ...patch,
  };
}

describe('offering a firmware update', () => {
  it('is for a connected cup of this app with capability bit 7', () => {
    expect(canUpdateFirmware(snapshot({}))).toBe(true);
  });

  it('is not for a cup without the SMP service (bit 7 clear, or a 1.0 cup)', () => {
    expect(canUpdateFirmware(snapshot({ info: info(0) }))).toBe(false);
    expect(canUpdateFirmware(snapshot({ info: info(Capability.telemetry) }))).toBe(false);
    expect(canUpdateFirmware(snapshot({ info: null }))).toBe(false);
  });

  it('is not for another table, an open 1.0 cup, the simulated cup, or no connection', () => {
    expect(canUpdateFirmware(snapshot({ ownership: null }))).toBe(false);
    expect(canUpdateFirmware(snapshot({ ownership: 'open' }))).toBe(false);
    expect(canUpdateFirmware(snapshot({ transport: 'simulated' }))).toBe(false);
    expect(canUpdateFirmware(snapshot({ status: { phase: 'syncing' } }))).toBe(false);
  });
});
