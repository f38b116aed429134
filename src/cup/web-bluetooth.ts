/**
 * The Web Bluetooth transport: the one module in the app that touches `navigator.bluetooth`.
 * It finds cups (chooser filtered by the Mia Cup service UUID, `getDevices()` for a cup from an
 * earlier visit, `watchAdvertisements()` to know when it is in range) and reports whether
 * Bluetooth can be used at all. Connecting and talking is `CupConnection`'s job.
 */
import {
  BATTERY_SERVICE,
  DEVICE_INFORMATION_SERVICE,
  SERVICE_UUID,
} from '../../firmware-protocol/codec';
import type { CupAvailability } from './events';
import type { GattDeviceLike } from './gatt';
import type { CupTransport } from './transport';

function bluetooth(): Bluetooth | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.bluetooth;
}

function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

export class WebBluetoothTransport implements CupTransport {
  readonly kind = 'web-bluetooth' as const;

  async availability(): Promise<CupAvailability> {
    if (typeof isSecureContext !== 'undefined' && !isSecureContext) return { kind: 'insecure' };
    const bt = bluetooth();
    if (!bt) return { kind: 'unsupported', ios: isIos() };
    try {
      return (await bt.getAvailability()) ? { kind: 'available' } : { kind: 'bluetooth-off' };
    } catch {
      return { kind: 'bluetooth-off' };
    }
  }

  watchAvailability(onChange: (availability: CupAvailability) => void): () => void {
    const bt = bluetooth();
    if (!bt) return () => {};
    const listener = (event: Event) => {
      const value = (event as Event & { value?: boolean }).value;
      onChange(value ? { kind: 'available' } : { kind: 'bluetooth-off' });
    };
    bt.addEventListener('availabilitychanged', listener);
    return () => bt.removeEventListener('availabilitychanged', listener);
  }

  async requestDevice(): Promise<GattDeviceLike> {
    const bt = bluetooth();
    if (!bt) throw new Error('This browser has no Web Bluetooth.');
    const device = await bt.requestDevice({
      filters: [{ services: [SERVICE_UUID] }],
      optionalServices: [BATTERY_SERVICE, DEVICE_INFORMATION_SERVICE],
    });
    return device as unknown as GattDeviceLike;
  }

  async rememberedDevice(id: string): Promise<GattDeviceLike | null> {
    const bt = bluetooth();
    if (!bt || typeof bt.getDevices !== 'function') return null;
    try {
      const devices = await bt.getDevices();
      const device = devices.find((d) => d.id === id);
      return device ? (device as unknown as GattDeviceLike) : null;
    } catch {
      return null;
    }
  }

  waitForAdvertisement(device: GattDeviceLike, signal: AbortSignal): Promise<boolean> {
    const real = device as unknown as BluetoothDevice;
    if (typeof real.watchAdvertisements !== 'function') return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const watch = new AbortController();
      const done = (found: boolean) => {
        real.removeEventListener('advertisementreceived', onAdvert);
        signal.removeEventListener('abort', onAbort);
        watch.abort();
        resolve(found);
      };
      const onAdvert = () => done(true);
      const onAbort = () => done(false);
      if (signal.aborted) return resolve(false);
      real.addEventListener('advertisementreceived', onAdvert);
      signal.addEventListener('abort', onAbort);
      real.watchAdvertisements({ signal: watch.signal }).catch(() => done(false));
    });
  }
}
