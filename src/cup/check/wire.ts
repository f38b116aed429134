/**
 * The check's view of the wire: every frame the cup sent during the run (notified or read),
 * Control requests with their exact bytes and the Reply that came back, and waits for frames
 * that never block past their deadline.
 */
import { EventType, Opcode, Status } from '../../../firmware-protocol/codec';
import type { CheckPort, PortFrame } from './port';
import { Sealer } from './session';

export interface WireFrame extends PortFrame {
  /** A read's value (Info, State) rather than a notification. */
  read: boolean;
}

export interface Exchange {
  sent: Uint8Array;
  /** The write's error (an ATT error), or null when the cup acknowledged it. */
  writeError: string | null;
  /** The Reply with the request's opcode and id; else the first Reply after the write. */
  reply: Uint8Array | null;
  matched: boolean;
  /** Index in `frames` of the first frame after the write started. */
  from: number;
}

export const hex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

const named = (table: Record<string, number>) =>
  new Map(Object.entries(table).map(([name, code]) => [code, name]));
const OPCODES = named(Opcode);
const STATUSES = named(Status);
const EVENTS = named(EventType);

/**
 * What a frame's first bytes say, in PROTOCOL.md's names: a Control request's or a Reply's
 * opcode (`write_config`), request id and status, an event's type. Empty when it has none.
 */
export function gist(source: string, bytes: ArrayLike<number>): string {
  const code = (table: Map<number, string>, at: number) =>
    at < bytes.length ? (table.get(bytes[at]) ?? `0x${hex([bytes[at]])}`) : '';
  if (source === 'control' || source.endsWith('reply')) {
    const parts = [code(OPCODES, 0), bytes.length > 1 ? `#${bytes[1]}` : ''];
    if (source !== 'control') parts.push(code(STATUSES, 2));
    return parts.filter(Boolean).join(' ');
  }
  return source === 'events' ? code(EVENTS, 0) : '';
}

/** How a frame is shown in a result: its source, what it is, and its bytes. */
export const shown = (source: string, bytes: ArrayLike<number>) => {
  if (bytes.length === 0) return `${source} (0 bytes)`;
  const what = gist(source, bytes);
  return `${source} ${what ? `${what}: ` : ''}${hex(bytes)}`;
};

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Wire {
  readonly frames: WireFrame[] = [];
  private waiters = new Set<() => void>();
  private requestId = 0x40;
  private readonly unsubscribe: () => void;
  private reading = false;
  /** Request ids whose request got no Reply in its time: a Reply with one may still come. */
  private readonly unanswered = new Set<number>();
  /** Seals requests while a 1.2 session is up (`session.ts`). */
  readonly sealer = new Sealer();

  constructor(
    readonly port: CheckPort,
    readonly now: () => number,
    readonly replyMs: number,
  ) {
    this.unsubscribe = port.onFrame((frame) => {
      this.frames.push({ ...frame, read: frame.source === 'state' && this.reading });
      for (const wake of [...this.waiters]) wake();
    });
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** A fresh request id (a wrapping counter). */
  nextId(): number {
    this.requestId = (this.requestId + 1) & 0xff;
    return this.requestId;
  }

  async readInfo(): Promise<Uint8Array> {
    const bytes = await this.port.readInfo();
    this.frames.push({ source: 'info', bytes, at: this.now(), read: true });
    return bytes;
  }

  /** Read State; also returns the app-clock window in which the cup took it. */
  async readState(): Promise<{ bytes: Uint8Array; before: number; after: number }> {
    const before = this.now();
    this.reading = true;
    try {
      const bytes = await this.port.readState();
      return { bytes, before, after: this.now() };
    } finally {
      this.reading = false;
    }
  }

  /**
   * Write `bytes` to Control and wait for its Reply (up to `waitMs`). A Reply of its opcode
   * with another request id ends the wait too (unmatched: a cup that echoes a wrong id), unless
   * that id is of an earlier request that got no Reply in its time (its late Reply: the wait
   * goes on for this one's). So a wrong echo costs no waiting, however slow the machine.
   */
  async request(bytes: ArrayLike<number>, waitMs = this.replyMs, seal = true): Promise<Exchange> {
    const raw = Uint8Array.from(bytes);
    const sent = seal ? await this.sealer.seal(raw) : raw;
    const from = this.frames.length;
    this.unanswered.delete(sent[1]);
    let writeError: string | null = null;
    try {
      await this.port.writeControl(sent);
    } catch (error) {
      writeError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const ours = (f: WireFrame) =>
      f.source === 'reply' && sent.length >= 2 && f.bytes[0] === sent[0];
    const answer = (f: WireFrame) =>
      ours(f) && (f.bytes[1] === sent[1] || !this.unanswered.has(f.bytes[1]));
    const first = await this.waitFor(answer, from, writeError ? Math.min(waitMs, 300) : waitMs);
    const found = first?.bytes[1] === sent[1] ? first : null;
    const other = this.frames.slice(from).find((f) => f.source === 'reply');
    for (const late of this.frames.slice(from).filter(ours)) this.unanswered.delete(late.bytes[1]);
    if (!first && sent.length >= 2) this.unanswered.add(sent[1]);
    this.sealer.settle(sent !== raw, found?.bytes ?? null);
    return { sent, writeError, reply: (found ?? other)?.bytes ?? null, matched: !!found, from };
  }

  /** The first frame from index `from` on that `match`es, or null after `ms`. */
  waitFor(match: (f: WireFrame) => boolean, from: number, ms: number): Promise<WireFrame | null> {
    const seen = this.frames.slice(from).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const wake = () => {
        const found = this.frames.slice(from).find(match);
        if (found) done(found);
      };
      const timer = setTimeout(() => done(null), ms);
      const done = (frame: WireFrame | null) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(frame);
      };
      this.waiters.add(wake);
    });
  }

  /** Event frames (notified) from index `from` on. */
  eventsFrom(from: number): WireFrame[] {
    return this.frames.slice(from).filter((f) => f.source === 'events');
  }

  /**
   * Wait until `count` event frames have arrived since `from`, or `ms` passed without a new
   * one (a replay of many events takes as long as it takes, on a busy radio too); returns them.
   */
  async events(from: number, count: number, ms: number): Promise<WireFrame[]> {
    while (this.eventsFrom(from).length < count) {
      const next = await this.waitFor((f) => f.source === 'events', this.frames.length, ms);
      if (!next) break;
    }
    return this.eventsFrom(from);
  }
}

/** How an exchange reads in a result. */
export function sentOf(x: Exchange): string {
  return shown('control', x.sent);
}

export function receivedOf(x: Exchange): string[] {
  const out: string[] = [];
  if (x.writeError) out.push(`att-error ${x.writeError}`);
  out.push(x.reply ? shown(x.matched ? 'reply' : 'other-reply', x.reply) : 'no-reply');
  return out;
}
