/** Reconnect delays: exponential growth, a cap, and random jitter so cups do not retry in step. */

export interface BackoffOptions {
  /** Delay before the first retry, ms. */
  baseMs: number;
  /** Growth per attempt. */
  factor: number;
  /** Largest delay, ms. */
  maxMs: number;
  /** Fraction (0..1) of the delay that is random: the delay is in [d * (1 - jitter), d]. */
  jitter: number;
  /** Attempts before giving up (the connection is then "lost"), unless told to keep trying. */
  maxAttempts: number;
  /**
   * A link that stays up this long counts as good: the next loss starts again from the first
   * delay. One that drops sooner goes on from the delay it had, so a device that connects and
   * drops at once is retried ever more slowly, not every half second.
   */
  steadyMs: number;
}

export const DEFAULT_BACKOFF: Readonly<BackoffOptions> = {
  baseMs: 500,
  factor: 2,
  maxMs: 30_000,
  jitter: 0.3,
  maxAttempts: 10,
  steadyMs: 30_000,
};

/** The delay before retry number `attempt` (0 = the first retry). */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const grown = options.baseMs * options.factor ** Math.max(0, attempt);
  const capped = Math.min(options.maxMs, grown);
  const jitter = Math.min(1, Math.max(0, options.jitter));
  return Math.round(capped * (1 - jitter * random()));
}
