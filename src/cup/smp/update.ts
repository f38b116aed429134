/**
 * A firmware update, step by step (PROTOCOL.md 9.5): check the file, read the cup's images,
 * upload in chunks that fit the cup's SMP buffer, resume after a dropped link from the offset
 * the cup reports, mark the image for test, reset, wait for the cup to come back (connected and
 * proven), and confirm the new image, or report that the cup came back with the old one.
 * It speaks in codes; the UI words them.
 */
import { SmpClient, SmpStatusError } from './client';
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
import { MAX_IMAGE_BYTES, checkImage, compareWithRunning, tooLarge, versionText } from './image';
import {
  Failed,
  Stopped,
  failureOf,
  unlessStopped,
  type ChosenFile,
  type UpdateCup,
  type UpdateFailure,
  type UpdateOptions,
  type UpdateState,
} from './update-state';

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export class FirmwareUpdate {
  private current: UpdateState = { phase: 'idle', sent: 0, total: 0, resumes: 0 };
  /** The chosen file: the one copy of it the app holds. */
  private file: Uint8Array<ArrayBuffer> | null = null;
  private client: SmpClient | null = null;
  /** Aborts the upload under way (`cancel()`); null outside the upload. */
  private stopping: AbortController | null = null;
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

  /**
   * Read a file the page was given and `choose` it; a file larger than any firmware is refused
   * before it is read.
   */
  async chooseFile(file: ChosenFile): Promise<UpdateState> {
    if (file.size > MAX_IMAGE_BYTES) {
      this.forget(file.size);
      const { reason, detail } = tooLarge(file.size);
      return this.fail({ kind: 'not-an-image', reason, detail });
    }
    return this.choose(new Uint8Array(await file.arrayBuffer()));
  }

  /**
   * Check a file and read what the cup runs, and how the file stands to it (the same image, the
   * same version, older, newer). Nothing is written to the cup.
   */
  async choose(file: Uint8Array<ArrayBuffer>): Promise<UpdateState> {
    this.forget(file.length);
    const checked = checkImage(file);
    if (!checked.ok) {
      return this.fail({ kind: 'not-an-image', reason: checked.reason, detail: checked.detail });
    }
    this.set({ phase: 'checking', image: checked.value });
    try {
      const running = runningSlot(await readImageState(await this.smp()));
      this.file = file;
      const compared = compareWithRunning(checked.value, running);
      return this.set({ phase: 'ready', cupVersion: running?.version, compared });
    } catch (error) {
      return this.fail(failureOf(error, 'upload'));
    }
  }

  /**
   * Upload the chosen file, test it, reset the cup, and confirm it once the cup is back. After
   * `cancel()` it goes on where the cup's upload stands (the first chunk names the upload).
   */
  async install(): Promise<UpdateState> {
    const file = this.file;
    const image = this.current.image;
    const { phase } = this.current;
    if (!file || !image || (phase !== 'ready' && phase !== 'stopped')) {
      throw new Error('No image chosen.');
    }
    let step: 'upload' | 'test' | 'confirm' = 'upload';
    const stopping = new AbortController();
    this.stopping = stopping;
    try {
      const client = await this.smp();
      const running = runningSlot(await readImageState(client));
      if (running && sameBytes(running.hash, image.hash)) {
        return this.fail({ kind: 'already-running', version: running.version });
      }
      const reported = await readBufferSize(client);
      const packetSize = Math.min(MAX_SMP_PACKET, reported ?? DEFAULT_SMP_PACKET);
      // Going on after a cancel, the bar stays where it was until the cup says where it stands.
      const sent = phase === 'stopped' ? this.current.sent : 0;
      this.set({ phase: 'uploading', sent, resumes: 0, packetSize });
      const sha = new Uint8Array(await crypto.subtle.digest('SHA-256', file));
      await this.upload(file, sha, packetSize, stopping.signal);
      this.stopping = null;
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
      if (error instanceof Stopped) return this.set({ phase: 'stopped' });
      return this.fail(failureOf(error, step));
    } finally {
      if (this.stopping === stopping) this.stopping = null;
    }
  }

  /**
   * Cancel the upload: no further chunk goes out, and the cup keeps what it received (the
   * state says `stopped`). Nothing happens outside the upload: the test, the restart and the
   * confirm are each one short step the cup must finish.
   */
  cancel(): void {
    this.stopping?.abort();
  }

  /** Stop listening to the cup (the element went away). */
  dispose(): void {
    this.stopping?.abort();
    this.client?.close();
    this.client = null;
    this.listeners.clear();
  }

  private async upload(
    file: Uint8Array,
    sha: Uint8Array,
    packetSize: number,
    signal: AbortSignal,
  ): Promise<void> {
    let off = 0;
    let ask = true; // send the first chunk's form: the cup answers where its upload stands
    let best = 0; // the furthest the cup has taken the upload
    let tries = 0; // chunks in a row that did not take it further (PROTOCOL.md 9.5)
    while (off < file.length) {
      ask ||= off === 0; // a chunk at 0 names the upload (its length and hash)
      const chunk = this.chunk(file, ask ? 0 : off, packetSize, ask ? sha : undefined);
      try {
        const next = await unlessStopped(uploadChunk(await this.smp(), chunk), signal);
        if (next > file.length) throw new Failed({ kind: 'error', detail: `offset ${next}` });
        // Only a new furthest offset is progress: a cup that keeps going back cannot loop.
        if (next > best) [best, tries] = [next, 0];
        else if (++tries >= this.retries) throw new Failed({ kind: 'stalled', at: next, tries });
        ask = false;
        off = next;
        this.set({ sent: off });
      } catch (error) {
        if (error instanceof SmpStatusError || error instanceof Failed) throw error;
        if (error instanceof Stopped) throw error;
        if (++tries >= this.retries) throw error;
        ask = true;
        if (!this.cup.ready()) {
          this.set({ phase: 'reconnecting' });
          await unlessStopped(this.cup.until(true, this.reconnectMs), signal);
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

  /** Drop the chosen file (and stop its upload) for one of `total` bytes. */
  private forget(total: number): void {
    this.stopping?.abort();
    this.file = null;
    this.current = { phase: 'idle', sent: 0, total, resumes: 0 };
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
