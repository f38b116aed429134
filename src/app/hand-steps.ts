/**
 * Where the time of the table's last step by hand is kept (PROTOCOL.md 1.1, section 6: a cup
 * event applies unless a step was entered by hand after it happened): in localStorage, so that a
 * cup that comes back after a reload cannot overtake the table. Without storage the time is
 * kept for the page's life only (the machine holds it).
 */
const KEY = 'mia-cup.hand-step-at';

export const localHandSteps = {
  /** The time (ms, `Date.now()`) of the last step by hand; -Infinity when there was none. */
  read(): number {
    try {
      return Number(localStorage.getItem(KEY) ?? '') || -Infinity;
    } catch {
      return -Infinity;
    }
  },
  write(at: number): void {
    try {
      localStorage.setItem(KEY, String(at));
    } catch {
      // No storage, or full: the time is kept for this page's life.
    }
  },
};
