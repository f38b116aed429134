/**
 * The cup's Events, each once and in order (PROTOCOL.md section 6): sequence numbers (drop
 * duplicates, hold what comes after a gap), replay requests to fill gaps, restarts noticed by
 * the boot id (or, from a 1.0 cup, by its clock going back), and the cup's clock mapped to the
 * app's, so that an event is a move unless the table moved on by hand after it happened. An
 * event is never dropped for its age alone; only a flood beyond what any table makes is cut
 * (`MAX_EVENT_BURST`, `EVENTS_PER_SECOND`), with a warning.
 */
import {
  elapsedMs,
  seqAdd,
  type CupEvent as WireEvent,
  type CupState,
} from '../../../firmware-protocol/codec';
import { CupDisconnectedError, CupRequestError } from '../errors';
import type { CupSensorEvent, CupWarning } from '../events';
import { RateLimit } from './rate-limit';
import { SequenceTracker } from './sequence';

/** Where a cup's events were when last seen: its boot, and the last number handed on. */
export interface StreamPosition {
  bootId: number | null;
  lastSeq: number | null;
}

export interface EventStreamHooks {
  /** A sensor event to apply: in order, at most once, not overtaken by a step by hand. */
  apply(event: CupSensorEvent): void;
  warn(warning: CupWarning): void;
  /** Send `replay_since(since)`; resolve with the Reply's first number and count. */
  replay(since: number): Promise<{ firstSeq: number; count: number }>;
  /** The position changed (remember it for the next visit). */
  advanced(position: StreamPosition): void;
  /** When the table last took a step by hand (app clock, ms); -Infinity when never. */
  movedOnAt(): number;
  /** The app's clock, ms since the epoch. */
  now(): number;
}

/** Half the u32 clock: a difference beyond it means "before", not "after". */
const HALF_CLOCK = 0x80000000;
const MAX_REPLAY_TRIES = 3;
/**
 * At most this many events are held while a link syncs. A cup makes a few in that time; what
 * comes beyond is left out and asked for again by the replay that fills the gap (a cup keeps
 * its events in its log), so a device that floods a link cannot grow the app's memory.
 */
export const MAX_HELD_EVENTS = 64;
const REPLAY_RETRY_MS = 250;
/** Sensor events applied at once at most (a replay's worth), then this many a second. */
export const MAX_EVENT_BURST = MAX_HELD_EVENTS;
export const EVENTS_PER_SECOND = 4;
/** `replay_since` of this number asks for everything from `booted` (number 0) on. */
const FROM_BOOT = seqAdd(0, -1);

export class EventStream {
  private readonly tracker = new SequenceTracker();
  private replaying = false;
  private linked = false;
  private bootId: number | null = null;
  /** The newest time seen on the cup's clock, for a 1.0 cup's restart check. */
  private newestClock: number | null = null;
  /**
   * App clock minus cup clock. A State reaches the app some time after the cup took it, so
   * the smallest difference seen on this link is the best estimate.
   */
  private offset: number | null = null;
  /**
   * Events that arrive on the link being set up, until it is proven and synced. They belong to
   * that link: dropped with it (a device refused before `release` hands on nothing).
   */
  private held: WireEvent[] | null = null;
  private readonly limit = new RateLimit(MAX_EVENT_BURST, EVENTS_PER_SECOND);
  /** Events were cut on this link (said once a link). */
  private flooded = false;

  constructor(private readonly hooks: EventStreamHooks) {}

  get lastSeen(): number | null {
    return this.tracker.lastSeen;
  }

  get position(): StreamPosition {
    return { bootId: this.bootId, lastSeq: this.tracker.lastSeen };
  }

  /** Another cup (or the same one from an earlier visit, where its events were). */
  follow(position: StreamPosition | null): void {
    this.tracker.reset(position?.lastSeq ?? null);
    this.bootId = position?.bootId ?? null;
    this.newestClock = null;
    this.offset = null;
  }

  /**
   * The same cup, where the device last left its events (another page may have handed some on
   * meanwhile); what was measured of its clock is kept.
   */
  resume(position: StreamPosition): void {
    this.tracker.reset(position.lastSeq);
    this.bootId = position.bootId;
  }

  /**
   * A State, read or notified: "now" on the cup's clock. A boot id other than the one known, or
   * (1.0) a clock behind the newest time seen, means the cup restarted while away: its numbers
   * began again at 0 and may already have passed the last one seen, so the events of this boot
   * are asked for from `booted` on.
   */
  state(state: CupState): void {
    const restarted =
      state.bootId !== null
        ? this.bootId !== null && state.bootId !== this.bootId
        : this.clockWentBack(state.timeMs);
    if (state.bootId !== null) this.bootId = state.bootId;
    const observed = this.hooks.now() - state.timeMs;
    if (restarted || this.offset === null || observed < this.offset) this.offset = observed;
    if (restarted) {
      this.tracker.expectBoot(FROM_BOOT);
      this.hooks.warn({ code: 'cup-restarted' });
      this.hooks.advanced(this.position);
    }
    this.newestClock = state.timeMs;
  }

  /**
   * Replays need a link; when it drops, a replay in flight is over, and what the link sent
   * before it was released is dropped with it.
   */
  setLinked(linked: boolean): void {
    this.linked = linked;
    if (!linked) {
      this.replaying = false;
      this.held = null;
    } else {
      this.offset = null; // a new link: measure the clocks again
      this.flooded = false;
    }
  }

  /**
   * A new link is being set up: keep the events that arrive on it from now on until `release`
   * (it is proven and synced). Nothing held for an earlier link carries over.
   */
  hold(): void {
    this.held = [];
  }

  /**
   * Syncing is done. With nothing known of this cup, its events count from those after `from`
   * (the link's start; by default `lastSeq`, State's newest number: from now). The held events
   * are handed on (those up to `from` as duplicates: dropped), then what the cup logged after
   * the last one known is asked for.
   */
  release(lastSeq: number, from = lastSeq): void {
    const held = this.held ?? [];
    this.held = null;
    const known = this.tracker.lastSeen;
    if (known === null) this.tracker.baseline(from);
    for (const event of held) this.offer(event);
    if (known !== null) void this.replaySince(known);
    else if (from !== lastSeq) void this.replaySince(this.tracker.lastSeen ?? from);
  }

  offer(event: WireEvent): void {
    if (this.held) {
      if (this.held.length < MAX_HELD_EVENTS) this.held.push(event);
      return;
    }
    const offered = this.tracker.offer(event);
    if (offered.restarted) this.hooks.warn({ code: 'cup-restarted' });
    for (const e of offered.deliver) this.deliver(e);
    if (offered.gapSince !== null) void this.replaySince(offered.gapSince);
    if (offered.deliver.length > 0) this.hooks.advanced(this.position);
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

  private clockWentBack(timeMs: number): boolean {
    if (this.newestClock === null) return false;
    const behind = elapsedMs(this.newestClock, timeMs);
    return behind !== 0 && behind < HALF_CLOCK;
  }

  private giveUpGap(): void {
    const missing = this.tracker.missing;
    const released = this.tracker.giveUp();
    if (missing > 0) this.hooks.warn({ code: 'events-lost', count: missing });
    for (const e of released) this.deliver(e);
    if (released.length > 0) this.hooks.advanced(this.position);
  }

  private deliver(event: WireEvent): void {
    this.advanceClock(event.timeMs);
    if (event.type === 'booted' && event.bootId !== null) this.bootId = event.bootId;
    const at = this.offset === null ? this.hooks.now() : this.offset + event.timeMs;
    const sensor = toSensorEvent(event, this.replaying, at);
    if (!sensor) return;
    if (at < this.hooks.movedOnAt()) {
      this.hooks.warn({ code: 'late-event', event: sensor });
      return;
    }
    if (!this.limit.take(this.hooks.now())) {
      if (!this.flooded) this.hooks.warn({ code: 'too-many-events' });
      this.flooded = true;
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

function toSensorEvent(event: WireEvent, replayed: boolean, at: number): CupSensorEvent | null {
  const base = { seq: event.seq, timeMs: event.timeMs, replayed, at };
  switch (event.type) {
    case 'shake_started':
      return { type: 'shake_started', ...base };
    case 'shake_ended':
      return { type: 'shake_ended', ...base, durationMs: event.durationMs, peakMg: event.peakMg };
    case 'lid_opened':
      return { type: 'lid_opened', ...base };
    case 'lid_closed':
      return { type: 'lid_closed', ...base, openMs: event.openMs };
    default:
      return null; // booted, or a type from a later minor version: counted, not applied
  }
}
