/**
 * WebCrypto calls in flight, for tests on a fake clock: each SubtleCrypto method runs off the
 * main thread and takes real time, which on a busy machine can be many turns of the event loop.
 * A fake clock moved on by turns while one runs makes real work look slow to the code under
 * test (a claim's 5 s, a reply's limit). `trackWebCrypto()` wraps every method (restored by
 * `vi.restoreAllMocks()`); `webCryptoInFlight()` says how many calls have not settled yet.
 */
import { vi } from 'vitest';

let inFlight = 0;

/** Every method of SubtleCrypto (a method left out, like `deriveKey` once, lets the clock run). */
const SUBTLE = Object.entries(Object.getOwnPropertyDescriptors(SubtleCrypto.prototype))
  .filter(([name, d]) => name !== 'constructor' && typeof d.value === 'function')
  .map(([name]) => name as keyof SubtleCrypto);

export function trackWebCrypto(): void {
  const subtle = globalThis.crypto.subtle;
  for (const name of SUBTLE) {
    const real = subtle[name].bind(subtle) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(subtle, name).mockImplementation(((...args: unknown[]) => {
      inFlight++;
      return real(...args).finally(() => inFlight--);
    }) as never);
  }
}

export const webCryptoInFlight = (): number => inFlight;
