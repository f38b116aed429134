/**
 * How fast a cup's events may become moves: a token bucket on the app's clock. A table makes a
 * move every second or so, and a replay after a reconnect brings a few dozen at once; a device
 * that sends hundreds a second (a broken cup, or one that is not a cup) is cut down to `burst`
 * at once and `perSecond` after that, so it cannot flood the game with work (issue #31).
 */
export class RateLimit {
  private tokens: number;
  private last: number | null = null;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  /** Whether one more may pass at `now` (ms); it is counted when it does. */
  take(now: number): boolean {
    if (this.last !== null) {
      const earned = (Math.max(0, now - this.last) * this.perSecond) / 1_000;
      this.tokens = Math.min(this.burst, this.tokens + earned);
    }
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
