/**
 * What the groups of checks share during a run: the port and the wire, the options, what is
 * known of the cup so far (Info, Config, the owner key), and the results, recorded once each.
 */
import {
  decodeReply,
  fromHex,
  proofAnswer,
  type Config,
  type Info,
  type Reply,
} from '../../../firmware-protocol/codec';
import type { CheckPort } from './port';
import { proveBoth } from './session';
import {
  CHECKS,
  type Blocked,
  type BlockReason,
  type CheckId,
  type CheckProgress,
  type CheckResult,
  type PersonRequest,
  type SkipReason,
} from './report';
import { sleep, Wire, type Exchange } from './wire';

/** The person holding the cup. */
export interface Person {
  /**
   * Ask for an action; the promise resolves if the person declines (taps "Skip"). `signal`
   * aborts when the check has seen what it needed (or gave up waiting): the request is over.
   */
  ask(request: PersonRequest, signal: AbortSignal): Promise<void>;
}

export interface CheckOptions {
  port: CheckPort;
  person: Person;
  /** The owner key this app holds for a cup (by device id; a 1.1 key proves as it is), or null. */
  ownerKey: (deviceId: string) => Promise<string | CryptoKey | null>;
  /** A random 16-byte key as hex (a cup without an owner is claimed for the run, then released). */
  newKey: () => string;
  /** The check's clock, ms (performance.now in a page). */
  now: () => number;
  onProgress?: (progress: CheckProgress) => void;
  /** How long to wait for a Reply. */
  replyMs?: number;
  /** How long to watch for something that must not come (a Reply to a refused write). */
  quietMs?: number;
  /** How long the person has for each action. */
  personMs?: number;
  /** Allowance for the clocks and the radio in timing checks. */
  slackMs?: number;
  /** Aborts the run (the person cancelled): it stops, puts the cup back as it was, and reports. */
  signal?: AbortSignal;
}

/** The run was cancelled (`CheckOptions.signal`). */
export class CheckCancelled extends Error {
  override readonly name = 'CheckCancelled';
  constructor() {
    super('cancelled');
  }
}

export type Evidence = Partial<Pick<CheckResult, 'sent' | 'received' | 'expected' | 'got'>>;

export class CheckContext {
  readonly wire: Wire;
  readonly results = new Map<CheckId, CheckResult>();
  readonly replyMs: number;
  readonly quietMs: number;
  readonly personMs: number;
  readonly slackMs: number;
  info: Info | null = null;
  /** The Config in effect when the run began. */
  config: Config | null = null;
  /** The key this run proves with; null when the cup is another table's. */
  key: string | CryptoKey | null = null;
  /** The cup had no owner: it was claimed for the run and is released at the end. */
  claimedForRun = false;
  ownedAtStart = false;
  /** Device Information strings and the Battery Level, as read in the GATT checks. */
  strings: Record<string, Uint8Array | null> | null = null;
  battery: Uint8Array | null = null;
  /** The first thing the run could not do that blocked checks (the report says so). */
  blocked: Blocked | null = null;
  private current: CheckId | null = null;

  constructor(readonly options: CheckOptions) {
    this.replyMs = options.replyMs ?? 2_000;
    this.quietMs = options.quietMs ?? 400;
    this.personMs = options.personMs ?? 30_000;
    this.slackMs = options.slackMs ?? 40;
    this.wire = new Wire(options.port, options.now, this.replyMs);
  }

  get port(): CheckPort {
    return this.options.port;
  }

  get now(): () => number {
    return this.options.now;
  }

  /** A 1.2 cup (the cup proves itself, sealed requests, the claim by key agreement). */
  get twoOne(): boolean {
    return (this.info?.protocolMinor ?? 0) >= 2;
  }

  /** A 1.1 cup (ownership, boot id). */
  get oneOne(): boolean {
    return (this.info?.protocolMinor ?? 0) >= 1;
  }

  get cancelled(): boolean {
    return !!this.options.signal?.aborted;
  }

  /** Stop here when the run was cancelled. */
  throwIfCancelled(): void {
    if (this.cancelled) throw new CheckCancelled();
  }

  /** Resolves when the run is cancelled (never, without a signal). */
  whenCancelled(): Promise<void> {
    const signal = this.options.signal;
    if (!signal) return new Promise(() => {});
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) =>
      signal.addEventListener('abort', () => resolve(), { once: true }),
    );
  }

  running(id: CheckId): void {
    this.throwIfCancelled();
    this.current = id;
    this.options.onProgress?.({ type: 'running', id });
  }

  /** The run cannot do what it needs at the check running now (the first such is kept). */
  block(reason: BlockReason): false {
    this.blocked ??= { at: this.current, reason };
    return false;
  }

  /** Connect again (`reopen`); when the cup does not connect, the run is blocked here. */
  async reconnect(ms?: number): Promise<boolean> {
    return (await this.reopen(ms)) || this.block('reconnect');
  }

  /** Prove the key on this link (`prove`); when that fails, the run is blocked here. */
  async reprove(): Promise<boolean> {
    return (await this.prove()).ok || this.block('reprove');
  }

  /**
   * A verdict. A failure always says what came back ("nothing" when nothing did) and what was
   * required (the check's own requirement is worded by the UI beside it).
   */
  record(id: CheckId, ok: boolean, evidence: Evidence = {}): boolean {
    const received = evidence.received ?? [];
    return this.put({
      id,
      group: CHECKS[id],
      verdict: ok ? 'pass' : 'fail',
      sent: evidence.sent ?? [],
      received: ok || received.length > 0 ? received : ['nothing'],
      ...(ok ? {} : { expected: evidence.expected || undefined, got: evidence.got || 'nothing' }),
    });
  }

  skip(id: CheckId, skip: SkipReason, evidence: Evidence = {}): void {
    this.put({
      id,
      group: CHECKS[id],
      verdict: 'skip',
      sent: evidence.sent ?? [],
      received: evidence.received ?? [],
      skip,
    });
  }

  /** Skip every check of `ids` that has no result yet. */
  skipRest(ids: readonly CheckId[], skip: SkipReason): void {
    for (const id of ids) if (!this.results.has(id)) this.skip(id, skip);
  }

  /** The decoded Reply of an exchange (null when none or unreadable). */
  replyOf(x: Exchange): Reply | null {
    if (!x.reply || !x.matched) return null;
    const decoded = decodeReply(x.reply);
    return decoded.ok ? decoded.value : null;
  }

  statusOf(x: Exchange): string {
    if (x.writeError && !x.reply) return 'att-error';
    if (!x.reply) return 'no-reply';
    if (!x.matched) return 'other-reply';
    return this.replyOf(x)?.status ?? 'unreadable';
  }

  /**
   * Prove the owner key on this connection; the exchanges, and whether it worked. 1.2: the
   * cup proves itself first (`cupProven`: its proof was right), and a session starts.
   */
  async prove(): Promise<{ ok: boolean; exchanges: Exchange[]; cupProven?: boolean | null }> {
    const exchanges: Exchange[] = [];
    if (!this.key) return { ok: false, exchanges };
    if (this.twoOne) {
      const both = await proveBoth(
        this.key,
        (b) => this.wire.request(b),
        this.wire.nextId.bind(this.wire),
        okBody,
      );
      this.wire.sealer.session = both.session;
      return { ok: both.session !== null, exchanges: both.exchanges, cupProven: both.cupProven };
    }
    const challenge = await this.wire.request([0x05, this.wire.nextId()]);
    exchanges.push(challenge);
    const reply = this.replyOf(challenge);
    if (reply?.op !== 'auth_challenge' || reply.status !== 'ok') return { ok: false, exchanges };
    const answer = await proofAnswer(this.key, reply.challenge);
    const prove = await this.wire.request([0x06, this.wire.nextId(), ...fromHex(answer)]);
    exchanges.push(prove);
    return { ok: this.statusOf(prove) === 'ok', exchanges };
  }

  /** Wait until the link drops (true) or `ms` pass (false). */
  dropped(ms: number): Promise<boolean> {
    if (!this.port.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      const stop = this.port.onDrop(() => done(true));
      const done = (value: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(value);
      };
    });
  }

  /** Connect again, trying for up to `ms` (a cup that restarts takes a moment). */
  async reopen(ms = 15_000): Promise<boolean> {
    const deadline = this.now() + ms;
    this.wire.sealer.session = null; // a session lives as long as its connection
    for (;;) {
      try {
        await this.port.open();
        return true;
      } catch {
        if (this.now() >= deadline) return false;
        await sleep(500);
      }
    }
  }

  private put(result: CheckResult): boolean {
    if (!this.results.has(result.id)) {
      this.results.set(result.id, result);
      this.options.onProgress?.({ type: 'result', result });
    }
    return result.verdict === 'pass';
  }
}

/** The 16 bytes an `ok` Reply carries (a challenge, a proof), or null. */
function okBody(x: Exchange): Uint8Array | null {
  const r = x.reply;
  return x.matched && r && r[2] === 0 && r.length >= 19 ? r.subarray(3, 19) : null;
}
