/**
 * The cup connection's facade for the UI and `main.ts`: one snapshot to show, commands
 * (connect, reconnect, restore, disconnect, forget, identify, Config), and one stream of typed
 * cup events (`on`). Its lifecycle is the state machine of `machine.ts`; this class provides the
 * machine's steps and owns what they share: the device, the link, the event stream.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  readProtocolVersion,
  shortCode,
  PROTOCOL_MAJOR,
  type Config,
  type CupState,
  type Info,
  type Rejection,
} from '../../firmware-protocol/codec';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { batteryOf } from './device-reads';
import type { CupListener, CupSnapshot, FrameSource } from './events';
import { EventStream } from './event-stream';
import type { GattDeviceLike, GattListener, GattServerLike } from './gatt';
import { CupLink, type LinkTimeouts } from './link';
import { CupRefusedError, connectionMachine } from './machine';
import { inMemory, type CupMemory, type KnownCup } from './memory';
import { establishOwnership } from './ownership';
import { findRemembered } from './restore';
import { CupSnapshotStore, statusOf } from './snapshot';
import type { CupTransport } from './transport';

export interface CupConnectionOptions {
  transport: CupTransport;
  memory?: CupMemory;
  /** Limit for `gatt.connect()`; a connect that succeeds later is disconnected. */
  connectTimeoutMs?: number;
  /** Limit for every other GATT operation. */
  requestTimeoutMs?: number;
  /** Limit for a Reply after its Control write. */
  replyTimeoutMs?: number;
  /** How long to wait for a remembered cup to advertise after a reload. */
  searchTimeoutMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
  /**
   * When the table last took a step by hand (app clock, ms): a cup event that happened before
   * it is a warning, not a move (PROTOCOL.md 6). Default: never.
   */
  movedOnAt?: () => number;
  /** The app's clock (ms since the epoch). */
  now?: () => number;
}

/** What one open link knows: the link, and the cup's Info and first State. */
interface Opened {
  link: CupLink;
  info: Info;
  state: CupState;
}

export class CupConnection {
  readonly transport: CupTransport;
  private readonly memory: CupMemory;
  private readonly timeouts: LinkTimeouts;
  private readonly searchTimeoutMs: number;
  private readonly store: CupSnapshotStore;
  private readonly stream: EventStream;
  private readonly actor: ActorRefFrom<typeof connectionMachine>;
  private device: GattDeviceLike | null = null;
  /** The link being set up or in use (its Info and State once read). */
  private linked: CupLink | null = null;
  private opened: Opened | null = null;
  /** The cup whose events the stream follows (its device id). */
  private tracked: string | null = null;
  /** State frames go to the stream once the link's cup is known. */
  private streaming = false;
  /** Remembered cups that refused this app during this page's life. */
  private readonly skipped = new Set<string>();
  private searching: string | null = null;
  private stopWatchingAvailability: (() => void) | null = null;

  constructor(options: CupConnectionOptions) {
    this.transport = options.transport;
    this.memory = options.memory ?? inMemory();
    this.timeouts = {
      connectMs: options.connectTimeoutMs ?? 10_000,
      requestMs: options.requestTimeoutMs ?? 5_000,
      replyMs: options.replyTimeoutMs ?? 3_000,
    };
    this.searchTimeoutMs = options.searchTimeoutMs ?? 15_000;
    const now = options.now ?? (() => Date.now());
    const last = this.memory.list()[0];
    this.store = new CupSnapshotStore(this.transport.kind, last ? { name: last.name } : null);
    this.stream = new EventStream({
      apply: (event) => this.store.sensor(event),
      warn: (warning) => this.store.warn(warning),
      replay: (since) => this.link().request({ op: 'replay_since', sinceSeq: since }),
      advanced: (position) => this.keep(position),
      movedOnAt: options.movedOnAt ?? (() => -Infinity),
      now,
    });
    this.actor = createActor(this.machine(), {
      input: { backoff: options.backoff ?? DEFAULT_BACKOFF, random: options.random ?? Math.random },
    });
    this.actor.subscribe((snapshot) => this.store.status(statusOf(snapshot)));
    this.actor.start();
  }

  get snapshot(): CupSnapshot {
    return this.store.snapshot;
  }

  /** Typed cup events: sensor events in order and once each, state, battery, connection... */
  on(listener: CupListener): () => void {
    return this.store.on(listener);
  }

  /** Called with the new snapshot after every change. */
  watch(watcher: (snapshot: CupSnapshot) => void): () => void {
    return this.store.watch(watcher);
  }

  /** Check availability and follow its changes. */
  async init(): Promise<void> {
    this.stopWatchingAvailability ??= this.transport.watchAvailability((a) =>
      this.store.availability(a),
    );
    this.store.availability(await this.transport.availability());
  }

  /** Choose a cup and connect. Call from a user gesture (the chooser needs one). */
  connect(): void {
    this.actor.send({ type: 'CONNECT' });
  }

  /** One tap back: the cup of this visit, or the chooser (after a reload). */
  reconnect(): void {
    this.actor.send({ type: 'RECONNECT', hasDevice: this.device !== null });
  }

  /** Reconnect now instead of waiting for the backoff. */
  retryNow(): void {
    this.actor.send({ type: 'RETRY_NOW' });
  }

  /**
   * Find a cup of an earlier visit without the chooser, where the browser allows it
   * (`getDevices()` + `watchAdvertisements()`); otherwise the panel offers a one-tap reconnect.
   */
  restore(): void {
    this.actor.send({ type: 'RESTORE' });
  }

  /** The players' disconnect: no reconnect follows. */
  disconnect(): void {
    this.actor.send({ type: 'DISCONNECT' });
  }

  /**
   * Forget the cup: release it (so the next table can claim it without the reset gesture), then
   * disconnect and drop what the app remembers of it, its owner key included.
   */
  async forget(): Promise<void> {
    const opened = this.opened;
    if (opened && this.snapshot.ownership === 'mine') {
      await opened.link.request({ op: 'release' }).catch(() => {});
    }
    this.disconnect();
    const deviceId = opened?.info.deviceId ?? this.memory.list()[0]?.deviceId;
    if (deviceId) this.memory.remove(deviceId);
    this.store.patch({ remembered: null, ownership: null, claimed: false });
  }

  /** Stop everything and drop every listener (the page is going away). */
  dispose(): void {
    this.disconnect();
    this.actor.stop();
    this.stopWatchingAvailability?.();
    this.stopWatchingAvailability = null;
    this.adopt(null);
    this.store.clear();
  }

  /** Make the cup blink and/or buzz so the players know which cup is theirs. */
  async identify(blink = true, buzz = true, durationMs = 2_000): Promise<void> {
    await this.store.userAction(() =>
      this.link().request({ op: 'identify', blink, buzz, durationMs }),
    );
  }

  async readConfig(): Promise<Config> {
    const { config } = await this.link().request({ op: 'read_config' });
    this.store.config(config);
    return config;
  }

  /** Write the sensitivity settings; resolves with the Config now in effect. */
  async writeConfig(config: Config): Promise<Config> {
    const reply = await this.store.userAction(() =>
      this.link().request({ op: 'write_config', config }),
    );
    this.store.config(reply.config);
    return reply.config;
  }

  /**
   * GATT work on the connected cup's server (another service, a characteristic the connection
   * does not use), queued with the connection's own operations. Rejects when not connected.
   */
  gatt<T>(
    what: string,
    run: (server: GattServerLike) => Promise<T>,
    timeoutMs?: number,
  ): Promise<T> {
    return this.link().gatt(what, run, timeoutMs);
  }

  // ---------------------------------------------------------------------------------------
  // The machine's steps

  private machine() {
    const step = <T>(run: (signal: AbortSignal) => Promise<T>) =>
      fromPromise<T>(({ signal }) => run(signal));
    return connectionMachine.provide({
      actors: {
        choose: step(() => this.transport.requestDevice()),
        search: step(async (signal) => {
          const found = await findRemembered(
            this.transport,
            this.memory,
            this.skipped,
            this.searchTimeoutMs,
            signal,
          );
          this.searching = found?.cup.deviceId ?? null;
          return found?.device ?? null;
        }),
        open: step((signal) => this.open(signal)),
        prove: step(() => this.prove()),
        sync: step(() => this.sync()),
      },
      actions: {
        adoptDevice: (_, { device }) => this.adopt(device),
        closeLink: () => this.closeLink(),
        skipRemembered: () => {
          if (this.searching) this.skipped.add(this.searching);
        },
      },
    });
  }

  private async open(signal: AbortSignal): Promise<void> {
    const device = this.device;
    if (!device) throw new Error('No cup chosen.');
    this.stream.hold();
    const link = await CupLink.open(device, this.timeouts, this.frames, signal);
    this.linked = link;
    this.stream.setLinked(true);
    const infoValue = await link.readInfo();
    const info = decodeInfo(infoValue);
    if (!info.ok) {
      this.malformed('info', info);
      const found = info.reason === 'unsupported_version' ? readProtocolVersion(infoValue) : null;
      throw new CupRefusedError({
        kind: 'version',
        found: found ?? null,
        supported: PROTOCOL_MAJOR,
      });
    }
    this.follow(info.value);
    this.streaming = true;
    // Web Bluetooth fires `characteristicvaluechanged` for a read too: the State listener
    // applies it (restart check, clock); here it only decides the next steps.
    const state = decodeState(await link.readState());
    if (!state.ok) throw new Error(`The cup's State is unreadable: ${state.detail}`);
    this.opened = { link, info: info.value, state: state.value };
    this.store.patch({
      info: info.value,
      name: device.name ?? null,
      code: shortCode(info.value.deviceId),
    });
  }

  private async prove(): Promise<void> {
    const { link, info, state } = this.current();
    const proven = await establishOwnership(
      (args) => link.request(args),
      info,
      state,
      this.memory,
      this.record(info),
    );
    this.store.patch(proven);
  }

  private async sync(): Promise<void> {
    const { link, info } = this.current();
    const device = await link.readDeviceInformation();
    const battery = await link.startBattery();
    this.store.details(info, device, battery);
    const state = decodeState(await link.readState());
    this.stream.release(state.ok ? state.value.lastSeq : (this.stream.lastSeen ?? 0));
    const record = this.record(info);
    this.memory.put(record);
    this.store.patch({ remembered: { name: record.name } });
    this.readConfig().catch(() => {}); // the panel shows the Config once it comes
  }

  // ---------------------------------------------------------------------------------------
  // Link and frames

  private readonly frames = {
    events: (value: DataView) => {
      const decoded = decodeEvent(value);
      if (decoded.ok) this.stream.offer(decoded.value);
      else this.malformed('events', decoded);
    },
    state: (value: DataView) => {
      const decoded = decodeState(value);
      if (!decoded.ok) return this.malformed('state', decoded);
      if (this.streaming) this.stream.state(decoded.value);
      this.store.state(decoded.value);
    },
    reply: (value: DataView) => {
      const decoded = decodeReply(value);
      if (decoded.ok) this.linked?.receiveReply(decoded.value);
      else this.malformed('reply', decoded);
    },
    battery: (value: DataView) => {
      const percent = batteryOf(value);
      if (percent !== undefined) return this.store.battery(percent);
      const reason = value.byteLength < 1 ? 'truncated' : 'bad_value';
      this.malformed('battery', {
        ok: false,
        reason,
        detail: `battery level frame of ${value.byteLength} bytes`,
      });
    },
  };

  private readonly onDisconnected: GattListener = () => this.actor.send({ type: 'LINK_LOST' });

  /** Follow this device's drops (one cup at a time). */
  private adopt(device: GattDeviceLike | null): void {
    if (this.device === device) return;
    this.device?.removeEventListener('gattserverdisconnected', this.onDisconnected);
    if (this.device?.gatt?.connected) this.device.gatt.disconnect();
    this.device = device;
    device?.addEventListener('gattserverdisconnected', this.onDisconnected);
  }

  private closeLink(): void {
    const link = this.linked;
    this.linked = null;
    this.opened = null;
    this.streaming = false;
    this.stream.setLinked(false);
    link?.close(true);
    if (!link && this.device?.gatt?.connected) this.device.gatt.disconnect();
    this.store.linkClosed();
  }

  private current(): Opened {
    if (!this.opened) throw new Error('The cup is not connected.');
    return this.opened;
  }

  private link(): CupLink {
    return this.current().link;
  }

  /** Keep the sequence count per cup: another cup starts from what is remembered of it. */
  private follow(info: Info): void {
    if (this.tracked === info.deviceId) return;
    this.tracked = info.deviceId;
    const known = this.memory.get(info.deviceId);
    this.stream.follow(known ? { bootId: known.bootId, lastSeq: known.lastSeq } : null);
  }

  /** What the app remembers of the cup now. */
  private record(info: Info): KnownCup {
    const known = this.memory.get(info.deviceId);
    return {
      deviceId: info.deviceId,
      webId: this.device?.id ?? known?.webId ?? null,
      name: `Mia Cup ${shortCode(info.deviceId)}`,
      minor: info.protocolMinor,
      ownerKey: known?.ownerKey ?? null,
      ...this.stream.position,
      usedAt: Date.now(),
    };
  }

  /** The stream moved on: remember where, for the next visit. */
  private keep(position: { bootId: number | null; lastSeq: number | null }): void {
    const known = this.tracked ? this.memory.get(this.tracked) : undefined;
    if (known) this.memory.put({ ...known, ...position });
  }

  private malformed(source: FrameSource, rejection: Rejection): void {
    this.store.malformed(source, rejection);
  }
}
