/**
 * Keeps the screen on while a game runs (Screen Wake Lock API). The browser drops the lock when
 * the page is hidden, so it is taken again when the page becomes visible.
 */
export class ScreenKeeper {
  private sentinel: WakeLockSentinel | null = null;
  private wanted = false;

  private readonly onVisible = () => {
    if (this.wanted && document.visibilityState === 'visible') void this.acquire();
  };

  /** Keep the screen on (true) or let it sleep (false). */
  set(keepOn: boolean): void {
    if (keepOn === this.wanted) return;
    this.wanted = keepOn;
    if (keepOn) {
      document.addEventListener('visibilitychange', this.onVisible);
      void this.acquire();
    } else {
      document.removeEventListener('visibilitychange', this.onVisible);
      void this.sentinel?.release();
      this.sentinel = null;
    }
  }

  /** True while the lock is held. */
  get held(): boolean {
    return this.sentinel !== null && !this.sentinel.released;
  }

  private async acquire(): Promise<void> {
    if (!('wakeLock' in navigator) || this.held) return;
    try {
      this.sentinel = await navigator.wakeLock.request('screen');
    } catch {
      // Not allowed now (battery saver, hidden page): retried on the next visibility change.
      this.sentinel = null;
    }
  }
}
