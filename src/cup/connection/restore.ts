/**
 * Finding a remembered cup without the chooser (after a reload): of the devices the browser
 * lets this site use again (`getDevices()`), the cups this app knows and may open (it holds
 * their owner key, or they speak 1.0), most recently used first; the first to advertise, with
 * service data that matches (the same device id, still owned), is the one.
 */
import type { Advert } from '../../../firmware-protocol/codec';
import type { GattDeviceLike } from '../link/gatt';
import type { CupMemory, KnownCup } from './memory';
import type { CupTransport } from '../link/transport';

export interface Found {
  device: GattDeviceLike;
  cup: KnownCup;
}

/** Whether an advertisement fits what the app remembers (a 1.0 cup sends no service data). */
export function advertFits(cup: KnownCup, advert: Advert | null): boolean {
  if (advert === null) return true;
  return advert.deviceId === cup.deviceId && advert.owned === cup.keyHeld;
}

export async function findRemembered(
  transport: CupTransport,
  memory: CupMemory,
  skip: ReadonlySet<string>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<Found | null> {
  const candidates = memory
    .list()
    .filter((c) => c.webId !== null && !skip.has(c.deviceId) && (c.keyHeld || c.minor < 1));
  if (candidates.length === 0) return null;
  const devices = await transport.rememberedDevices();
  const pairs = candidates.flatMap((cup) => {
    const device = devices.find((d) => d.id === cup.webId);
    return device ? [{ device, cup }] : [];
  });
  if (pairs.length === 0 || signal.aborted) return null;
  const watch = new AbortController();
  const stop = () => watch.abort();
  signal.addEventListener('abort', stop);
  const timer = setTimeout(stop, timeoutMs);
  try {
    return await new Promise<Found | null>((resolve) => {
      let waiting = pairs.length;
      for (const pair of pairs) {
        void transport.waitForAdvertisement(pair.device, watch.signal).then((seen) => {
          if (seen && advertFits(pair.cup, seen.advert)) resolve(pair);
          else if (--waiting === 0) resolve(null);
        });
      }
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
    watch.abort();
  }
}
