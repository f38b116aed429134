/**
 * The Web Bluetooth transport: the one module in the app that touches `navigator.bluetooth`.
 * It finds cups (chooser filtered by the Mia Cup service UUID, `getDevices()` for the cups of
 * earlier visits, `watchAdvertisements()` to know when one is in range and, from its service
 * data, which cup it is) and reports whether
 * Bluetooth can be used at all. Connecting and talking is `CupConnection`'s job.
 */
import { OPTIONAL_SERVICES, SERVICE_UUID, decodeAdvert } from '../../../firmware-protocol/codec';
import type { CupAvailability } from '../events';
import type { GattDeviceLike } from './gatt';
import type { AdvertSeen, CupTransport } from './transport';

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
      // Battery, Device Information, and SMP (firmware updates, PROTOCOL.md 9) where it has it.
      optionalServices: [...OPTIONAL_SERVICES],
    });
    return device as unknown as GattDeviceLike;
  }

  async rememberedDevices(): Promise<GattDeviceLike[]> {
    const bt = bluetooth();
    if (!bt || typeof bt.getDevices !== 'function') return [];
    try {
      return (await bt.getDevices()) as unknown as GattDeviceLike[];
    } catch {
      return [];
    }
  }

  waitForAdvertisement(device: GattDeviceLike, signal: AbortSignal): Promise<AdvertSeen | null> {
    const real = device as unknown as BluetoothDevice;
    if (typeof real.watchAdvertisements !== 'function') return Promise.resolve(null);
    return new Promise<AdvertSeen | null>((resolve) => {
      const watch = new AbortController();
      const done = (seen: AdvertSeen | null) => {
        real.removeEventListener('advertisementreceived', onAdvert);
        signal.removeEventListener('abort', onAbort);
        watch.abort();
        resolve(seen);
      };
      const onAdvert = (event: Event) => {
        const data = (event as BluetoothAdvertisingEvent).serviceData?.get(SERVICE_UUID);
        const advert = data ? decodeAdvert(data) : null;
        done({ advert: advert?.ok ? advert.value : null });
      };
      const onAbort = () => done(null);
      if (signal.aborted) return resolve(null);
      real.addEventListener('advertisementreceived', onAdvert);
      signal.addEventListener('abort', onAbort);
      real.watchAdvertisements({ signal: watch.signal }).catch(() => done(null));
    });
  }
}
