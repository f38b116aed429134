/**
 * The abstract cup transport: how the app finds a cup and gets its GATT device. Two
 * implementations: Web Bluetooth (`web-bluetooth.ts`, the only module that touches
 * `navigator.bluetooth`) and the simulated cup (`simulated.ts`). Everything above the device
 * (`CupConnection`) is shared, so a simulated cup goes through the same code as a real one.
 */
import type { CupAvailability } from './events';
import type { GattDeviceLike } from './gatt';

export interface CupTransport {
  readonly kind: 'web-bluetooth' | 'simulated';
  /** Whether a cup can be reached; `onChange` fires when that changes (Bluetooth switched). */
  availability(): Promise<CupAvailability>;
  /** Subscribe to availability changes; returns the unsubscribe function. */
  watchAvailability(onChange: (availability: CupAvailability) => void): () => void;
  /** Let the players choose a cup (the browser's chooser). Must run in a user gesture. */
  requestDevice(): Promise<GattDeviceLike>;
  /**
   * A cup chosen on an earlier visit, by the browser's device id, without a chooser; null
   * when the browser does not allow it (no `getDevices()`) or does not know the device.
   */
  rememberedDevice(id: string): Promise<GattDeviceLike | null>;
  /**
   * Resolve once the remembered device advertises (so a connect can succeed), or false when
   * the browser cannot watch advertisements or `signal` aborts first.
   */
  waitForAdvertisement(device: GattDeviceLike, signal: AbortSignal): Promise<boolean>;
}

/** Where the last cup is remembered between visits (localStorage in the browser). */
export interface CupMemory {
  load(): RememberedCup | null;
  save(cup: RememberedCup | null): void;
}

export interface RememberedCup {
  /** The browser's id for the device (`BluetoothDevice.id`). */
  webId: string;
  name: string;
  /** The cup's own id from Info, with the last sequence number seen from it. */
  deviceId: string | null;
  lastSeq: number | null;
}

/** Keeps the memory in `localStorage` under one key; no-op where there is no storage. */
export function localStorageMemory(key = 'mia-cup.remembered'): CupMemory {
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  return {
    load() {
      try {
        const raw = storage?.getItem(key);
        return raw ? (JSON.parse(raw) as RememberedCup) : null;
      } catch {
        return null;
      }
    },
    save(cup) {
      try {
        if (cup) storage?.setItem(key, JSON.stringify(cup));
        else storage?.removeItem(key);
      } catch {
        // Private mode or full storage: remembering is a convenience.
      }
    },
  };
}

/** Memory that lasts as long as the object (tests, the simulated cup). */
export function inMemory(initial: RememberedCup | null = null): CupMemory {
  let cup = initial;
  return {
    load: () => cup,
    save: (next) => {
      cup = next;
    },
  };
}
