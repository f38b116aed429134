/** Errors the cup layer raises; the UI tells them apart by class or `code`. */

/** The link dropped while an operation was queued or running. */
export class CupDisconnectedError extends Error {
  override readonly name = 'CupDisconnectedError';
  constructor(message = 'The cup disconnected.') {
    super(message);
  }
}

/** An operation did not finish in time. */
export class CupTimeoutError extends Error {
  override readonly name = 'CupTimeoutError';
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not finish within ${ms} ms.`);
  }
}

/** The cup answered a Control request with an error status. */
export class CupRequestError extends Error {
  override readonly name = 'CupRequestError';
  constructor(
    readonly op: string,
    readonly status: string,
  ) {
    super(`The cup answered ${op} with ${status}.`);
  }
}
