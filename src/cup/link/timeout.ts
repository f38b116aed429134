import { CupTimeoutError } from '../errors';

/**
 * Settles like `promise`, or rejects with `CupTimeoutError` after `ms`. The timer is cleared
 * either way. `onLate` runs with the value if the promise fulfils after the timeout (so a late
 * connect can be disconnected).
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  onLate?: (value: T) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new CupTimeoutError(what, ms));
    }, ms);
    promise.then(
      (value) => {
        if (timedOut) {
          onLate?.(value);
          return;
        }
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (timedOut) return;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
