/**
 * One tablet at the pub, for the soak: its storage (a fake-indexeddb database, on a disk that
 * can fill up), its Web Locks and channels (fakes), what its localStorage keeps (the time of the
 * last step by hand, what it knows of the cup), its tabs, the sensor cup on the table (the C
 * core on a simulated board), and the version of the app it runs. Its pages are app machines
 * with the real game session, table lock and cup connection over these; what `<mia-app>` and
 * `main.ts` do around the machine (SHOWN once a screen is up, the service worker reloading every
 * page into a new version) is done here.
 */
import { vi } from 'vitest';
import { createActor, type Subscription } from 'xstate';
import { importOwnerKey, newOwnerKey } from '../../../firmware-protocol/codec';
import { createAppMachine, cupMove, viewOf, type AppActor, type AppView } from '../../../src/app';
import {
  CupConnection,
  SimulatedCup,
  SimulatedTransport,
  inMemory,
  inMemoryKeys,
  type CupKind,
  type OwnerKeyStore,
} from '../../../src/cup';

const DEVICE_ID = 'a1b2c3d4e5f63f2a';
import { GameStore, Scoreboard, TableLock, type TableEnvironment } from '../../../src/data';
import { ScoreboardStore } from '../../../src/data/scoreboard-store';
import { GameSession } from '../../../src/data/session';
import type { GameActor, SensorEvent } from '../../../src/game';
import { FakeChannels, FakeLocks } from '../data/fake-locks';

/** A browser tab: what it keeps across a reload (sessionStorage). */
interface Tab {
  id: number;
  wasTable: boolean;
}

/**
 * What a device's page hands on to the soak: a cup move its game was sent, or (`late`) one the
 * connection held back as a warning because a step by hand overtook it.
 */
export type MoveListener = (page: Page, move: SensorEvent, late: boolean) => void;

export class Device {
  readonly db: string;
  readonly locks = new FakeLocks() as unknown as LockManager;
  readonly channels = new FakeChannels();
  readonly cupMemory = inMemory();
  /** The time of the last step by hand (localStorage). */
  handStepAt = -Infinity;
  /** The disk is full: every write of the game store fails. */
  full = false;
  version = 1;
  readonly pages: Page[] = [];
  /** Problems the pages noted for the export (localStorage), with the version that noted them. */
  readonly problems: string[] = [];
  /** Each new version that came in: how many steps were not stored, and whether between games. */
  readonly updates: { unsaved: number; between: boolean }[] = [];
  private tabs = 0;
  private readonly spy: { mockRestore(): void };

  private constructor(
    name: string,
    readonly cup: SimulatedCup,
    readonly cupKeys: OwnerKeyStore,
    readonly onMove: MoveListener,
  ) {
    this.db = name;
    const write = GameStore.prototype.write;
    const full = () => this.full;
    this.spy = vi.spyOn(GameStore.prototype, 'write').mockImplementation(function (
      this: GameStore,
      ...args
    ) {
      if (full()) {
        return Promise.reject(
          new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
        );
      }
      return write.apply(this, args);
    });
  }

  static async create(name: string, seed: number, onMove: MoveListener): Promise<Device> {
    // The table's own cup: its key is in the key store every page of the device shares.
    const key = newOwnerKey();
    const cup = await SimulatedCup.create({
      now: () => Date.now(),
      seed,
      deviceId: DEVICE_ID,
      ownerKey: key,
      // The fake clock moves on while the page does real work (WebCrypto's proof): the cup's
      // 5 s for an unproven link must not run out by it (that limit has tests of its own).
      unprovenDropMs: 3_600_000,
    });
    const held = { key: await importOwnerKey(key), pending: null, minor: 2 };
    return new Device(name, cup, inMemoryKeys({ [DEVICE_ID]: held }), onMove);
  }

  /** The page that is the table (none while the table changes hands). */
  get table(): Page | undefined {
    return this.pages.find((page) => page.isTable);
  }

  /** Open the app in a new tab (or, reloaded, in `tab`). */
  open(tab: Tab = { id: (this.tabs += 1), wasTable: false }): Page {
    const page = new Page(this, tab);
    this.pages.push(page);
    return page;
  }

  /** Reload a page: it goes, and opens again in its tab. */
  reload(page: Page): Page {
    page.close();
    return this.open(page.tab);
  }

  /** The service worker brings the new version in: every page reloads into it. */
  update(): void {
    this.version += 1;
    for (const page of [...this.pages]) this.reload(page);
  }

  /** The end of the evening: every page goes, the fakes are let go. */
  close(): void {
    for (const page of [...this.pages]) page.close();
    this.spy.mockRestore();
    this.cup.linkLoss();
  }

  /** The stored game, as a new page would read it (closed again at once). */
  async stored() {
    const store = await GameStore.open(this.db);
    try {
      return await store.load();
    } finally {
      store.close();
    }
  }

  /** The scoreboard's results for these players. */
  async results(players: readonly string[]) {
    const store = await ScoreboardStore.open(`${this.db}-board`);
    try {
      return await store.results(players);
    } finally {
      store.close();
    }
  }
}

/** One page of the app on the device. */
export class Page {
  readonly actor: AppActor;
  readonly session: GameSession;
  /** The page's cup connection, once the machine opened it. */
  connection: CupConnection | null = null;
  readonly version: number;
  closed = false;
  /** The page's machine asked for the new version: the device reloads every page into it. */
  applied = false;
  private shown = false;
  private readonly subscriptions: Subscription[] = [];
  private stopMoves: (() => void) | null = null;

  constructor(
    readonly device: Device,
    readonly tab: Tab,
  ) {
    this.version = device.version;
    const name = device.db;
    const scoreboard = new Scoreboard(() => ScoreboardStore.open(`${name}-board`));
    this.session = new GameSession(
      { onSaving: () => undefined, onSettled: () => undefined, onError: () => undefined },
      scoreboard,
      { openStore: (options) => GameStore.open(name, options) },
    );
    const environment: TableEnvironment = {
      locks: device.locks,
      channel: device.channels.make,
      visible: () => true,
      onVisibility: () => undefined,
      grace: () => new Promise((resolve) => setTimeout(resolve, 2_000)),
      wasTable: () => {
        const was = tab.wasTable;
        tab.wasTable = false;
        return was;
      },
      onLeave: (isTable) => (this.leaving = isTable),
    };
    this.actor = createActor(
      createAppMachine({
        session: async () => this.session,
        lock: (hooks) => new TableLock(hooks, 5_000, environment),
        openCup: async (_kind: CupKind, { movedOnAt }) => {
          const connection = new CupConnection({
            transport: new SimulatedTransport(device.cup),
            memory: device.cupMemory,
            keys: device.cupKeys,
            movedOnAt,
            backoff: {
              baseMs: 1_000,
              factor: 2,
              maxMs: 8_000,
              jitter: 0,
              maxAttempts: 1_000,
              steadyMs: 30_000,
            },
            random: () => 0,
            // Limits that never run out while the fake clock moves on during real work.
            connectTimeoutMs: 600_000,
            requestTimeoutMs: 600_000,
            replyTimeoutMs: 600_000,
          });
          this.connection = connection;
          this.stopMoves?.();
          this.stopMoves = connection.on((event) => {
            const late = event.type === 'warning' && event.warning.code === 'late-event';
            const move = cupMove(late ? event.warning.event! : event);
            if (move && this.inGame) device.onMove(this, move, late);
          });
          return { connection, sim: device.cup };
        },
        startCup: async (_kind, { connection }) => {
          await connection.init();
          this.follow(connection);
        },
        applyUpdate: async () => {
          const game = this.game?.getSnapshot();
          const journal = this.session.journal;
          device.updates.push({
            unsaved: journal?.unsaved ?? 0,
            between: !game || game.hasTag('over') || journal?.steps.length === 0,
          });
          this.applied = true;
          setTimeout(() => device.update());
        },
        handSteps: {
          read: () => device.handStepAt,
          write: (at) => (device.handStepAt = at),
        },
        note: (what) => void device.problems.push(`v${this.version}: ${what}`),
        rememberCup: () => undefined,
      }),
      { input: { gameStored: true, cup: 'simulated' } },
    );
    this.subscriptions.push(
      this.actor.subscribe((snapshot) => {
        // <mia-app>: once a screen (not the loading text) is up, what is not on it loads.
        if (!this.shown && viewOf(snapshot).screen !== 'loading') {
          this.shown = true;
          this.actor.send({ type: 'SHOWN' });
        }
      }),
    );
    this.actor.start();
  }

  /** As the page goes away: whether it is the table (the table lock's `onLeave`). */
  private leaving: () => boolean = () => false;

  get view(): AppView {
    return viewOf(this.actor.getSnapshot());
  }

  get isTable(): boolean {
    return !this.closed && this.actor.getSnapshot().matches({ life: 'table' });
  }

  /** A game is on this page's screen (playing or over): the cup's moves go to it. */
  get inGame(): boolean {
    return !this.closed && this.actor.getSnapshot().matches({ life: { table: 'game' } });
  }

  get game(): GameActor | null {
    return this.actor.getSnapshot().context.game;
  }

  /** The page goes (closed or reloaded): its tab notes whether it was the table. */
  close(): void {
    if (this.closed) return;
    this.tab.wasTable = this.leaving();
    this.closed = true;
    this.device.pages.splice(this.device.pages.indexOf(this), 1);
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    this.stopMoves?.();
    this.actor.stop();
    // Nothing of a page runs once it is gone: its game's writes stop too.
    this.session.journal?.stop();
    this.connection?.dispose();
    this.session.store?.close();
  }

  /**
   * The cup is one device, and its link is the table's page's: this page connects once it is the
   * table and shows its screen, and lets the cup go when another page takes the table.
   */
  private follow(connection: CupConnection): void {
    let linked = false;
    const now = () => {
      const table = this.isTable && this.view.screen !== 'loading';
      if (this.closed || table === linked) return;
      linked = table;
      if (linked) connection.connect();
      else connection.disconnect();
    };
    this.subscriptions.push(this.actor.subscribe(now));
    now();
  }
}
