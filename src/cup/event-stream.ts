/**
 * The cup's Events, each once and in order: sequence numbers (drop duplicates, hold what comes
 * after a gap), replay requests to fill gaps, and the cup's clock to tell a move from history
 * (an event older than `staleAfterMs` by the cup's newest time is a warning, not a move).
 */
import { elapsedMs, seqAdd, type CupEvent as WireEvent } from '../../firmware-protocol/codec';
import { CupDisconnectedError, CupRequestError } from './errors';
import type { CupSensorEvent, CupWarning } from './events';
import { SequenceTracker } from './sequence';

export interface EventStreamHooks {
  /** A sensor event to apply: in order, at most once, not stale. */
  apply(event: CupSensorEvent): void;
  warn(warning: CupWarning): void;
  /** Send `replay_since(since)`; resolve with the Reply's first number and count. */
  replay(since: number): Promise<{ firstSeq: number; count: number }>;
  /** The newest number handed on changed (remember it for the next visit). */
  advanced(lastSeen: number | null): void;
}

/** Half the u32 clock: a difference beyond it means "before", not "after". */
const HALF_CLOCK = 0x80000000;
const MAX_REPLAY_TRIES = 3;
const REPLAY_RETRY_MS = 250;

export class EventStream {
  private readonly tracker = new SequenceTracker();
  private replaying = false;
  private linked = false;
  private newestClock: number | null = null;

  constructor(
    private readonly hooks: EventStreamHooks,
    private readonly staleAfterMs: number,
  ) {}

  get lastSeen(): number | null {
    return this.tracker.lastSeen;
  }

  /** Another cup (or the same one from an earlier visit, with its last number). */
  reset(lastSeen: number | null): void {
    this.tracker.reset(lastSeen);
  }

  /** Take `seq` as seen when nothing is known yet. */
  baseline(seq: number): void {
    this.tracker.baseline(seq);
  }

  /**
   * A State read on (re)connecting, before its time is taken as "now": a cup clock behind the
   * newest time already seen means the cup restarted while away. Its numbers started again at 0
   * (`booted`), so the events since are asked for from the start, whatever number was last seen.
   */
  restartedBefore(timeMs: number): boolean {
    if (this.newestClock === null) return false;
    const behind = elapsedMs(this.newestClock, timeMs);
    if (behind === 0 || behind >= HALF_CLOCK) return false;
    this.tracker.reset(seqAdd(0, -1));
    return true;
  }

  /** A State's time: "now" on the cup's clock. */
  now(timeMs: number): void {
    this.newestClock = timeMs;
  }

  /** Replays need a link; when it drops, a replay in flight is over. */
  setLinked(linked: boolean): void {
    this.linked = linked;
    if (!linked) this.replaying = false;
  }

  offer(event: WireEvent): void {
    const offered = this.tracker.offer(event);
    if (offered.restarted) this.hooks.warn({ code: 'cup-restarted' });
    for (const e of offered.deliver) this.deliver(e);
    if (offered.gapSince !== null) void this.replaySince(offered.gapSince);
    if (offered.deliver.length > 0) this.hooks.advanced(this.tracker.lastSeen);
  }

  /** Ask for the events after `since`; fill gaps, warn about what the cup no longer has. */
  async replaySince(since: number, tries = 0): Promise<void> {
    if (this.replaying || !this.linked) return;
    this.replaying = true;
    let again = false;
    try {
      const { firstSeq, count } = await this.hooks.replay(since);
      if (count > 0 && firstSeq !== seqAdd(since, 1)) {
        const { skipped, deliver } = this.tracker.skipTo(firstSeq);
        if (skipped > 0) this.hooks.warn({ code: 'events-lost', count: skipped });
        for (const e of deliver) this.deliver(e);
      } else if (count === 0 && this.tracker.heldCount > 0) {
        this.giveUpGap();
      }
      again = this.tracker.heldCount > 0 && tries < MAX_REPLAY_TRIES;
    } catch (error) {
      if (error instanceof CupRequestError && error.status === 'busy') {
        again = tries < MAX_REPLAY_TRIES;
      } else if (!(error instanceof CupDisconnectedError)) {
        this.giveUpGap();
      }
    } finally {
      this.replaying = false;
    }
    const last = this.tracker.lastSeen;
    if (again && last !== null) {
      setTimeout(
        () => void this.replaySince(this.tracker.lastSeen ?? last, tries + 1),
        REPLAY_RETRY_MS,
      );
    }
  }

  private giveUpGap(): void {
    const missing = this.tracker.missing;
    const released = this.tracker.giveUp();
    if (missing > 0) this.hooks.warn({ code: 'events-lost', count: missing });
    for (const e of released) this.deliver(e);
    if (released.length > 0) this.hooks.advanced(this.tracker.lastSeen);
  }

  private deliver(event: WireEvent): void {
    this.advanceClock(event.timeMs);
    const sensor = toSensorEvent(event, this.replaying);
    if (!sensor) return;
    const age = this.newestClock === null ? 0 : elapsedMs(this.newestClock, event.timeMs);
    if (age < HALF_CLOCK && age > this.staleAfterMs) {
      this.hooks.warn({ code: 'stale-event', event: sensor, ageMs: age });
      return;
    }
    this.hooks.apply(sensor);
  }

  private advanceClock(timeMs: number): void {
    if (this.newestClock === null) {
      this.newestClock = timeMs;
      return;
    }
    const ahead = elapsedMs(timeMs, this.newestClock);
    if (ahead > 0 && ahead < HALF_CLOCK) this.newestClock = timeMs;
  }
}

function toSensorEvent(event: WireEvent, replayed: boolean): CupSensorEvent | null {
  const base = { seq: event.seq, timeMs: event.timeMs, replayed };
  switch (event.type) {
    case 'shake_started':
      return { type: 'shake-started', ...base };
    case 'shake_ended':
      return { type: 'shake-ended', ...base, durationMs: event.durationMs, peakMg: event.peakMg };
    case 'lid_opened':
      return { type: 'lid-opened', ...base };
    case 'lid_closed':
      return { type: 'lid-closed', ...base, openMs: event.openMs };
    default:
      return null; // booted, or a type from a later minor version: counted, not applied
  }
}
