/**
 * What a cup's label says: "Mia Cup 3F2A" (the short code from its device id, as the app names
 * the cup) and the whole device id. The app prints labels for a cup this tablet owns (it claimed
 * it), over Web Bluetooth, once the cup's Info is read.
 */
import type { CupSnapshot } from '../../cup';

export interface CupLabel {
  /** "3F2A": the last two bytes of the device id (`shortCode`). */
  code: string;
  /** 16 lowercase hex digits (Info, PROTOCOL.md). */
  deviceId: string;
}

export function labelOf(snapshot: CupSnapshot): CupLabel | null {
  const { status, ownership, transport, info, code } = snapshot;
  if (status.phase !== 'connected' || ownership !== 'mine' || transport !== 'web-bluetooth') {
    return null;
  }
  return info && code ? { code, deviceId: info.deviceId } : null;
}
