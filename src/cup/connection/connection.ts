/**
 * The cup connection's facade for the UI and `main.ts`: one snapshot to show, commands
 * (connect, reconnect, restore, disconnect, forget, identify, Config), and one stream of typed
 * cup events (`on`). Its lifecycle is the state machine of `machine.ts`, whose steps the
 * session (`session.ts`) carries out.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { Config } from '../../../firmware-protocol/codec';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import type { CupListener, CupSnapshot } from '../events';
import type { GattDeviceLike, GattServerLike } from '../link/gatt';
import type { ControlArgs, ReplyTo } from '../link/control-channel';
import { connectionMachine } from './machine';
import { inMemoryKeys, migrateOwnerKeys, type OwnerKeyStore } from './keys';
import { inMemory, type CupMemory } from './memory';
import type { Overrule } from './ownership';
import { CupSession } from './session';
import { CupSnapshotStore, statusOf } from './snapshot';
import type { CupTransport } from '../link/transport';

export interface CupConnectionOptions {
  transport: CupTransport;
  memory?: CupMemory;
  /** The owner keys (default: kept in memory, for tests and the simulated cup). */
  keys?: OwnerKeyStore;
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
  /**
   * Whether to go on retrying a lost cup after the backoff's last attempt (while a game runs,
   * the cup may come back any time, or a device in range may keep it busy for a while).
   * Default: never; the connection is then "lost" until the players tap.
   */
  keepTrying?: () => boolean;
  /** The app's clock (ms since the epoch). */
  now?: () => number;
}

/** A cup lent to a tool (`CupConnection.lend`). */
export interface LentCup {
  device: GattDeviceLike;
  /** The owner key this app holds for a cup (a key that proves, never readable), or null. */
  ownerKey(deviceId: string): Promise<CryptoKey | null>;
  /** The tool is done: the app connects again. */
  giveBack(): void;
}

export class CupConnection {
  readonly transport: CupTransport;
  private readonly memory: CupMemory;
  private readonly keys: OwnerKeyStore;
  private readonly store: CupSnapshotStore;
  private readonly session: CupSession;
  private readonly actor: ActorRefFrom<typeof connectionMachine>;
  private stopWatchingAvailability: (() => void) | null = null;

  constructor(options: CupConnectionOptions) {
    this.transport = options.transport;
    this.memory = options.memory ?? inMemory();
    this.keys = options.keys ?? inMemoryKeys();
    const last = this.memory.list()[0];
    this.store = new CupSnapshotStore(this.transport.kind, last ? { name: last.name } : null);
    this.session = new CupSession({
      transport: this.transport,
      memory: this.memory,
      keys: this.keys,
      store: this.store,
      timeouts: {
        connectMs: options.connectTimeoutMs ?? 10_000,
        requestMs: options.requestTimeoutMs ?? 5_000,
        replyMs: options.replyTimeoutMs ?? 3_000,
      },
      searchTimeoutMs: options.searchTimeoutMs ?? 15_000,
      movedOnAt: options.movedOnAt ?? (() => -Infinity),
      now: options.now ?? (() => Date.now()),
      linkLost: () => this.actor.send({ type: 'LINK_LOST' }),
    });
    this.actor = createActor(this.machine(), {
      input: {
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        random: options.random ?? Math.random,
        keepTrying: options.keepTrying ?? (() => false),
      },
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

  /** Move keys an older app kept as hex into the key store; check availability and follow it. */
  async init(): Promise<void> {
    await migrateOwnerKeys(this.memory, this.keys);
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
    this.actor.send({ type: 'RECONNECT', hasDevice: this.session.device !== null });
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

  /**
   * This page becomes the table: another page of this device may have had the cup meanwhile and
   * handed its events on to the game. Go on from where the device last left them, so that a
   * link made now replays only what no page handed on.
   */
  catchUp(): void {
    this.session.catchUp();
  }

  /** The players' disconnect: no reconnect follows. */
  disconnect(): void {
    this.actor.send({ type: 'DISCONNECT' });
  }

  /**
   * Forget the cup (the players confirmed it first): release it, so the next table can claim it
   * without the reset gesture, then disconnect and drop what the app remembers of it. The owner
   * key goes only once the cup confirmed the release (a 1.2 cup's tag on its Reply): `false`
   * and nothing forgotten when the cup is not connected or the release failed.
   */
  async forget(): Promise<boolean> {
    const deviceId = this.session.deviceId ?? this.memory.list()[0]?.deviceId ?? null;
    if (!deviceId) return true;
    const keyHeld = this.memory.get(deviceId)?.keyHeld || (await this.keys.get(deviceId)) !== null;
    if (keyHeld) {
      if (this.session.deviceId !== deviceId || this.snapshot.ownership !== 'mine') return false;
      const released = await this.session
        .link()
        .request({ op: 'release' })
        .then(() => true)
        .catch(() => false);
      if (!released) return false;
      await this.keys.remove(deviceId);
    }
    this.disconnect();
    this.memory.remove(deviceId);
    this.store.patch({ remembered: null, ownership: null, claimed: false });
    return true;
  }

  /**
   * The players overrule the refusal shown (`unowned`: claim it again, they reset it;
   * `downgrade`: use it as the older protocol it says it speaks), for the next try only.
   */
  allow(what: Overrule): void {
    this.session.allow(what);
    this.actor.send({ type: 'RECONNECT', hasDevice: this.session.device !== null });
  }

  /**
   * Lend the cup to a tool that needs it alone (the conformance check): the cup of this visit,
   * or one chosen now (call from a user gesture). The app's link closes without a reconnect;
   * `giveBack` connects again, from the cup's newest event (what the tool made the cup do is
   * not replayed into the game). The owner keys stay here: the tool asks for one by device id.
   */
  async lend(): Promise<LentCup> {
    const device = this.session.device ?? (await this.transport.requestDevice());
    this.disconnect();
    this.session.adopt(device);
    return {
      device,
      ownerKey: async (deviceId) => (await this.keys.get(deviceId))?.key ?? null,
      giveBack: () => {
        this.session.startFresh();
        this.reconnect();
      },
    };
  }

  /** Stop everything and drop every listener (the page is going away). */
  dispose(): void {
    this.disconnect();
    this.actor.stop();
    this.stopWatchingAvailability?.();
    this.stopWatchingAvailability = null;
    this.session.adopt(null);
    this.store.clear();
  }

  /** Make the cup blink and/or buzz so the players know which cup is theirs. */
  async identify(blink = true, buzz = true, durationMs = 2_000): Promise<void> {
    await this.store.userAction(() =>
      this.session.link().request({ op: 'identify', blink, buzz, durationMs }),
    );
  }

  async readConfig(): Promise<Config> {
    const { config } = await this.session.link().request({ op: 'read_config' });
    this.store.config(config);
    return config;
  }

  /** Write the sensitivity settings; resolves with the Config now in effect. */
  async writeConfig(config: Config): Promise<Config> {
    const reply = await this.store.userAction(() =>
      this.session.link().request({ op: 'write_config', config }),
    );
    this.store.config(reply.config);
    return reply.config;
  }

  /**
   * A Control request of a tool beyond the game (the telemetry recorder), through the
   * connection's channel; resolves with its `ok` Reply, rejects with the error status.
   */
  request<Op extends ControlArgs['op']>(
    args: Extract<ControlArgs, { op: Op }>,
  ): Promise<ReplyTo<Op>> {
    return this.session.link().request(args);
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
    return this.session.link().gatt(what, run, timeoutMs);
  }

  // ---------------------------------------------------------------------------------------
  // The machine's steps

  private machine() {
    const step = <T>(run: (signal: AbortSignal) => Promise<T>) =>
      fromPromise<T>(({ signal }) => run(signal));
    const session = this.session;
    return connectionMachine.provide({
      actors: {
        choose: step(() => this.transport.requestDevice()),
        search: step((signal) => session.search(signal)),
        open: step((signal) => session.open(signal)),
        prove: step(() => session.prove()),
        sync: step(() => session.sync()),
      },
      actions: {
        adoptDevice: (_, { device }) => session.adopt(device),
        closeLink: () => session.closeLink(),
        skipRemembered: () => session.skipRemembered(),
      },
    });
  }
}
