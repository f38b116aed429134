/**
 * Whether the app may offer the connected cup a firmware update (PROTOCOL.md 9.1): over Web
 * Bluetooth, to its owner (proven), and only when Info's capability bit 7 says the cup has the
 * SMP service; without it the app says how such a cup is updated. Kept apart from the update code, which loads when the update is opened.
 */
import { Capability } from '../../../firmware-protocol/codec';
import type { CupSnapshot } from '../events';

export function canUpdateFirmware(snapshot: CupSnapshot): boolean {
  return ownerOverBluetooth(snapshot) && hasSmp(snapshot);
}

/** The owner's cup has no SMP (bit 7 clear, a Puck.js cup): it is updated from a computer. */
export function updatedFromComputer(snapshot: CupSnapshot): boolean {
  return ownerOverBluetooth(snapshot) && !hasSmp(snapshot);
}

const ownerOverBluetooth = (snapshot: CupSnapshot) =>
  snapshot.status.phase === 'connected' &&
  snapshot.ownership === 'mine' &&
  snapshot.transport === 'web-bluetooth';

const hasSmp = (snapshot: CupSnapshot) =>
  ((snapshot.info?.capabilities ?? 0) & Capability.firmwareUpdate) !== 0;
