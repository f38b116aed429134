/**
 * Everything the cup panel shows, as one immutable snapshot replaced on every change, and the
 * typed cup events for `main.ts`: the connection's one place for both.
 */
import type { SnapshotFrom } from 'xstate';
import type { Config, CupState, Info, Rejection } from '../../../firmware-protocol/codec';
import type {
  ConnectionStatus,
  CupAvailability,
  CupEvent,
  CupListener,
  CupSensorEvent,
  CupSnapshot,
  CupWarning,
  DeviceInformation,
  FrameSource,
} from '../events';
import type { connectionMachine } from './machine';

const MAX_WARNINGS = 5;

/** The connection machine's state as the status the panel shows. */
export function statusOf(snapshot: SnapshotFrom<typeof connectionMachine>): ConnectionStatus {
  const { context } = snapshot;
  const value = snapshot.value as
    | Exclude<ConnectionStatus['phase'], 'connecting' | 'proving' | 'syncing'>
    | { link: 'connecting' | 'proving' | 'syncing' };
  if (typeof value === 'object') return { phase: value.link };
  switch (value) {
    case 'reconnecting':
      return { phase: 'reconnecting', attempt: context.attempt, retryAt: context.retryAt };
    case 'lost':
      return { phase: 'lost', reason: context.reason };
    case 'refused':
      return context.refusal
        ? { phase: 'refused', refusal: context.refusal }
        : { phase: 'lost', reason: context.reason };
    default:
      return { phase: value };
  }
}

export class CupSnapshotStore {
  private snap: CupSnapshot;
  private readonly listeners = new Set<CupListener>();
  private readonly watchers = new Set<(snapshot: CupSnapshot) => void>();

  constructor(transport: CupSnapshot['transport'], remembered: CupSnapshot['remembered']) {
    this.snap = {
      transport,
      availability: { kind: 'unknown' },
      status: { phase: 'idle' },
      name: null,
      code: null,
      ownership: null,
      claimed: false,
      claiming: null,
      remembered,
      info: null,
      device: null,
      battery: null,
      shaking: false,
      lidOpen: false,
      config: null,
      malformed: 0,
      lastMalformed: null,
      warnings: [],
      error: null,
    };
  }

  get snapshot(): CupSnapshot {
    return this.snap;
  }

  on(listener: CupListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watch(watcher: (snapshot: CupSnapshot) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  clear(): void {
    this.listeners.clear();
    this.watchers.clear();
  }

  status(status: ConnectionStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.snap.status)) return;
    this.patch({ status, ...(status.phase === 'connected' ? { error: null } : {}) });
    if (status.phase === 'lost' && status.reason !== 'gave-up')
      this.patch({ error: status.reason });
    this.emit({ type: 'connection', status });
  }

  availability(availability: CupAvailability): void {
    this.patch({ availability });
    this.emit({ type: 'availability', availability });
  }

  /** A sensor event in order, once, in time: show it live and hand it on. */
  sensor(event: CupSensorEvent): void {
    if (event.type === 'shake_started' || event.type === 'shake_ended') {
      this.patch({ shaking: event.type === 'shake_started' });
    } else {
      this.patch({ lidOpen: event.type === 'lid_opened' });
    }
    this.emit(event);
  }

  warn(warning: CupWarning): void {
    this.patch({ warnings: [...this.snap.warnings, warning].slice(-MAX_WARNINGS) });
    this.emit({ type: 'warning', warning });
  }

  state(state: CupState): void {
    this.patch({ shaking: state.shaking, lidOpen: state.lidOpen });
    if (state.batteryPercent !== null || this.snap.battery === null) {
      this.battery(state.batteryPercent);
    }
    this.emit({ type: 'state', state });
  }

  battery(percent: number | null): void {
    if (this.snap.battery === percent) return;
    this.patch({ battery: percent });
    this.emit({ type: 'battery', percent });
  }

  details(info: Info, device: DeviceInformation, battery: number | undefined): void {
    this.patch({ info, device });
    this.emit({ type: 'info', info, device });
    if (battery !== undefined) this.battery(battery);
  }

  config(config: Config): void {
    this.patch({ config });
    this.emit({ type: 'config', config });
  }

  malformed(source: FrameSource, rejection: Rejection): void {
    const count = this.snap.malformed + 1;
    this.patch({ malformed: count, lastMalformed: `${source}: ${rejection.detail}` });
    const { reason, detail } = rejection;
    this.emit({ type: 'malformed', count, source, reason, detail });
  }

  /** The link is gone: nothing is live any more. */
  linkClosed(): void {
    if (this.snap.shaking || this.snap.lidOpen) this.patch({ shaking: false, lidOpen: false });
    if (this.snap.claiming) this.patch({ claiming: null });
  }

  /** A command the players gave: its failure is shown in words. */
  async userAction<T>(run: () => Promise<T>): Promise<T> {
    this.patch({ error: null });
    try {
      return await run();
    } catch (error) {
      this.patch({ error: messageOf(error) });
      throw error;
    }
  }

  patch(patch: Partial<CupSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const watcher of [...this.watchers]) watcher(this.snap);
  }

  private emit(event: CupEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
