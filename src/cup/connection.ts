/**
 * One cup connection, whatever the transport: connect with a timeout, fetch the services,
 * start notifications, read Info (refuse another protocol major), State, battery and device
 * information, keep GATT operations in one queue, reconnect with backoff after a link loss,
 * and turn Events frames into typed cup events, each once and in order (sequence numbers and
 * replay). The game never sees this class: `main.ts` maps its events to machine events.
 */
import {
  BATTERY_LEVEL_CHARACTERISTIC,
  BATTERY_SERVICE,
  CHARACTERISTIC_UUIDS,
  PROTOCOL_MAJOR,
  SERVICE_UUID,
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  readProtocolVersion,
  seqAdd,
  type Config,
  type CupEvent as WireEvent,
  type CupState,
  type Info,
  type Rejection,
  type ReplyOk,
} from '../../firmware-protocol/codec';
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { CupDisconnectedError, CupRequestError } from './errors';
import type {
  ConnectionStatus,
  CupAvailability,
  CupEvent,
  CupListener,
  CupSensorEvent,
  CupSnapshot,
  CupWarning,
  FrameSource,
} from './events';
import {
  valueOf,
  type GattCharacteristicLike,
  type GattDeviceLike,
  type GattListener,
} from './gatt';
import { batteryOf, readDeviceInformation, type GattOp } from './device-reads';
import { GattQueue } from './queue';
import { ControlChannel, type ControlArgs } from './control-channel';
import { EventStream } from './event-stream';
import { withTimeout } from './timeout';
import { inMemory, type CupMemory, type CupTransport, type RememberedCup } from './transport';

export interface CupConnectionOptions {
  transport: CupTransport;
  memory?: CupMemory;
  /** Limit for `gatt.connect()`; a connect that succeeds later is disconnected. */
  connectTimeoutMs?: number;
  /** Limit for every other GATT operation. */
  requestTimeoutMs?: number;
  /** Limit for a Reply after its Control write. */
  replyTimeoutMs?: number;
  /** Events older than this by the cup's clock are warnings, not moves. */
  staleAfterMs?: number;
  /** How long to wait for a remembered cup to advertise after a reload. */
  searchTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
}

interface Link {
  token: number;
  device: GattDeviceLike;
  queue: GattQueue;
  control: GattCharacteristicLike | null;
  listeners: [GattCharacteristicLike, GattListener][];
  /** Event frames that arrive before the sequence baseline is known. */
  buffered: WireEvent[] | null;
}

const MAX_WARNINGS = 5;

const INITIAL: Omit<CupSnapshot, 'transport'> = {
  availability: { kind: 'unknown' },
  status: { phase: 'idle' },
  name: null,
  remembered: null,
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

export class CupConnection {
  readonly transport: CupTransport;
  private readonly memory: CupMemory;
  private readonly connectTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly replyTimeoutMs: number;
  private readonly staleAfterMs: number;
  private readonly searchTimeoutMs: number;
  private readonly backoff: Backoff;

  private snap: CupSnapshot;
  private readonly listeners = new Set<CupListener>();
  private readonly watchers = new Set<(snapshot: CupSnapshot) => void>();
  private readonly stream: EventStream;
  private trackedCup: string | null = null;
  private device: GattDeviceLike | null = null;
  private link: Link | null = null;
  private token = 0;
  private userClosed = false;
  private refused = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private search: AbortController | null = null;
  private readonly control: ControlChannel;
  private stopWatchingAvailability: (() => void) | null = null;
  /** What the memory holds (kept here so that each event does not parse it again). */
  private rememberedCup: RememberedCup | null = null;

  constructor(options: CupConnectionOptions) {
    this.transport = options.transport;
    this.memory = options.memory ?? inMemory();
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
    this.replyTimeoutMs = options.replyTimeoutMs ?? 3_000;
    this.staleAfterMs = options.staleAfterMs ?? 15_000;
    this.searchTimeoutMs = options.searchTimeoutMs ?? 15_000;
    this.backoff = new Backoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
    this.control = new ControlChannel(this.replyTimeoutMs);
    this.stream = new EventStream(
      {
        apply: (event) => this.applySensor(event),
        warn: (warning) => this.warn(warning),
        replay: async (since) => {
          const reply = await this.request({ op: 'replay_since', sinceSeq: since });
          if (reply.op !== 'replay_since')
            throw new CupRequestError('replay_since', 'a wrong reply');
          return reply;
        },
        advanced: () => this.saveLastSeq(),
      },
      this.staleAfterMs,
    );
    const remembered = (this.rememberedCup = this.memory.load());
    this.snap = {
      ...INITIAL,
      transport: this.transport.kind,
      remembered: remembered ? { name: remembered.name } : null,
    };
  }

  get snapshot(): CupSnapshot {
    return this.snap;
  }

  get status(): ConnectionStatus {
    return this.snap.status;
  }

  /** Typed cup events (sensor events in order, once each; battery; state; connection...). */
  on(listener: CupListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the new snapshot after every change. */
  watch(watcher: (snapshot: CupSnapshot) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Check availability and follow its changes. */
  async init(): Promise<CupAvailability> {
    this.stopWatchingAvailability ??= this.transport.watchAvailability((availability) =>
      this.setAvailability(availability),
    );
    const availability = await this.transport.availability();
    this.setAvailability(availability);
    return availability;
  }

  /**
   * Reconnect to the cup of an earlier visit without the chooser, where the browser allows it
   * (`getDevices()` + `watchAdvertisements()`). Returns false when it cannot; the panel then
   * offers a one-tap reconnect (`reconnect()`).
   */
  async restore(): Promise<boolean> {
    const remembered = this.memory.load();
    if (!remembered || this.link || this.snap.status.phase !== 'idle') return false;
    const device = await this.transport.rememberedDevice(remembered.webId);
    if (!device || this.snap.status.phase !== 'idle') return false;
    this.userClosed = false;
    this.refused = false;
    this.setStatus({ phase: 'searching' });
    const search = (this.search = new AbortController());
    const timer = setTimeout(() => search.abort(), this.searchTimeoutMs);
    const seen = await this.transport.waitForAdvertisement(device, search.signal);
    clearTimeout(timer);
    if (this.search !== search) return false; // the players chose another way meanwhile
    this.search = null;
    if (!seen) {
      this.setStatus({ phase: 'idle' });
      return false;
    }
    return this.open(device, false).then(
      () => true,
      () => false,
    );
  }

  /** Choose a cup and connect. Call from a user gesture (the chooser needs one). */
  async connect(): Promise<void> {
    const chosen = this.transport.requestDevice(); // first, inside the gesture
    this.stopSearching();
    this.update({ error: null });
    let device: GattDeviceLike;
    try {
      device = await chosen;
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotFoundError';
      this.update({ error: cancelled ? null : messageOf(error) });
      throw error;
    }
    await this.open(device, false);
  }

  /**
   * One tap to get the cup back: reconnect to the device of this visit (after "lost"), or open
   * the chooser (after a reload, where the browser cannot reconnect by itself).
   */
  async reconnect(): Promise<void> {
    if (this.device) {
      this.stopSearching();
      this.update({ error: null });
      return this.open(this.device, false);
    }
    return this.connect();
  }

  /** The players' disconnect: no reconnect follows. */
  disconnect(): void {
    this.userClosed = true;
    this.stopSearching();
    this.clearReconnect();
    this.token++;
    const device = this.device;
    this.teardown(new CupDisconnectedError('Disconnected.'));
    if (device?.gatt?.connected) device.gatt.disconnect();
    this.update({ status: { phase: 'idle' }, shaking: false, lidOpen: false });
  }

  /** Disconnect and forget the cup (no reconnect offered). */
  forget(): void {
    this.disconnect();
    this.detachDevice();
    this.rememberedCup = null;
    this.memory.save(null);
    this.update({ remembered: null });
  }

  /** Stop everything and drop every listener (the page is going away). */
  dispose(): void {
    this.disconnect();
    this.detachDevice();
    this.stopWatchingAvailability?.();
    this.stopWatchingAvailability = null;
    this.listeners.clear();
    this.watchers.clear();
  }

  /** Make the cup blink and/or buzz so the players know which cup is theirs. */
  async identify(blink = true, buzz = true, durationMs = 2_000): Promise<void> {
    await this.userRequest({ op: 'identify', blink, buzz, durationMs });
  }

  async readConfig(): Promise<Config> {
    const reply = await this.request({ op: 'read_config' });
    if (reply.op !== 'read_config') throw new CupRequestError('read_config', 'a wrong reply');
    this.update({ config: reply.config });
    this.emit({ type: 'config', config: reply.config });
    return reply.config;
  }

  /** Write the sensitivity settings; resolves with the Config now in effect. */
  async writeConfig(config: Config): Promise<Config> {
    const reply = await this.userRequest({ op: 'write_config', config });
    if (reply.op !== 'write_config') throw new CupRequestError('write_config', 'a wrong reply');
    this.update({ config: reply.config });
    this.emit({ type: 'config', config: reply.config });
    return reply.config;
  }

  // ---------------------------------------------------------------------------------------
  // Connecting

  private async open(device: GattDeviceLike, retry: boolean): Promise<void> {
    this.clearReconnect();
    this.teardown(new CupDisconnectedError());
    const token = ++this.token;
    this.userClosed = false;
    this.refused = false;
    this.attachDevice(device);
    this.setStatus({ phase: 'connecting' });
    try {
      await this.setUp(device, token);
    } catch (error) {
      if (token !== this.token) return; // superseded (a disconnect, a newer attempt)
      this.token++;
      this.teardown(error instanceof Error ? error : new Error(String(error)));
      if (device.gatt?.connected) device.gatt.disconnect();
      if (this.refused) {
        if (retry) return;
        throw error;
      }
      if (retry) {
        this.scheduleReconnect();
      } else {
        this.setStatus({ phase: 'lost', reason: messageOf(error) });
        this.update({ error: messageOf(error) });
        throw error;
      }
    }
  }

  private async setUp(device: GattDeviceLike, token: number): Promise<void> {
    const gatt = device.gatt;
    if (!gatt) throw new Error('This device has no GATT server.');
    const alive = () => {
      if (token !== this.token) throw new CupDisconnectedError('Superseded.');
    };
    const server = await withTimeout(gatt.connect(), this.connectTimeoutMs, 'connect', () => {
      if (token === this.token || !this.link) gatt.disconnect();
    });
    alive();
    const queue = new GattQueue(this.requestTimeoutMs);
    const link: Link = { token, device, queue, control: null, listeners: [], buffered: [] };
    this.link = link;
    this.stream.setLinked(true);
    const op = <T>(what: string, run: () => Promise<T>) => queue.run(what, run);

    // Services and characteristics, fetched again on every connect.
    const main = await op('mia service', () => server.getPrimaryService(SERVICE_UUID));
    const char = (uuid: string) => op(uuid, () => main.getCharacteristic(uuid));
    const info = await char(CHARACTERISTIC_UUIDS.info);
    const events = await char(CHARACTERISTIC_UUIDS.events);
    const state = await char(CHARACTERISTIC_UUIDS.state);
    link.control = await char(CHARACTERISTIC_UUIDS.control);
    const reply = await char(CHARACTERISTIC_UUIDS.reply);
    alive();

    // Notifications first (before any Control write), with listeners we can remove again.
    this.listen(link, events, (value) => this.onEventFrame(link, value));
    this.listen(link, state, (value) => this.onStateFrame(value));
    this.listen(link, reply, (value) => this.onReplyFrame(value));
    for (const c of [events, state, reply])
      await op('start notifications', () => c.startNotifications());
    alive();

    // Info: refuse another major.
    const infoValue = await op('read info', () => info.readValue());
    const decoded = decodeInfo(infoValue);
    if (!decoded.ok) {
      this.malformed('info', decoded);
      this.refuse(
        device,
        decoded.reason === 'unsupported_version' ? (readProtocolVersion(infoValue) ?? null) : null,
      );
      throw new Error(decoded.detail);
    }
    alive();
    const deviceInfo = await readDeviceInformation(server, op);
    const battery = await this.startBattery(link, server, op);
    alive();
    this.update({ info: decoded.value, device: deviceInfo, name: device.name ?? null });
    this.emit({ type: 'info', info: decoded.value, device: deviceInfo });
    if (battery !== undefined) this.setBattery(battery);

    const stateValue = await op('read state', () => state.readValue());
    alive();
    const current = decodeState(stateValue);
    if (current.ok) this.stream.restartedBefore(current.value.timeMs);
    if (current.ok) this.applyState(current.value);
    else this.malformed('state', current);

    // Sequence numbers: pick up where we left this cup.
    this.followCup(decoded.value);
    const buffered = link.buffered ?? [];
    link.buffered = null;
    const known = this.stream.lastSeen;
    if (known === null) {
      const first = buffered[0];
      if (first) this.stream.baseline(seqAdd(first.seq, -1));
      else if (current.ok) this.stream.baseline(current.value.lastSeq);
    }
    for (const event of buffered) this.stream.offer(event);

    this.backoff.reset();
    this.setStatus({ phase: 'connected' });
    this.remember(device, decoded.value);
    if (known !== null) void this.stream.replaySince(known);
    this.readConfig().catch(() => {});
  }

  /** Battery Service: read and follow the level; undefined when the cup has none. */
  private async startBattery(
    link: Link,
    server: NonNullable<GattDeviceLike['gatt']>,
    op: GattOp,
  ): Promise<number | null | undefined> {
    try {
      const service = await op('battery service', () => server.getPrimaryService(BATTERY_SERVICE));
      const level = await op('battery level', () =>
        service.getCharacteristic(BATTERY_LEVEL_CHARACTERISTIC),
      );
      this.listen(link, level, (value) => this.onBatteryFrame(value));
      await op('battery notifications', () => level.startNotifications()).catch((error) => {
        if (error instanceof CupDisconnectedError) throw error;
      });
      return batteryOf(await op('read battery', () => level.readValue()));
    } catch (error) {
      if (error instanceof CupDisconnectedError) throw error;
      return undefined;
    }
  }

  private refuse(device: GattDeviceLike, found: { major: number; minor: number } | null): void {
    this.refused = true;
    this.setStatus({ phase: 'refused', found, supported: PROTOCOL_MAJOR });
    if (device.gatt?.connected) device.gatt.disconnect();
  }

  private listen(link: Link, c: GattCharacteristicLike, handle: (value: DataView) => void): void {
    const listener: GattListener = (event) => {
      const value = valueOf(event);
      if (value && this.link === link) handle(value);
    };
    c.addEventListener('characteristicvaluechanged', listener);
    link.listeners.push([c, listener]);
  }

  private readonly onDisconnected: GattListener = () => {
    const wasUp = this.link !== null || this.snap.status.phase === 'connecting';
    this.teardown(new CupDisconnectedError());
    if (this.userClosed || this.refused) return;
    if (!wasUp || this.reconnectTimer) return;
    this.token++; // abandon a set-up in progress
    this.scheduleReconnect();
  };

  private attachDevice(device: GattDeviceLike): void {
    if (this.device === device) return;
    const previous = this.device;
    this.detachDevice();
    if (previous?.gatt?.connected) previous.gatt.disconnect(); // one cup at a time
    this.device = device;
    device.addEventListener('gattserverdisconnected', this.onDisconnected);
  }

  private detachDevice(): void {
    this.device?.removeEventListener('gattserverdisconnected', this.onDisconnected);
    this.device = null;
  }

  /** Drop the link's resources: queue, listeners, waiting replies. */
  private teardown(error: Error): void {
    const link = this.link;
    this.link = null;
    this.stream.setLinked(false);
    if (link) {
      link.queue.rejectAll(
        error instanceof CupDisconnectedError ? error : new CupDisconnectedError(),
      );
      for (const [c, listener] of link.listeners) {
        c.removeEventListener('characteristicvaluechanged', listener);
      }
      link.listeners.length = 0;
    }
    this.control.rejectAll();
    if (this.snap.shaking || this.snap.lidOpen) this.update({ shaking: false, lidOpen: false });
  }

  private scheduleReconnect(): void {
    const device = this.device;
    const delay = this.backoff.next();
    if (!device || delay === null) {
      this.backoff.reset();
      this.setStatus({ phase: 'lost', reason: 'gave-up' });
      return;
    }
    this.setStatus({
      phase: 'reconnecting',
      attempt: this.backoff.attempts,
      retryAt: Date.now() + delay,
    });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open(device, true).catch(() => {});
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private stopSearching(): void {
    const search = this.search;
    this.search = null;
    search?.abort();
  }

  private remember(device: GattDeviceLike, info: Info): void {
    const name = device.name ?? 'Mia Cup';
    this.rememberedCup = {
      webId: device.id,
      name,
      deviceId: info.deviceId,
      lastSeq: this.stream.lastSeen,
    };
    this.memory.save(this.rememberedCup);
    this.update({ remembered: { name } });
  }

  /** Keep the sequence count per cup: another cup starts from nothing. */
  private followCup(info: Info): void {
    if (this.trackedCup === info.deviceId) return;
    this.trackedCup = info.deviceId;
    const remembered = this.memory.load();
    this.stream.reset(remembered?.deviceId === info.deviceId ? remembered.lastSeq : null);
  }

  // ---------------------------------------------------------------------------------------
  // Frames

  private onEventFrame(link: Link, value: DataView): void {
    const decoded = decodeEvent(value);
    if (!decoded.ok) return this.malformed('events', decoded);
    if (link.buffered) link.buffered.push(decoded.value);
    else this.stream.offer(decoded.value);
  }

  /** A sensor event in order, once, fresh: show it live and hand it on. */
  private applySensor(sensor: CupSensorEvent): void {
    switch (sensor.type) {
      case 'shake-started':
        this.update({ shaking: true });
        break;
      case 'shake-ended':
        this.update({ shaking: false });
        break;
      case 'lid-opened':
        this.update({ lidOpen: true });
        break;
      case 'lid-closed':
        this.update({ lidOpen: false });
        break;
    }
    this.emit(sensor);
  }

  private onStateFrame(value: DataView): void {
    const decoded = decodeState(value);
    if (!decoded.ok) return this.malformed('state', decoded);
    this.applyState(decoded.value);
  }

  private applyState(state: CupState): void {
    this.stream.now(state.timeMs); // State is "now" on the cup's clock
    this.update({ shaking: state.shaking, lidOpen: state.lidOpen });
    if (state.batteryPercent !== null || this.snap.battery === null) {
      this.setBattery(state.batteryPercent);
    }
    this.emit({ type: 'state', state });
  }

  private onBatteryFrame(value: DataView): void {
    const percent = batteryOf(value);
    if (percent === undefined) {
      return this.malformed('battery', {
        ok: false,
        reason: value.byteLength < 1 ? 'truncated' : 'bad_value',
        detail: `battery level frame of ${value.byteLength} bytes`,
      });
    }
    this.setBattery(percent);
  }

  private onReplyFrame(value: DataView): void {
    const decoded = decodeReply(value);
    if (!decoded.ok) return this.malformed('reply', decoded);
    this.control.receive(decoded.value);
  }

  private setBattery(percent: number | null): void {
    if (this.snap.battery === percent) return;
    this.update({ battery: percent });
    this.emit({ type: 'battery', percent });
  }

  private malformed(source: FrameSource, rejection: Rejection): void {
    const count = this.snap.malformed + 1;
    this.update({ malformed: count, lastMalformed: `${source}: ${rejection.detail}` });
    this.emit({
      type: 'malformed',
      count,
      source,
      reason: rejection.reason,
      detail: rejection.detail,
    });
  }

  private warn(warning: CupWarning): void {
    this.update({ warnings: [...this.snap.warnings, warning].slice(-MAX_WARNINGS) });
    this.emit({ type: 'warning', warning });
  }

  private saveLastSeq(): void {
    const remembered = this.rememberedCup;
    if (remembered && remembered.deviceId === this.trackedCup) {
      this.rememberedCup = { ...remembered, lastSeq: this.stream.lastSeen };
      this.memory.save(this.rememberedCup);
    }
  }

  // ---------------------------------------------------------------------------------------
  // Control

  private async userRequest(args: ControlArgs): Promise<ReplyOk> {
    this.update({ error: null });
    try {
      return await this.request(args);
    } catch (error) {
      this.update({ error: messageOf(error) });
      throw error;
    }
  }

  private request(args: ControlArgs): Promise<ReplyOk> {
    const link = this.link;
    const control = link?.control;
    if (!link || !control) {
      return Promise.reject(new CupDisconnectedError('The cup is not connected.'));
    }
    return this.control.request(args, (frame) =>
      link.queue.run(`write ${args.op}`, () =>
        control.writeValueWithResponse(new Uint8Array(frame)),
      ),
    );
  }

  // ---------------------------------------------------------------------------------------
  // State out

  private setAvailability(availability: CupAvailability): void {
    this.update({ availability });
    this.emit({ type: 'availability', availability });
  }

  private setStatus(status: ConnectionStatus): void {
    this.update({ status });
    this.emit({ type: 'connection', status });
  }

  private update(patch: Partial<CupSnapshot>): void {
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
