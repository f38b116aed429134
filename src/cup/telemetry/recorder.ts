/**
 * "Record a trace" on the cup side: starts the cup's telemetry stream (PROTOCOL.md 4.7, a 1.1
 * addition) on the connected cup, collects its frames into a `TraceBuilder`, and keeps the cup
 * events the app saw while recording (to check a replay against). Knows nothing of the UI: it
 * reports progress to one listener.
 */
import {
  Capability,
  TELEMETRY_MAX_SECONDS,
  decodeTelemetry,
  type Config,
  type TelemetryEndReason,
} from '../../../firmware-protocol/codec';
import type { CupConnection } from '../connection/connection';
import type { CupSensorEvent, CupSnapshot } from '../events';
import { characteristic } from '../link/discover';
import { valueOf, type GattCharacteristicLike } from '../link/gatt';
import { TraceBuilder, type RecordedEvent, type TracePoint } from './trace';

/** How a recording ended: the cup's `end` reason, or the link went down. */
export type RecordingEnd = TelemetryEndReason | 'link-lost';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'stopping' | 'done' | 'failed';

export interface RecorderUpdate {
  phase: RecorderPhase;
  /** Readings that arrived since the last update. */
  points: TracePoint[];
}

/** Whether this cup can record (capability bit 6) and this app may ask it (its owner). */
export function canRecord(snapshot: CupSnapshot): boolean {
  return (
    snapshot.status.phase === 'connected' &&
    snapshot.ownership === 'mine' &&
    ((snapshot.info?.capabilities ?? 0) & Capability.telemetry) !== 0
  );
}

/** How long after the stop Reply the recorder waits for the stream's last frames. */
const TAIL_MS = 1_500;

export class TelemetryRecorder {
  phase: RecorderPhase = 'idle';
  rateHz = 0;
  config: Config | null = null;
  end: RecordingEnd | null = null;
  error: string | null = null;
  /** The stream's frame count (stop Reply, or the `end` frame's number + 1). */
  total: number | null = null;
  readonly events: RecordedEvent[] = [];
  trace = new TraceBuilder();

  private characteristic: GattCharacteristicLike | null = null;
  private stopWatching: (() => void) | null = null;
  private tail: ReturnType<typeof setTimeout> | null = null;
  private readonly pending: TelemetryEventQueue = [];

  constructor(
    private readonly connection: CupConnection,
    private readonly onUpdate: (update: RecorderUpdate) => void = () => {},
  ) {}

  /** Start a recording of at most `seconds` (1..60). */
  async start(seconds = TELEMETRY_MAX_SECONDS): Promise<void> {
    if (this.phase === 'starting' || this.phase === 'recording' || this.phase === 'stopping') {
      return;
    }
    this.reset();
    this.set('starting');
    try {
      this.config = this.connection.snapshot.config ?? (await this.connection.readConfig());
      const telemetry = await this.connection.gatt('telemetry subscribe', async (server) => {
        const c = await characteristic(server, 'telemetry');
        c.addEventListener('characteristicvaluechanged', this.onFrame);
        await c.startNotifications();
        return c;
      });
      this.characteristic = telemetry;
      this.stopWatching = this.connection.on((event) => {
        if (event.type === 'connection' && event.status.phase !== 'connected') this.linkLost();
        else if (
          event.type === 'shake_started' ||
          event.type === 'shake_ended' ||
          event.type === 'lid_opened' ||
          event.type === 'lid_closed'
        ) {
          this.sawEvent(event);
        }
      });
      const reply = await this.connection.request({ op: 'telemetry_start', seconds });
      this.rateHz = reply.rateHz;
      if ((this.phase as RecorderPhase) === 'starting') this.set('recording');
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      this.detach();
      this.set('failed');
    }
  }

  /** Stop: the cup sends its last frames and the `end` frame after the Reply. */
  async stop(): Promise<void> {
    if (this.phase !== 'recording') return;
    this.set('stopping');
    try {
      const reply = await this.connection.request({ op: 'telemetry_stop' });
      if (reply.frames > 0) this.total = reply.frames;
      this.end ??= 'stop';
    } catch {
      this.end ??= 'link-lost';
    }
    if (this.total !== null && this.trace.frameCount >= this.total) this.finish();
    else this.tail ??= setTimeout(() => this.finish(), TAIL_MS);
  }

  /** Leave: stop listening (a running stream stops itself at its limit or with the link). */
  dispose(): void {
    if (this.phase === 'recording') void this.stop();
    this.detach();
  }

  /** The recording as a trace file. */
  csv(label: string, note: string): string {
    const snap = this.connection.snapshot;
    const fw = snap.info?.firmware;
    return this.trace.csv(
      {
        label,
        note,
        rateHz: this.rateHz,
        config: this.config,
        recordedAt: new Date(),
        cup: snap.code ? `Mia Cup ${snap.code}` : snap.name,
        firmware:
          snap.device?.firmwareRevision ?? (fw ? `${fw.major}.${fw.minor}.${fw.patch}` : null),
      },
      this.total,
      this.events,
    );
  }

  private readonly onFrame = (event: Event) => {
    const view = valueOf(event);
    if (!view) return;
    const decoded = decodeTelemetry(view);
    if (!decoded.ok) return; // a bad frame is a lost frame: it shows as a gap
    if (this.phase !== 'recording' && this.phase !== 'stopping' && this.phase !== 'starting') {
      return;
    }
    const frame = decoded.value;
    const points = this.trace.add(frame);
    // Events seen before the first frame wait for the recording's start time.
    for (const e of this.pending.splice(0)) this.sawEvent(e);
    if (frame.kind === 'end') {
      this.total = frame.seq + 1;
      this.end ??= frame.reason;
    }
    this.onUpdate({ phase: this.phase, points });
    if (frame.kind === 'end' || (this.total !== null && this.trace.frameCount >= this.total)) {
      this.finish();
    }
  };

  private sawEvent(event: CupSensorEvent): void {
    if (this.trace.originMs === null) {
      this.pending.push(event);
      return;
    }
    this.events.push({
      type: event.type,
      t: this.trace.rel(event.timeMs),
      value:
        event.type === 'shake_ended'
          ? event.durationMs
          : event.type === 'lid_closed'
            ? event.openMs
            : null,
      peakMg: event.type === 'shake_ended' ? event.peakMg : null,
    });
  }

  private linkLost(): void {
    if (this.phase !== 'recording' && this.phase !== 'stopping' && this.phase !== 'starting') {
      return;
    }
    this.end ??= 'link-lost';
    this.characteristic = null; // gone with the link
    this.finish();
  }

  private finish(): void {
    if (this.phase === 'done' || this.phase === 'failed' || this.phase === 'idle') return;
    this.detach();
    this.set('done');
  }

  private detach(): void {
    if (this.tail) clearTimeout(this.tail);
    this.tail = null;
    this.stopWatching?.();
    this.stopWatching = null;
    const c = this.characteristic;
    this.characteristic = null;
    if (c) {
      c.removeEventListener('characteristicvaluechanged', this.onFrame);
      void this.connection
        .gatt('telemetry unsubscribe', () => c.stopNotifications())
        .catch(() => {});
    }
  }

  private reset(): void {
    this.trace = new TraceBuilder();
    this.events.length = 0;
    this.pending.length = 0;
    this.total = null;
    this.end = null;
    this.error = null;
    this.rateHz = 0;
  }

  private set(phase: RecorderPhase): void {
    this.phase = phase;
    this.onUpdate({ phase, points: [] });
  }
}

type TelemetryEventQueue = CupSensorEvent[];
