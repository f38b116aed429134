/**
 * Reconnecting when a device will not stay (issue #31): a link that drops at once does not
 * reset the backoff, and while the app asks (a game runs) a lost cup is retried without end.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoff, setUp, until, useFakeClock } from '../helpers';

type Status = { phase: string; attempt?: number; retryAt?: number };

describe('retries of a cup that will not stay', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('a link that drops at once is retried ever more slowly, then given up', async () => {
    const { cup, connection, connected, phase } = await setUp();
    await connected();
    const waits: number[] = [];
    for (let drop = 0; drop < backoff.maxAttempts; drop++) {
      cup.linkLoss(); // the device drops the link as soon as it is up
      await until(() => phase() === 'reconnecting');
      const status = connection.snapshot.status as Status;
      waits.push(status.retryAt! - Date.now());
      connection.retryNow();
      await until(() => phase() === 'connected', 0);
    }
    // Doubling from the first delay to the cap (jitter 0 in these tests)...
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
    // ...and with no game asking to keep trying, the attempts run out as for a cup out of range.
    cup.linkLoss();
    await until(() => phase() === 'lost', 0);
  });

  it('a link that stayed up long enough starts the backoff again from the first delay', async () => {
    const { cup, connection, connected, phase } = await setUp();
    await connected();
    for (let drop = 0; drop < 3; drop++) {
      cup.linkLoss();
      await until(() => phase() === 'reconnecting');
      connection.retryNow();
      await until(() => phase() === 'connected', 0);
    }
    await vi.advanceTimersByTimeAsync(backoff.steadyMs);
    cup.linkLoss();
    await until(() => phase() === 'reconnecting');
    expect(connection.snapshot.status).toMatchObject({ attempt: 1, retryAt: Date.now() + 1_000 });
  });

  it('keeps trying while the app asks, at the longest delay; gives up once it does not', async () => {
    let gameRuns = true;
    const { cup, connection, connected, phase } = await setUp({}, { keepTrying: () => gameRuns });
    await connected();
    cup.reachable = false;
    cup.linkLoss();
    // Far more attempts than the backoff's last (4): still trying, every 8 s at most.
    for (let attempt = 1; attempt <= 12; attempt++) {
      await until(() => (connection.snapshot.status as Status).attempt === attempt, 0);
      expect(phase()).toBe('reconnecting');
      expect((connection.snapshot.status as Status).retryAt! - Date.now()).toBeLessThanOrEqual(
        backoff.maxMs,
      );
      connection.retryNow(); // the attempt fails at once: out of range
    }
    gameRuns = false; // the game is over: the next attempt used up is the last
    await until(() => phase() === 'lost', 0);
    expect(connection.snapshot.status).toEqual({ phase: 'lost', reason: 'gave-up' });
    cup.reachable = true;
    connection.reconnect();
    await until(() => phase() === 'connected');
  });
});
