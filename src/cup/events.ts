/** The typed events and the snapshot the cup layer gives the rest of the app. */
import type { Config, CupState, Info, RejectionCode } from '../../firmware-protocol/codec';

/** Whether this browser can reach a cup at all. */
export type CupAvailability =
  /** Not known yet (the check is asynchronous). */
  | { kind: 'unknown' }
  | { kind: 'available' }
  /** No Web Bluetooth: Safari, Firefox, every browser on iOS. `ios` points to Bluefy. */
  | { kind: 'unsupported'; ios: boolean }
  /** Web Bluetooth needs https (or localhost). */
  | { kind: 'insecure' }
  /** The browser has Web Bluetooth, but Bluetooth is off or there is no adapter. */
  | { kind: 'bluetooth-off' };

/** Where the connection is: the states of the connection machine (`machine.ts`). */
export type ConnectionStatus =
  /** Not connected and not trying (never connected, or the players disconnected). */
  | { phase: 'idle' }
  /** The browser's chooser is open. */
  | { phase: 'choosing' }
  /** Waiting for a remembered cup to advertise (after a reload). */
  | { phase: 'searching' }
  /** Connecting, discovering, subscribing, reading Info and State. */
  | { phase: 'connecting' }
  /** Proving the owner key, or claiming a cup without an owner (protocol 1.1). */
  | { phase: 'proving' }
  /** Reading the cup's details and catching up on its events. */
  | { phase: 'syncing' }
  | { phase: 'connected' }
  /** The link dropped; the next attempt is at `retryAt` (ms, `Date.now()` clock). */
  | { phase: 'reconnecting'; attempt: number; retryAt: number }
  /** Gave up reconnecting, or a connect failed: a tap tries again. */
  | { phase: 'lost'; reason: string }
  /** The cup cannot be used here (see `Refusal`). */
  | { phase: 'refused'; refusal: Refusal };

/** Why a cup is not used. */
export type Refusal =
  /** It speaks another protocol major, or sent an unreadable Info (`found` null). */
  | { kind: 'version'; found: { major: number; minor: number } | null; supported: number }
  /** It has an owner, and this app does not hold the key (another table's cup). */
  | { kind: 'other-owner'; code: string };

/**
 * Who the connected cup answers to: `mine` (this app holds its owner key and proved it, or
 * just claimed it), or `open` (a protocol 1.0 cup: anyone in range can use it).
 */
export type Ownership = 'mine' | 'open';

/** The Device Information Service strings (any may be missing). */
export interface DeviceInformation {
  manufacturer: string | null;
  model: string | null;
  firmwareRevision: string | null;
  hardwareRevision: string | null;
}

/** Where a frame came from: a characteristic of the cup's GATT layout. */
export type FrameSource = 'info' | 'events' | 'state' | 'reply' | 'battery' | 'telemetry';

export type CupWarningCode =
  /** An event that happened before a step the table entered by hand: not applied. */
  | 'late-event'
  /** The cup's log no longer held events the app missed. */
  | 'events-lost'
  /** The cup restarted since the app last saw it. */
  | 'cup-restarted'
  /** The cup sent events faster than any table plays: those beyond the limit were not applied. */
  | 'too-many-events';

export interface CupWarning {
  code: CupWarningCode;
  /** For 'late-event': the event (its `at` says when it happened). */
  event?: CupSensorEvent;
  /** For 'events-lost': how many. */
  count?: number;
}

interface SensorBase {
  seq: number;
  /** ms since the cup booted, when it happened. */
  timeMs: number;
  /** Delivered by a replay after a gap or a reconnect, rather than live. */
  replayed: boolean;
  /** When it happened on the app's clock (ms since the epoch), from the cup's clock. */
  at: number;
}

/** What the cup sensed, in order, each at most once. */
export type CupSensorEvent =
  | (SensorBase & { type: 'shake_started' })
  | (SensorBase & { type: 'shake_ended'; durationMs: number; peakMg: number })
  | (SensorBase & { type: 'lid_opened' })
  | (SensorBase & { type: 'lid_closed'; openMs: number });

export type CupEvent =
  | CupSensorEvent
  | { type: 'battery'; percent: number | null }
  | { type: 'state'; state: CupState }
  | { type: 'info'; info: Info; device: DeviceInformation }
  | { type: 'config'; config: Config }
  | { type: 'connection'; status: ConnectionStatus }
  | { type: 'availability'; availability: CupAvailability }
  | { type: 'malformed'; count: number; source: FrameSource; reason: RejectionCode; detail: string }
  | { type: 'warning'; warning: CupWarning };

export type CupListener = (event: CupEvent) => void;

/** Everything a cup panel shows, in one immutable object (replaced on every change). */
export interface CupSnapshot {
  transport: 'web-bluetooth' | 'simulated';
  availability: CupAvailability;
  status: ConnectionStatus;
  /** The connected (or last) cup's advertised name. */
  name: string | null;
  /** The connected cup's short code ("3F2A", printed on it as "Mia Cup 3F2A"). */
  code: string | null;
  /** Who the connected cup answers to; null until known. */
  ownership: Ownership | null;
  /** This connection claimed the cup for this app (it had no owner). */
  claimed: boolean;
  /** A cup from an earlier visit that a tap can reconnect to. */
  remembered: { name: string } | null;
  info: Info | null;
  device: DeviceInformation | null;
  /** Percent, or null when unknown. */
  battery: number | null;
  /** Live sensor state: from State and from events as they happen. */
  shaking: boolean;
  lidOpen: boolean;
  config: Config | null;
  /** Frames dropped because they did not decode. */
  malformed: number;
  lastMalformed: string | null;
  /** The newest warnings, newest last (at most 5). */
  warnings: CupWarning[];
  /** The last failed user action (connect, identify, config), in words, for the panel. */
  error: string | null;
}
