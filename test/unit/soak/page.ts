/**
 * One page of the app on the soak's device (`device.ts`): an app machine with the real game
 * session, table lock and cup connection over the device's fakes. What `<mia-app>` and `main.ts`
 * do around the machine (SHOWN once a screen is up, the service worker reloading every page into
 * a new version) is done here.
 */
import { createActor, type Subscription } from 'xstate';
import { createAppMachine, cupMove, viewOf, type AppActor, type AppView } from '../../../src/app';
import { CupConnection, SimulatedTransport, type CupKind } from '../../../src/cup';
import { GameStore, Scoreboard, TableLock, type TableEnvironment } from '../../../src/data';
import { ScoreboardStore } from '../../../src/data/scoreboard-store';
import { GameSession } from '../../../src/data/session';
import type { GameActor } from '../../../src/game';
import type { Device, Tab } from './device';

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
          let phase = '';
          connection.watch(({ status }) => {
            if (status.phase === phase) return;
            phase = status.phase;
            device.onNote(`  page ${tab.id}: the cup ${phase}`);
          });
          this.stopMoves?.();
          this.stopMoves = connection.on((event) => {
            const late = event.type === 'warning' && event.warning.code === 'late-event';
            const move = cupMove(late ? event.warning.event! : event);
            if (move) device.onMove(this, move, late, this.inGame);
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
