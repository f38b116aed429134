/**
 * The soak's clock: fake timers for everything that waits for time (the app's limits and
 * graces, the cup's board, backoffs, retries), and real turns of the event loop for what does
 * real work (IndexedDB, WebCrypto). Waiting is always for a state; the fake clock moves on only
 * while the state is not there yet, a millisecond per few real turns, and not at all while a
 * WebCrypto call runs (it can take many turns on a busy machine), so that real work never looks
 * slow to the app.
 */
import { vi } from 'vitest';
import { trackWebCrypto, webCryptoInFlight } from '../webcrypto-in-flight';

export function useSoakClock(): void {
  vi.useFakeTimers({
    now: Date.UTC(2026, 11, 4, 19, 0),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  trackWebCrypto();
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Real turns per fake millisecond. */
const TURNS_PER_MS = 8;

/**
 * Until `done()` holds, moving the fake clock on by at most `maxMs`. Throws `what` when it never
 * holds (the limit is in fake time: a busy machine only takes more real turns).
 */
export async function settle(done: () => boolean, what: string, maxMs = 120_000): Promise<void> {
  let ms = 0;
  while (!done()) {
    if (ms > maxMs) throw new Error(`never: ${what}`);
    for (let i = 0; i < TURNS_PER_MS && !done(); i += 1) await turn();
    // The clock stands still while WebCrypto works (real time, however long it takes).
    if (done() || webCryptoInFlight() > 0) continue;
    await vi.advanceTimersByTimeAsync(1);
    ms += 1;
  }
}

/** Let `ms` of fake time pass (10 ms a step, with real turns between), then what is pending. */
export async function pass(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 10) {
    while (webCryptoInFlight() > 0) await turn();
    await vi.advanceTimersByTimeAsync(Math.min(10, ms - t));
    await turn();
  }
  for (let i = 0; i < 20; i += 1) await turn();
}

/** Let a physical action (a shake, a lift) play out on the fake clock until it is over. */
export async function played(action: Promise<unknown>): Promise<void> {
  let over = false;
  void action.then(() => (over = true));
  for (let t = 0; !over; t += 10) {
    if (t > 20_000) throw new Error('never: the cup action ends');
    while (webCryptoInFlight() > 0) await turn();
    await vi.advanceTimersByTimeAsync(10);
  }
  for (let i = 0; i < 20; i += 1) await turn();
}
