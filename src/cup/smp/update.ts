/**
 * A firmware update, step by step (PROTOCOL.md 9.5): check the file, read the cup's images,
 * upload in chunks that fit the cup's SMP buffer, resume after a dropped link from the offset
 * the cup reports, mark the image for test, reset, wait for the cup to come back (connected and
 * proven), and confirm the new image, or report that the cup came back with the old one.
 * It speaks in codes; the UI words them.
 */
import { CupTimeoutError } from '../errors';
import { SmpClient, SmpStatusError, type SmpPipe } from './client';
import {
  readBufferSize,
  readImageState,
  resetCup,
  runningSlot,
  uploadBody,
  uploadChunk,
  writeImageState,
  type UploadChunk,
} from './commands';
import { encodeBody } from './cbor';
import { DEFAULT_SMP_PACKET, MAX_SMP_PACKET, SMP_HEADER_LENGTH } from './constants';
import { checkImage, versionText, type FirmwareImage, type ImageRejection } from './image';

/** The cup as an update needs it: SMP on its current link, and whether it is there. */
export interface UpdateCup {
  /** SMP on the current link; rejects when the cup is not connected or has no SMP service. */
  open(): Promise<SmpPipe>;
  /** Connected, and this app has proven it owns the cup. */
  ready(): boolean;
  /** Resolves once `ready()` is `want`; rejects with `CupTimeoutError` after `ms`. */
  until(want: boolean, ms: number): Promise<void>;
}

export type UpdatePhase =
  | 'idle'
  | 'checking'
  | 'ready'
  | 'uploading'
  | 'reconnecting'
  | 'testing'
  | 'restarting'
  | 'confirming'
  | 'done'
  | 'failed';

export type UpdateFailure =
  | { kind: 'not-an-image'; reason: ImageRejection; detail: string }
  | { kind: 'already-running'; version: string }
  | { kind: 'refused'; step: 'upload' | 'test' | 'confirm'; rc: number; group?: number }
  | { kind: 'rolled-back'; running: string; wanted: string }
  | { kind: 'no-smp' }
  | { kind: 'lost' }
  | { kind: 'error'; detail: string };

export interface UpdateState {
  phase: UpdatePhase;
  /** The chosen file, once it passed the check. */
  image?: FirmwareImage;
  /** The version the cup runs (before, and after the update). */
  cupVersion?: string;
  /** Bytes the cup has confirmed, of `total`. */
  sent: number;
  total: number;
  /** How often the upload went on after a dropped link. */
  resumes: number;
  /** The SMP packet size in use (the cup's buffer, or the default). */
  packetSize?: number;
  failure?: UpdateFailure;
}

export interface UpdateOptions {
  /** Wait for one SMP response, ms. */
  responseMs?: number;
  /** Wait for the cup to come back after a drop or a reset, ms. */
  reconnectMs?: number;
  /** Wait for the cup to go down after the reset command, ms. */
  restartMs?: number;
  /** Tries per chunk before giving up. */
  retries?: number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

class Failed extends Error {
  constructor(readonly failure: UpdateFailure) {
    super(failure.kind);
  }
}

export class FirmwareUpdate {
  private current: UpdateState = { phase: 'idle', sent: 0, total: 0, resumes: 0 };
  private file: Uint8Array | null = null;
  private client: SmpClient | null = null;
  private readonly listeners = new Set<(state: UpdateState) => void>();
  private readonly responseMs: number;
  private readonly reconnectMs: number;
  private readonly restartMs: number;
  private readonly retries: number;

  constructor(
    private readonly cup: UpdateCup,
    options: UpdateOptions = {},
  ) {
    this.responseMs = options.responseMs ?? 5_000;
    this.reconnectMs = options.reconnectMs ?? 60_000;
    this.restartMs = options.restartMs ?? 10_000;
    this.retries = options.retries ?? 5;
  }

  get state(): UpdateState {
    return this.current;
  }

  /** Follow every change; returns the unsubscribe function. */
  watch(listener: (state: UpdateState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Check a file and read what the cup runs. Nothing is written to the cup. */
  async choose(file: Uint8Array): Promise<UpdateState> {
    this.file = null;
    this.current = { phase: 'idle', sent: 0, total: file.length, resumes: 0 };
    const checked = checkImage(file);
    if (!checked.ok) {
      return this.fail({ kind: 'not-an-image', reason: checked.reason, detail: checked.detail });
    }
    this.set({ phase: 'checking', image: checked.value });
    try {
      const running = runningSlot(await readImageState(await this.smp()));
      this.file = file;
      return this.set({ phase: 'ready', cupVersion: running?.version });
    } catch (error) {
      return this.fail(failureOf(error, 'upload'));
    }
  }

  /** Upload the chosen file, test it, reset the cup, and confirm it once the cup is back. */
  async install(): Promise<UpdateState> {
    const file = this.file;
    const image = this.current.image;
    if (!file || !image || this.current.phase !== 'ready') throw new Error('No image chosen.');
    let step: 'upload' | 'test' | 'confirm' = 'upload';
    try {
      const client = await this.smp();
      const running = runningSlot(await readImageState(client));
      if (running && sameBytes(running.hash, image.hash)) {
        return this.fail({ kind: 'already-running', version: running.version });
      }
      const reported = await readBufferSize(client);
      const packetSize = Math.min(MAX_SMP_PACKET, reported ?? DEFAULT_SMP_PACKET);
      this.set({ phase: 'uploading', sent: 0, resumes: 0, packetSize });
      const sha = new Uint8Array(await crypto.subtle.digest('SHA-256', file.slice()));
      await this.upload(file, sha, packetSize);
      step = 'test';
      this.set({ phase: 'testing' });
      await writeImageState(await this.smp(), image.hash, false);
      this.set({ phase: 'restarting' });
      await this.restart();
      step = 'confirm';
      this.set({ phase: 'confirming' });
      const after = await this.smp();
      const now = runningSlot(await readImageState(after));
      if (!now || !sameBytes(now.hash, image.hash)) {
        return this.fail({
          kind: 'rolled-back',
          running: now?.version ?? '?',
          wanted: versionText(image.version),
        });
      }
      if (!now.confirmed) await writeImageState(after, image.hash, true);
      return this.set({ phase: 'done', cupVersion: now.version });
    } catch (error) {
      return this.fail(failureOf(error, step));
    }
  }

  /** Stop listening to the cup (the element went away). */
  dispose(): void {
    this.client?.close();
    this.client = null;
    this.listeners.clear();
  }

  private async upload(file: Uint8Array, sha: Uint8Array, packetSize: number): Promise<void> {
    let off = 0;
    let ask = true; // send the first chunk's form: the cup answers where its upload stands
    let tries = 0;
    while (off < file.length) {
      const chunk = this.chunk(file, ask ? 0 : off, packetSize, ask ? sha : undefined);
      try {
        const next = await uploadChunk(await this.smp(), chunk);
        if (next > file.length) throw new Failed({ kind: 'error', detail: `offset ${next}` });
        if (next > off || ask) tries = 0;
        ask = false;
        off = next;
        this.set({ sent: off });
      } catch (error) {
        if (error instanceof SmpStatusError || error instanceof Failed) throw error;
        if (++tries > this.retries) throw error;
        ask = true;
        if (!this.cup.ready()) {
          this.set({ phase: 'reconnecting' });
          await this.cup.until(true, this.reconnectMs);
          this.set({ phase: 'uploading', resumes: this.current.resumes + 1 });
        }
      }
    }
  }

  /** The chunk at `off` whose whole SMP packet fits `packetSize`. */
  private chunk(file: Uint8Array, off: number, packetSize: number, sha?: Uint8Array): UploadChunk {
    const first = sha ? { len: file.length, sha } : undefined;
    const empty = encodeBody(uploadBody({ off, data: new Uint8Array(0), first })).length;
    // The data's own length grows by up to 2 bytes once it passes 23 and 255 bytes.
    const room = Math.max(1, packetSize - SMP_HEADER_LENGTH - empty - 2);
    return { off, data: file.subarray(off, Math.min(file.length, off + room)), first };
  }

  /** Reset the cup, see it go and come back. */
  private async restart(): Promise<void> {
    const client = await this.smp();
    const down = this.cup.until(false, this.restartMs);
    down.catch(() => {});
    try {
      await resetCup(client);
    } catch (error) {
      if (error instanceof SmpStatusError) throw error;
      // A cup may restart before its answer goes out: the drop below is the answer.
    }
    await down;
    this.client?.close();
    this.client = null;
    await this.cup.until(true, this.reconnectMs);
  }

  private async smp(): Promise<SmpClient> {
    if (this.client && !this.client.closed) return this.client;
    this.client = new SmpClient(await this.cup.open(), this.responseMs);
    return this.client;
  }

  private set(patch: Partial<UpdateState>): UpdateState {
    this.current = { ...this.current, ...patch };
    for (const listener of [...this.listeners]) listener(this.current);
    return this.current;
  }

  private fail(failure: UpdateFailure): UpdateState {
    return this.set({ phase: 'failed', failure });
  }
}

function failureOf(error: unknown, step: 'upload' | 'test' | 'confirm'): UpdateFailure {
  if (error instanceof Failed) return error.failure;
  if (error instanceof SmpStatusError) {
    return { kind: 'refused', step, rc: error.rc, group: error.group };
  }
  if (error instanceof CupTimeoutError) return { kind: 'lost' };
  const name = (error as Error)?.name;
  if (name === 'NotFoundError') return { kind: 'no-smp' };
  return { kind: 'error', detail: (error as Error)?.message ?? String(error) };
}
