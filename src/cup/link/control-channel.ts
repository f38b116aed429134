/**
 * Control requests and their Replies (PROTOCOL.md 4.4, 4.5): a wrapping request id per request,
 * a timeout for the Reply, and the error statuses as `CupRequestError`. The write itself is
 * passed in (it goes through the GATT queue).
 */
import {
  encodeControl,
  type ControlRequest,
  type Reply,
  type ReplyOk,
} from '../../../firmware-protocol/codec';
import { CupDisconnectedError, CupRequestError, CupTimeoutError } from '../errors';

/** The `ok` Reply to a request of opcode `Op`. */
export type ReplyTo<Op> = ReplyOk extends infer R
  ? R extends { op: infer O }
    ? Op extends O
      ? R
      : never
    : never
  : never;

/** A Control request without its id (the channel picks one). */
export type ControlArgs = ControlRequest extends infer R
  ? R extends ControlRequest
    ? Omit<R, 'requestId'>
    : never
  : never;

interface Waiter {
  op: string;
  resolve: (reply: ReplyOk) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class ControlChannel {
  private requestId = 0;
  private readonly waiters = new Map<number, Waiter>();

  constructor(private readonly replyTimeoutMs: number) {}

  /** Write the request with `write` and resolve with its `ok` Reply. */
  request(args: ControlArgs, write: (frame: Uint8Array) => Promise<void>): Promise<ReplyOk> {
    this.requestId = (this.requestId + 1) & 0xff;
    const requestId = this.requestId;
    const frame = encodeControl({ ...args, requestId } as ControlRequest);
    this.settle(requestId, (w) => w.reject(new CupTimeoutError(w.op, this.replyTimeoutMs)));
    const reply = new Promise<ReplyOk>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(requestId);
        reject(new CupTimeoutError(`${args.op} reply`, this.replyTimeoutMs));
      }, this.replyTimeoutMs);
      this.waiters.set(requestId, { op: args.op, resolve, reject, timer });
    });
    reply.catch(() => {}); // observed below; no unhandled rejection while the write runs
    return write(frame).then(
      () => reply,
      (error: unknown) => {
        this.settle(requestId, () => {});
        throw error;
      },
    );
  }

  /** A decoded Reply: settles its request; a late or unknown one is ignored. */
  receive(reply: Reply): void {
    this.settle(reply.requestId, (waiter) => {
      if (reply.status === 'ok') waiter.resolve(reply as ReplyOk);
      else waiter.reject(new CupRequestError(waiter.op, reply.status));
    });
  }

  /** The link dropped: every waiting request fails. */
  rejectAll(): void {
    for (const id of [...this.waiters.keys()]) {
      this.settle(id, (waiter) => waiter.reject(new CupDisconnectedError()));
    }
  }

  private settle(requestId: number, how: (waiter: Waiter) => void): void {
    const waiter = this.waiters.get(requestId);
    if (!waiter) return;
    this.waiters.delete(requestId);
    clearTimeout(waiter.timer);
    how(waiter);
  }
}
