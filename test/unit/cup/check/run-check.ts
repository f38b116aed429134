/**
 * Running the conformance check against a simulated cup (fake clock) as the tests do: the
 * person at the cup acts when asked (or skips, does nothing, cancels).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { newOwnerKey } from '../../../../firmware-protocol/codec';
import { SimulatedCup, type FirmwareOptions } from '../../../../src/cup';
import {
  LinkPort,
  runCheck,
  type CheckId,
  type CheckOptions,
  type CheckReport,
  type PersonRequest,
} from '../../../../src/cup/check';
import { useFakeClock } from '../helpers';
import { trackWebCrypto, webCryptoInFlight } from '../../webcrypto-in-flight';

/** The fake clock around each test, and WebCrypto calls counted. */
export function useCheckClock(): void {
  beforeEach(() => {
    useFakeClock();
    trackWebCrypto();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/**
 * What the person does when asked: the action, a tap on "Skip" (`skip`), nothing at all
 * (`nothing`: the time runs out), or "Cancel" on the whole run (`cancel`).
 */
export type Person = 'act' | 'skip' | 'nothing' | 'cancel';

/**
 * Run the check, moving the fake clock while it works (WebCrypto needs real turns). `extra`
 * overrides options, or makes them from the port on the cup (to wrap it).
 */
export async function check(
  options: FirmwareOptions = {},
  person: Person | boolean = 'act',
  extra: Partial<CheckOptions> | ((port: LinkPort) => Partial<CheckOptions>) = {},
): Promise<{ report: CheckReport; cup: SimulatedCup; asked: PersonRequest[]; key: string }> {
  const does = person === true ? 'act' : person === false ? 'skip' : person;
  const cancel = new AbortController();
  const key = newOwnerKey();
  const held = options.ownerKey === undefined ? key : options.ownerKey;
  // A cup that speaks protocol 1.2 unless the test says otherwise.
  const cup = await SimulatedCup.create({
    now: () => Date.now(),
    ownerKey: key,
    replayPaceMs: 20,
    ...options,
  });
  const asked: PersonRequest[] = [];
  const port = new LinkPort(cup, () => Date.now());
  let finished = false;
  const running = runCheck({
    port,
    now: () => Date.now(),
    ownerKey: () => Promise.resolve(held === key ? key : null),
    newKey: newOwnerKey,
    person: {
      // The person does what is asked a moment later, or (act = false) taps "Skip".
      ask: (request) => {
        asked.push(request);
        if (does === 'skip') return new Promise((resolve) => setTimeout(resolve, 100));
        if (does === 'cancel') setTimeout(() => cancel.abort(), 100);
        if (does !== 'act') return new Promise<void>(() => {});
        if (request === 'claim') {
          // The person lifts the lid when the cup blinks for the claim (10 s).
          cup.firmware.onIdentify = ({ durationMs }) => {
            if (durationMs === 10_000) setTimeout(() => void cup.firmware.liftFor(300), 50);
          };
          return new Promise<void>(() => {});
        }
        setTimeout(() => {
          if (request === 'shake') void cup.firmware.shakeFor(1_000);
          else if (request === 'lift') void cup.firmware.liftFor(1_200);
          else cup.firmware.reboot();
        }, 100);
        return new Promise<void>(() => {});
      },
    },
    signal: cancel.signal,
    ...(typeof extra === 'function' ? extra(port) : extra),
  }).finally(() => (finished = true));
  const deadline = performance.now() + 60_000;
  while (!finished) {
    if (performance.now() > deadline) throw new Error('the check never finished');
    await new Promise((resolve) => setImmediate(resolve));
    if (webCryptoInFlight() === 0) await vi.advanceTimersByTimeAsync(10);
  }
  port.dispose();
  return { report: await running, cup, asked, key };
}

export const failed = (report: CheckReport) =>
  report.results.filter((r) => r.verdict === 'fail').map((r) => r.id);
export const verdict = (report: CheckReport, id: CheckId) =>
  report.results.find((r) => r.id === id)!.verdict;
