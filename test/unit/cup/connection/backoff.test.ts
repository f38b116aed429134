import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from '../../../../src/cup';

const options = { baseMs: 500, factor: 2, maxMs: 8_000, jitter: 0.5, maxAttempts: 6, steadyMs: 0 };

describe('backoff', () => {
  it('doubles from the base up to the cap without jitter', () => {
    const none = { ...options, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, none))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });

  it('jitter takes away at most its fraction of the delay', () => {
    expect(backoffDelay(2, options, () => 0)).toBe(2_000);
    expect(backoffDelay(2, options, () => 0.999999)).toBe(1_000);
    expect(backoffDelay(2, options, () => 0.5)).toBe(1_500);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3, options);
      expect(d).toBeGreaterThanOrEqual(2_000);
      expect(d).toBeLessThanOrEqual(4_000);
    }
  });

  it('spreads two cups apart: different random draws give different delays', () => {
    expect(backoffDelay(1, options, () => 0.1)).not.toBe(backoffDelay(1, options, () => 0.9));
  });

  it('has sane defaults: first retry within a second, never more than 30 s', () => {
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0)).toBeLessThanOrEqual(1_000);
    expect(backoffDelay(50, DEFAULT_BACKOFF, () => 0)).toBe(30_000);
  });
});
