/**
 * What a firmware update says of itself, in codes (the UI words them): its phase, its state,
 * why it failed, and how an error thrown on the way becomes a failure; and the cup it needs.
 */
import { CupTimeoutError } from '../errors';
import { SmpStatusError, type SmpPipe } from './client';
import type { FirmwareImage, ImageComparison, ImageRejection } from './image';

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
  /** The upload was cancelled; `install()` goes on from where the cup stands. */
  | 'stopped'
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
  /** The cup answered `tries` times in a row without taking the upload beyond `at` bytes. */
  | { kind: 'stalled'; at: number; tries: number }
  | { kind: 'no-smp' }
  | { kind: 'lost' }
  | { kind: 'error'; detail: string };

export interface UpdateState {
  phase: UpdatePhase;
  /** The chosen file, once it passed the check. */
  image?: FirmwareImage;
  /** The version the cup runs (before, and after the update). */
  cupVersion?: string;
  /** The chosen image against the cup's (known before "Install"). */
  compared?: ImageComparison;
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
  /** Tries without progress before giving up (PROTOCOL.md 9.5: five). */
  retries?: number;
}

/** A file as the page has it (a `File`): its size is known before it is read. */
export interface ChosenFile {
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A failure the flow itself decided on. */
export class Failed extends Error {
  constructor(readonly failure: UpdateFailure) {
    super(failure.kind);
  }
}

/** The person cancelled the upload. */
export class Stopped extends Error {}

/** `promise`, or `Stopped` as soon as `signal` aborts (what `promise` does later is let be). */
export function unlessStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Stopped());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Stopped());
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', stop), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', stop), reject(error)),
    );
  });
}

/** The failure an error thrown at `step` is. */
export function failureOf(error: unknown, step: 'upload' | 'test' | 'confirm'): UpdateFailure {
  if (error instanceof Failed) return error.failure;
  if (error instanceof SmpStatusError) {
    return { kind: 'refused', step, rc: error.rc, group: error.group };
  }
  if (error instanceof CupTimeoutError) return { kind: 'lost' };
  const name = (error as Error)?.name;
  if (name === 'NotFoundError') return { kind: 'no-smp' };
  return { kind: 'error', detail: (error as Error)?.message ?? String(error) };
}
