/**
 * One tablet at the pub, for the soak: its storage (a fake-indexeddb database, on a disk that
 * can fill up), its Web Locks and channels (fakes), what its localStorage keeps (the time of the
 * last step by hand, what it knows of the cup), its tabs, the sensor cup on the table (the C
 * core on a simulated board), and the version of the app it runs. Its pages (`page.ts`) are app
 * machines with the real game session, table lock and cup connection over these.
 */
import { vi } from 'vitest';
import { importOwnerKey, newOwnerKey } from '../../../firmware-protocol/codec';
import { SimulatedCup, inMemory, inMemoryKeys, type OwnerKeyStore } from '../../../src/cup';
import { GameStore } from '../../../src/data';
import { ScoreboardStore } from '../../../src/data/scoreboard-store';
import type { SensorEvent } from '../../../src/game';
import { FakeChannels, FakeLocks } from '../data/fake-locks';
import { Page } from './page';

const DEVICE_ID = 'a1b2c3d4e5f63f2a';

/** A browser tab: what it keeps across a reload (sessionStorage). */
export interface Tab {
  id: number;
  wasTable: boolean;
}

/**
 * What a device's page hands on to the soak: a cup move its connection reported, or (`late`) one
 * the connection held back as a warning because a step by hand overtook it; `inGame`: the page's
 * game was sent it (a game is on its screen).
 */
export type MoveListener = (page: Page, move: SensorEvent, late: boolean, inGame: boolean) => void;

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
    /** A line for the evening's log (what the cup's link did). */
    readonly onNote: (line: string) => void,
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

  static async create(
    name: string,
    seed: number,
    onMove: MoveListener,
    onNote: (line: string) => void,
  ): Promise<Device> {
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
    return new Device(name, cup, inMemoryKeys({ [DEVICE_ID]: held }), onMove, onNote);
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
