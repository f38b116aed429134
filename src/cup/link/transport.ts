/**
 * The abstract cup transport: how the app finds a cup and gets its GATT device. Two
 * implementations: Web Bluetooth (`web-bluetooth.ts`, the only module that touches
 * `navigator.bluetooth`) and the simulated cup (`simulated.ts`). Everything above the device
 * (`CupConnection`) is shared, so a simulated cup goes through the same code as a real one.
 */
import type { Advert } from '../../../firmware-protocol/codec';
import type { CupAvailability } from '../events';
import type { GattDeviceLike } from './gatt';

/** An advertisement of a remembered device: the cup's service data, when it sends any (1.1). */
export interface AdvertSeen {
  advert: Advert | null;
}

export interface CupTransport {
  readonly kind: 'web-bluetooth' | 'simulated';
  /** Whether a cup can be reached; `onChange` fires when that changes (Bluetooth switched). */
  availability(): Promise<CupAvailability>;
  /** Subscribe to availability changes; returns the unsubscribe function. */
  watchAvailability(onChange: (availability: CupAvailability) => void): () => void;
  /** Let the players choose a cup (the browser's chooser). Must run in a user gesture. */
  requestDevice(): Promise<GattDeviceLike>;
  /**
   * The devices this site may use without a chooser (chosen on earlier visits); empty when the
   * browser does not allow it (no `getDevices()`).
   */
  rememberedDevices(): Promise<GattDeviceLike[]>;
  /**
   * Resolve with the first advertisement of `device` (so a connect can succeed), or null when
   * the browser cannot watch advertisements or `signal` aborts first.
   */
  waitForAdvertisement(device: GattDeviceLike, signal: AbortSignal): Promise<AdvertSeen | null>;
}
