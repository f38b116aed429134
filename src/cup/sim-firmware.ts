/**
 * A model of the cup's firmware at the frame level: clock, event log (ring buffer), State,
 * Control requests and Replies, exactly as PROTOCOL.md describes. It knows nothing of GATT
 * objects: frames go out through `notify`. The simulated cup wraps it in a GATT layer; the
 * browser tests' emulated peripheral drives it over the DevTools protocol.
 */
import {
  Capability,
  DEFAULT_CONFIG,
  OP_NAMES,
  PROTOCOL_MAJOR,
  PROTOCOL_MINOR,
  decodeControl,
  encodeEvent,
  encodeInfo,
  encodeReply,
  encodeState,
  seqAdd,
  seqDistance,
  statusForRejectedControl,
  type Config,
  type CupEvent as WireEvent,
  type Info,
} from '../../firmware-protocol/codec';

export type NotifyCharacteristic = 'events' | 'state' | 'reply' | 'battery';

export interface FirmwareOptions {
  /** The cup's clock source, ms; "ms since boot" counts from the first reading. */
  now?: () => number;
  capacity?: number;
  deviceId?: string;
  protocol?: { major: number; minor: number };
  firmware?: { major: number; minor: number; patch: number };
  battery?: number;
  /** Coalescing delay for State notifications (PROTOCOL.md 4.3), ms; 0 sends at once. */
  stateCoalesceMs?: number;
}

export interface DeviceStrings {
  manufacturer: string;
  model: string;
  firmwareRevision: string;
  hardwareRevision: string;
}

export class CupFirmware {
  readonly info: Info;
  readonly strings: DeviceStrings;
  config: Config = { ...DEFAULT_CONFIG };
  battery: number;
  /** Skip the live notification of the next N events (they stay in the log): makes a gap. */
  dropLive = 0;
  /** Identify requests carried out, newest last. */
  readonly identified: { blink: boolean; buzz: boolean; durationMs: number }[] = [];
  /** Every notification sent, for tests. */
  notify: (characteristic: NotifyCharacteristic, frame: Uint8Array) => void = () => {};

  private readonly now: () => number;
  private bootAt: number;
  private readonly capacity: number;
  private log: Uint8Array[] = [];
  private lastSeq = 0;
  private lidOpen = false;
  private lidOpenedAt = 0;
  private shakeStartedAt: number | null = null;
  private shakeCount = 0;
  private lidOpenCount = 0;
  private connected = false;
  private readonly subscribed = new Set<NotifyCharacteristic>();
  private stateTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly stateCoalesceMs: number;

  constructor(options: FirmwareOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.capacity = options.capacity ?? 64;
    this.battery = options.battery ?? 87;
    this.stateCoalesceMs = options.stateCoalesceMs ?? 0;
    const firmware = options.firmware ?? { major: 1, minor: 4, patch: 2 };
    this.info = {
      protocolMajor: options.protocol?.major ?? PROTOCOL_MAJOR,
      protocolMinor: options.protocol?.minor ?? PROTOCOL_MINOR,
      firmware,
      capabilities:
        Capability.shake | Capability.lid | Capability.led | Capability.buzzer | Capability.battery,
      deviceId: options.deviceId ?? 'a1b2c3d4e5f60718',
      eventLogCapacity: this.capacity,
    };
    this.strings = {
      manufacturer: 'Mia Cup project',
      model: 'MC-1',
      firmwareRevision: `${firmware.major}.${firmware.minor}.${firmware.patch}`,
      hardwareRevision: 'rev B',
    };
    this.bootAt = this.now();
    this.boot();
  }

  /** ms since boot, u32. */
  get clock(): number {
    return (this.now() - this.bootAt) >>> 0;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  get lastSequence(): number {
    return this.lastSeq;
  }

  // Physical world -----------------------------------------------------------------------

  startShake(): void {
    if (this.shakeStartedAt !== null) return;
    this.shakeStartedAt = this.clock;
    this.logEvent({ type: 'shake_started', seq: 0, timeMs: this.shakeStartedAt });
  }

  endShake(peakMg = 2500): void {
    if (this.shakeStartedAt === null) return;
    const end = this.clock;
    const durationMs = Math.min(0xffff, (end - this.shakeStartedAt) >>> 0);
    this.shakeStartedAt = null;
    this.shakeCount = (this.shakeCount + 1) & 0xffff;
    this.logEvent({ type: 'shake_ended', seq: 0, timeMs: end, durationMs, peakMg });
  }

  openLid(): void {
    if (this.lidOpen) return;
    this.lidOpen = true;
    this.lidOpenedAt = this.clock;
    this.lidOpenCount = (this.lidOpenCount + 1) & 0xffff;
    this.logEvent({ type: 'lid_opened', seq: 0, timeMs: this.lidOpenedAt });
  }

  closeLid(): void {
    if (!this.lidOpen) return;
    this.lidOpen = false;
    const at = this.clock;
    this.logEvent({
      type: 'lid_closed',
      seq: 0,
      timeMs: at,
      openMs: (at - this.lidOpenedAt) >>> 0,
    });
  }

  get shaking(): boolean {
    return this.shakeStartedAt !== null;
  }

  get lidIsOpen(): boolean {
    return this.lidOpen;
  }

  setBattery(percent: number): void {
    this.battery = percent;
    this.send('battery', Uint8Array.of(percent));
    this.stateChanged();
  }

  /** Restart: empty log, clock from 0, `booted` first. The link drops. */
  reboot(): void {
    this.disconnect();
    this.bootAt = this.now();
    this.lidOpen = false;
    this.shakeStartedAt = null;
    this.shakeCount = 0;
    this.lidOpenCount = 0;
    this.boot();
  }

  // Link ---------------------------------------------------------------------------------

  connect(): void {
    this.connected = true;
  }

  disconnect(): void {
    this.connected = false;
    this.subscribed.clear();
    if (this.stateTimer) clearTimeout(this.stateTimer);
    this.stateTimer = null;
  }

  subscribe(characteristic: NotifyCharacteristic, on: boolean): void {
    if (on) this.subscribed.add(characteristic);
    else this.subscribed.delete(characteristic);
  }

  readInfo(): Uint8Array {
    return encodeInfo(this.info);
  }

  readState(): Uint8Array {
    const oldest = this.log.length > 0 ? this.log[0][1] | (this.log[0][2] << 8) : this.lastSeq;
    return encodeState({
      lidOpen: this.lidOpen,
      shaking: this.shakeStartedAt !== null,
      charging: false,
      batteryPercent: this.battery,
      lastSeq: this.lastSeq,
      timeMs: this.clock,
      shakeCount: this.shakeCount,
      lidOpenCount: this.lidOpenCount,
      oldestSeq: oldest,
    });
  }

  readBattery(): Uint8Array {
    return Uint8Array.of(this.battery);
  }

  /**
   * A Control write. Returns the ATT error for the write (0 = success); the Reply, if any,
   * goes out through `notify` afterwards.
   */
  write(frame: Uint8Array): number {
    const decoded = decodeControl(frame);
    if (!decoded.ok) {
      const status = statusForRejectedControl(frame.length, decoded);
      if (status === null) return 0x0d;
      const opcode = frame[0];
      const op = OP_NAMES.get(opcode);
      const requestId = frame[1];
      this.send(
        'reply',
        encodeReply(op ? { op, requestId, status } : { op: 'unknown', opcode, requestId, status }),
      );
      return 0;
    }
    const request = decoded.value;
    const { requestId } = request;
    switch (request.op) {
      case 'identify':
        this.identified.push({
          blink: request.blink,
          buzz: request.buzz,
          durationMs: request.durationMs,
        });
        this.send('reply', encodeReply({ op: 'identify', requestId, status: 'ok' }));
        break;
      case 'read_config':
        this.send(
          'reply',
          encodeReply({ op: 'read_config', requestId, status: 'ok', config: this.config }),
        );
        break;
      case 'write_config':
        this.config = { ...request.config };
        this.send(
          'reply',
          encodeReply({ op: 'write_config', requestId, status: 'ok', config: this.config }),
        );
        break;
      case 'replay_since':
        this.replay(request.sinceSeq, requestId);
        break;
    }
    return 0;
  }

  // Inside -------------------------------------------------------------------------------

  private replay(since: number, requestId: number): void {
    const d = seqDistance(this.lastSeq, since);
    const wanted = this.log.filter((frame) => {
      const seq = frame[1] | (frame[2] << 8);
      const ahead = seqDistance(seq, since);
      return ahead >= 1 && ahead <= d;
    });
    const firstSeq =
      wanted.length > 0 ? wanted[0][1] | (wanted[0][2] << 8) : seqAdd(this.lastSeq, 1);
    this.send(
      'reply',
      encodeReply({ op: 'replay_since', requestId, status: 'ok', firstSeq, count: wanted.length }),
    );
    for (const frame of wanted) this.send('events', frame);
  }

  private boot(): void {
    this.log = [];
    this.lastSeq = 0;
    this.append(encodeEvent({ type: 'booted', seq: 0, timeMs: this.clock }));
  }

  private logEvent(event: WireEvent): void {
    this.lastSeq = seqAdd(this.lastSeq, 1);
    const frame = encodeEvent({ ...event, seq: this.lastSeq });
    this.append(frame);
    if (this.dropLive > 0) this.dropLive--;
    else this.send('events', frame);
    this.stateChanged();
  }

  private append(frame: Uint8Array): void {
    this.log.push(frame);
    if (this.log.length > this.capacity) this.log.shift();
  }

  private stateChanged(): void {
    if (!this.connected || !this.subscribed.has('state')) return;
    if (this.stateCoalesceMs <= 0) {
      this.send('state', this.readState());
      return;
    }
    if (this.stateTimer) return;
    this.stateTimer = setTimeout(() => {
      this.stateTimer = null;
      this.send('state', this.readState());
    }, this.stateCoalesceMs);
  }

  private send(characteristic: NotifyCharacteristic, frame: Uint8Array): void {
    if (this.connected && this.subscribed.has(characteristic)) this.notify(characteristic, frame);
  }
}
