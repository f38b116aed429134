/**
 * The app prints a label only for a cup this tablet owns (it claimed it), connected over Web
 * Bluetooth with its Info read: the short code and the whole device id come from that Info.
 */
import { describe, expect, it } from 'vitest';
import { decodeInfo, fromHex } from '../../../firmware-protocol/codec';
import type { CupSnapshot } from '../../../src/cup';
import { CupSnapshotStore } from '../../../src/cup/connection/snapshot';
import { labelOf } from '../../../src/ui/cup/label';

const decoded = decodeInfo(fromHex('01010104021f00a1b2c3d4e5f63f2a4000'));
if (!decoded.ok) throw new Error(decoded.detail);
const info = decoded.value;

function snapshot(patch: Partial<CupSnapshot>): CupSnapshot {
  return {
    ...new CupSnapshotStore('web-bluetooth', null).snapshot,
    status: { phase: 'connected' },
    ownership: 'mine',
    info,
    code: '3F2A',
    ...patch,
  };
}

describe('a cup label', () => {
  it("shows the code and the device id of this tablet's connected cup", () => {
    expect(labelOf(snapshot({}))).toEqual({ code: '3F2A', deviceId: 'a1b2c3d4e5f63f2a' });
  });

  it("is not offered for another table's cup, an open 1.0 cup, the simulated one, or no link", () => {
    expect(labelOf(snapshot({ ownership: 'open' }))).toBeNull();
    expect(labelOf(snapshot({ ownership: null }))).toBeNull();
    expect(labelOf(snapshot({ transport: 'simulated' }))).toBeNull();
    expect(labelOf(snapshot({ status: { phase: 'syncing' } }))).toBeNull();
    expect(labelOf(snapshot({ info: null }))).toBeNull();
  });
});
