/**
 * An SMP client over one pipe (one GATT link): one request at a time, each with a sequence
 * number and a timeout, written in fragments of at most `SMP_FRAGMENT` bytes; responses are
 * joined from notifications by their header's length and matched by sequence number. A
 * response with `rc` (SMP version 1) or `err` (version 2) other than 0 rejects with
 * `SmpStatusError`. Closing the pipe rejects what waits.
 */
import { CupDisconnectedError } from '../errors';
import { withTimeout } from '../link/timeout';
import { mapField, uintField, type CborMap } from './cbor';
import { SMP_FRAGMENT, SmpOp } from './constants';
import { SmpAssembler, decodePacket, encodePacket, fragment } from './frame';

/** One GATT link's SMP characteristic, as the client needs it. */
export interface SmpPipe {
  /** Write one ATT value (at most `SMP_FRAGMENT` bytes). */
  write(value: Uint8Array): Promise<void>;
  /**
   * Follow the cup's notifications, and the end of the link (`closed`); returns the function
   * that stops following.
   */
  listen(onValue: (value: Uint8Array) => void, closed: (error: Error) => void): () => void;
}

/** The cup answered an SMP request with an error: `rc` (version 1) or `err` (version 2). */
export class SmpStatusError extends Error {
  override readonly name = 'SmpStatusError';
  constructor(
    readonly what: string,
    readonly rc: number,
    /** The group of a version 2 error; undefined for a version 1 `rc`. */
    readonly group?: number,
  ) {
    super(`The cup answered ${what} with ${group === undefined ? '' : `group ${group} `}rc ${rc}.`);
  }
}

/** The cup sent something the client cannot read. */
export class SmpProtocolError extends Error {
  override readonly name = 'SmpProtocolError';
}

interface Waiting {
  seq: number;
  group: number;
  id: number;
  resolve: (body: CborMap) => void;
  reject: (error: Error) => void;
}

export class SmpClient {
  private seq = 0;
  private waiting: Waiting | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private closedWith: Error | null = null;
  private readonly assembler = new SmpAssembler();
  private readonly stop: () => void;
  /** Unreadable notifications, ignored. */
  malformed = 0;

  constructor(
    private readonly pipe: SmpPipe,
    private readonly timeoutMs = 5_000,
  ) {
    this.stop = pipe.listen(
      (value) => this.receive(value),
      (error) => this.close(error),
    );
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /** Send a request and resolve with its response body (rejects on an error status). */
  request(what: string, op: SmpOp, group: number, id: number, body: CborMap): Promise<CborMap> {
    const run = () => this.send(what, op, group, id, body);
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => {});
    return result;
  }

  /** Stop following the pipe and reject whatever waits. */
  close(error: Error = new CupDisconnectedError()): void {
    if (this.closedWith) return;
    this.closedWith = error;
    this.stop();
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }

  private async send(
    what: string,
    op: SmpOp,
    group: number,
    id: number,
    body: CborMap,
  ): Promise<CborMap> {
    if (this.closedWith) throw this.closedWith;
    const seq = this.seq;
    this.seq = (this.seq + 1) & 0xff;
    const packet = encodePacket({ op, group, id, seq, body });
    const response = new Promise<CborMap>((resolve, reject) => {
      this.waiting = { seq, group, id, resolve, reject };
    });
    response.catch(() => {}); // a write that fails first is what the caller hears of
    this.assembler.reset();
    try {
      for (const part of fragment(packet, SMP_FRAGMENT)) await this.pipe.write(part);
    } catch (error) {
      this.waiting = null;
      throw error;
    }
    try {
      return await withTimeout(response, this.timeoutMs, what);
    } finally {
      if (this.waiting?.seq === seq) this.waiting = null;
    }
  }

  private receive(value: Uint8Array): void {
    const joined = this.assembler.push(value);
    if (!joined.ok) {
      this.malformed++;
      this.assembler.reset();
      return;
    }
    if (!joined.value) return;
    const packet = decodePacket(joined.value);
    const waiting = this.waiting;
    if (!packet.ok) {
      this.malformed++;
      return;
    }
    const p = packet.value;
    const isResponse = p.op === SmpOp.readResponse || p.op === SmpOp.writeResponse;
    if (!waiting || !isResponse || p.seq !== waiting.seq) return; // late or not ours
    if (p.group !== waiting.group || p.id !== waiting.id) {
      this.waiting = null;
      waiting.reject(new SmpProtocolError(`a response for group ${p.group} command ${p.id}`));
      return;
    }
    this.waiting = null;
    const err = mapField(p.body, 'err');
    const errRc = err ? uintField(err, 'rc') : undefined;
    if (errRc) {
      waiting.reject(new SmpStatusError(`${p.group}/${p.id}`, errRc, uintField(err!, 'group')));
      return;
    }
    const rc = uintField(p.body, 'rc');
    if (rc) {
      waiting.reject(new SmpStatusError(`${p.group}/${p.id}`, rc));
      return;
    }
    waiting.resolve(p.body);
  }
}
