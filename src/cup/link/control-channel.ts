/**
 * Control requests and their Replies (PROTOCOL.md 4.4, 4.5): a wrapping request id per request,
 * a timeout for the Reply, and the error statuses as `CupRequestError`. With a session (1.2)
 * the requests that change the cup are sealed: their tag is counted in the order they are
 * written, and a sealed `release` is taken only with the cup's tag on its Reply. The write
 * itself is passed in (it goes through the GATT queue).
 */
import {
  encodeControl,
  encodeReply,
  fromHex,
  isSealable,
  replyTag,
  requestTag,
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

/** A session (1.2): its key, and the count of the sealed requests sent in it. */
export interface Session {
  key: CryptoKey;
  count: number;
}

interface Waiter {
  op: string;
  resolve: (reply: ReplyOk) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class ControlChannel {
  /** The session sealed requests are sealed with; null: nothing is sealed (1.1, no owner). */
  session: Session | null = null;
  private requestId = 0;
  private readonly waiters = new Map<number, Waiter>();
  /** Sealed writes go out in the order of their counts. */
  private sealing: Promise<unknown> = Promise.resolve();

  constructor(private readonly replyTimeoutMs: number) {}

  /** Write the request with `write` and resolve with its `ok` Reply. */
  request(
    args: ControlArgs,
    write: (frame: Uint8Array) => Promise<void>,
    timeoutMs = this.replyTimeoutMs,
  ): Promise<ReplyOk> {
    this.requestId = (this.requestId + 1) & 0xff;
    const requestId = this.requestId;
    const frame = encodeControl({ ...args, requestId } as ControlRequest);
    this.settle(requestId, (w) => w.reject(new CupTimeoutError(w.op, timeoutMs)));
    const reply = new Promise<ReplyOk>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(requestId);
        reject(new CupTimeoutError(`${args.op} reply`, timeoutMs));
      }, timeoutMs);
      this.waiters.set(requestId, { op: args.op, resolve, reject, timer });
    });
    reply.catch(() => {}); // observed below; no unhandled rejection while the write runs
    const session = isSealable(args.op) ? this.session : null;
    const count = session ? session.count++ : 0;
    const written = session ? this.sealed(session, count, frame, write) : write(frame);
    return written.then(
      () => (session && args.op === 'release' ? this.confirmed(reply, session, count) : reply),
      (error: unknown) => {
        this.settle(requestId, () => {});
        throw error;
      },
    );
  }

  /** The frame with its tag, written once every sealed write before it is. */
  private sealed(
    session: Session,
    count: number,
    frame: Uint8Array,
    write: (frame: Uint8Array) => Promise<void>,
  ): Promise<void> {
    const tagged = requestTag(session.key, count, frame).then((tag) =>
      Uint8Array.from([...frame, ...fromHex(tag)]),
    );
    const written = this.sealing.then(() => tagged).then(write);
    this.sealing = written.catch(() => {});
    return written;
  }

  /** A sealed release's `ok` counts only with the cup's tag on it (PROTOCOL.md 4.4). */
  private async confirmed(reply: Promise<ReplyOk>, session: Session, count: number) {
    const ok = await reply;
    const head = encodeReply({ ...ok, tag: null } as Reply);
    if (ok.op !== 'release' || ok.tag !== (await replyTag(session.key, count, head))) {
      throw new CupRequestError('release', 'unconfirmed');
    }
    return ok;
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
