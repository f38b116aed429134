/**
 * Whether the app may offer the connected cup a firmware update (PROTOCOL.md 9.1): over Web
 * Bluetooth, to its owner (proven), and only when Info's capability bit 7 says the cup has the
 * SMP service. Kept apart from the update code, which loads when the update is opened.
 */
import { Capability } from '../../../firmware-protocol/codec';
import type { CupSnapshot } from '../events';

export function canUpdateFirmware(snapshot: CupSnapshot): boolean {
  return (
    snapshot.status.phase === 'connected' &&
    snapshot.ownership === 'mine' &&
    snapshot.transport === 'web-bluetooth' &&
    ((snapshot.info?.capabilities ?? 0) & Capability.firmwareUpdate) !== 0
  );
}
