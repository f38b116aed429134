/** A connection to a simulated cup under fake timers, and ways to wait for it. */
import { vi } from 'vitest';
import {
  CupConnection,
  SimulatedCup,
  SimulatedTransport,
  inMemory,
  type CupConnectionOptions,
  type CupEvent,
  type CupMemory,
  type CupSensorEvent,
  type FirmwareOptions,
} from '../../../src/cup';

export const backoff = {
  baseMs: 1_000,
  factor: 2,
  maxMs: 8_000,
  jitter: 0,
  maxAttempts: 4,
  steadyMs: 20_000,
};

/**
 * Fake timers for the app's clock and timeouts; `setImmediate` stays real, so WebCrypto (which
 * answers on the event loop) still runs.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({
    now: 1_000_000,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

/**
 * Let the app work until `done()` holds, moving the fake clock 1 ms per turn of the event loop,
 * up to `maxMs`. Work that takes real time (WebCrypto's HMAC runs off the main thread) only
 * takes more turns: the deadline is in real time, and generous, so a busy machine is no failure.
 */
export async function until(done: () => boolean, maxMs = 5_000): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (let ms = 0; !done(); ms++) {
    if (performance.now() > deadline) throw new Error('until: the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
    if (ms < maxMs) await vi.advanceTimersByTimeAsync(1);
  }
}

/** Let everything pending happen (real event loop turns, fake time still). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/**
 * Let `ms` of the fake clock pass, 10 ms a turn (the cup's board ticks on it, the detectors see
 * the readings of that time), then let what is pending happen.
 */
export async function later(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 10) await vi.advanceTimersByTimeAsync(Math.min(10, ms - t));
  await flush();
}

/** Let a physical action play out on the fake clock until it is over (the cup still again). */
export async function played(action: Promise<unknown>, maxMs = 20_000): Promise<void> {
  let over = false;
  void action.then(() => (over = true));
  for (let t = 0; !over; t += 10) {
    if (t > maxMs) throw new Error('played: the action never ended');
    await vi.advanceTimersByTimeAsync(10);
  }
  await flush();
}

/** A simulated cup on the fake clock (the C core behind it). */
export function simCup(firmware: FirmwareOptions = {}): Promise<SimulatedCup> {
  return SimulatedCup.create({ now: () => Date.now(), ...firmware });
}

export async function setUp(
  firmware: FirmwareOptions = {},
  options: Partial<CupConnectionOptions> & { memory?: CupMemory; cup?: SimulatedCup } = {},
) {
  const cup = options.cup ?? (await simCup(firmware));
  const memory = options.memory ?? inMemory();
  const connection = new CupConnection({
    transport: new SimulatedTransport(cup),
    memory,
    backoff,
    random: () => 0,
    connectTimeoutMs: 2_000,
    // Long enough that the fake clock, moving while WebCrypto works, never times out a step.
    requestTimeoutMs: 60_000,
    replyTimeoutMs: 60_000,
    ...options,
  });
  const events: CupEvent[] = [];
  connection.on((e) => events.push(e));
  const sensed = () =>
    events.filter((e): e is CupSensorEvent => 'seq' in e).map((e) => `${e.type}#${e.seq}`);
  const warnings = () => events.flatMap((e) => (e.type === 'warning' ? [e.warning] : []));
  const phase = () => connection.snapshot.status.phase;
  const connected = async () => {
    connection.connect();
    await until(() => phase() === 'connected');
    await flush();
  };
  return { cup, fw: cup.firmware, connection, memory, events, sensed, warnings, phase, connected };
}
