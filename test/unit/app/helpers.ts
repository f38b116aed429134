/**
 * The app machine under test: a real game session on fake-indexeddb, and a table lock, cups and
 * a service worker the test drives. Every transition a test takes is noted (`taken`), so that a
 * file can check it took every transition of the part of the machine it covers.
 */
import { afterEach, expect } from 'vitest';
import {
  createActor,
  waitFor,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type SimulatedClock,
} from 'xstate';
import {
  createAppMachine,
  viewOf,
  type AppPorts,
  type AppSnapshot,
  type AppView,
} from '../../../src/app';
import type {
  CupBinding,
  CupEvent,
  CupKind,
  CupSensorEvent,
  OpenCupOptions,
} from '../../../src/cup';
import type { GameSession, TableHooks } from '../../../src/data';
import { presets, type GameEvent, type GameInput, type TableViewActor } from '../../../src/game';
import { liftWith, roll } from '../game/helpers';
import { databases, sessionOn } from '../data/helpers';

/** Two players, one life each: one lift ends the game. */
export const SHORT: GameInput = {
  players: ['Ann', 'Bo'],
  rules: { ...presets.box, startingLives: 1 },
};
/** Ann claims 65, Bo lifts a 31: the claim was a bluff, Ann is out, the game is over. */
export const TO_THE_END: GameEvent[] = [...roll(65), ...liftWith(3, 1)];

/** A table lock the test drives: it notes what the machine asked of it. */
export class FakeLock {
  hooks!: TableHooks;
  asked: string[] = [];
  open = async () => void this.asked.push('open');
  takeOver = async () => void this.asked.push('take over');
  close = () => void this.asked.push('close');
}

/** A cup the test drives: it sends events, and notes whether it was started or let go. */
export class FakeCup {
  started = false;
  disposed = false;
  private listeners = new Set<(event: CupEvent) => void>();
  readonly binding = {
    connection: {
      on: (listener: (event: CupEvent) => void) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
      dispose: () => (this.disposed = true),
    },
    sim: null,
  } as unknown as CupBinding;

  constructor(
    readonly kind: CupKind,
    /** When the table last took a step by hand, as the machine tells the cup. */
    readonly movedOnAt: () => number,
    /** Whether a lost cup is retried without end, as the machine tells the cup. */
    readonly keepTrying: () => boolean,
  ) {}

  emit(event: CupEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** A sensor event as the cup layer spells it. */
export const sensed = (type: CupSensorEvent['type']): CupEvent =>
  ({
    type,
    seq: 1,
    timeMs: 0,
    replayed: false,
    at: 0,
    durationMs: 0,
    peakMg: 0,
    openMs: 0,
  }) as CupSensorEvent;

/**
 * Call once per test file: its own databases, the transitions its tests take, and its pages,
 * each stopped after its test once its steps are stored.
 */
export function pages(prefix: string) {
  const { fresh, keep } = databases(prefix);
  const taken = new Set<string>();
  const made: App[] = [];
  afterEach(async () => {
    for (const app of made.splice(0)) {
      await app.session.flush();
      app.actor.stop();
    }
  });
  const page = (options: PageOptions = {}) => {
    const app = appOn({ taken, keep, name: options.name ?? fresh(), ...options });
    made.push(app);
    return app;
  };
  /** A page that is the table, on the new-game screen with the store read. */
  const atTable = async (options: PageOptions = {}) => {
    const app = page(options);
    app.lock.hooks.onTable();
    await app.until((s) => s.matches({ life: { table: 'newGame' } }));
    return app;
  };
  return { fresh, keep, taken, page, atTable };
}

export interface PageOptions {
  /** The database, shared by the pages of one device (default: a fresh one). */
  name?: string;
  gameStored?: boolean;
  cup?: CupKind;
  /** The time of the last step by hand, as kept before this page. */
  handStepAt?: number;
  /** Another lock (the real one, on fake Web Locks) instead of the `FakeLock`. */
  lock?: AppPorts['lock'];
  session?: () => Promise<GameSession>;
  openCup?: AppPorts['openCup'];
  startCup?: AppPorts['startCup'];
  /** The machine's clock (its delays): a `SimulatedClock` the test moves on. */
  clock?: SimulatedClock;
  /** The table drawn from the stored view before the machine started. */
  drawn?: TableViewActor | null;
}

interface AppOptions extends PageOptions {
  name: string;
  /** Where the test keeps the transitions taken. */
  taken: Set<string>;
  keep: <T extends { close(): void }>(opening: Promise<T>) => Promise<T>;
}

/** One page's app machine, started. */
function appOn(options: AppOptions) {
  const { s: session } = sessionOn(options.name, options.keep);
  const lock = new FakeLock();
  const cups: FakeCup[] = [];
  const applied: string[] = [];
  const noted: string[] = [];
  const remembered: CupKind[] = [];
  /** The service worker's side: notes what was stored when the new version came in. */
  const update = {
    apply: async (before?: () => Promise<void>) => {
      await before?.();
      const unsaved = session.journal?.unsaved ?? 0;
      const stored = `${session.record()?.steps.length ?? 'no'} steps stored`;
      applied.push(unsaved ? `${stored}, ${unsaved} not` : stored);
    },
  };
  const handSteps = {
    stored: options.handStepAt ?? -Infinity,
    read: () => handSteps.stored,
    write: (at: number) => (handSteps.stored = at),
  };
  const ports: AppPorts = {
    session: options.session ?? (async () => session),
    lock: options.lock ?? ((hooks) => ((lock.hooks = hooks), lock)),
    openCup: options.openCup ?? (async (kind, opening) => openFake(kind, opening)),
    startCup: options.startCup ?? (async (_, binding) => void (cupOf(binding).started = true)),
    applyUpdate: (before?: () => Promise<void>) => update.apply(before),
    note: (what) => void noted.push(what),
    handSteps,
    rememberCup: (kind) => void remembered.push(kind),
  };
  /** A fake cup, opened. */
  const openFake = (kind: CupKind, { movedOnAt, keepTrying }: OpenCupOptions): CupBinding => {
    cups.push(new FakeCup(kind, movedOnAt, keepTrying));
    return cups.at(-1)!.binding;
  };
  const cupOf = (binding: CupBinding) => cups.find((cup) => cup.binding === binding)!;
  const actor = createActor(createAppMachine(ports), {
    input: {
      gameStored: options.gameStored ?? false,
      cup: options.cup ?? 'simulated',
      drawn: options.drawn ?? null,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const transition of inspection._transitions) options.taken.add(labelOf(transition));
    },
  }).start();
  return {
    actor,
    session,
    lock,
    cups,
    applied,
    update,
    noted,
    remembered,
    handSteps,
    openFake,
    send: actor.send.bind(actor),
    get view(): AppView {
      return viewOf(actor.getSnapshot());
    },
    get game() {
      return actor.getSnapshot().context.game!;
    },
    /** Until the machine is so. */
    until: (ready: (snapshot: AppSnapshot) => boolean) => waitFor(actor, ready),
    /** Until the page shows this screen. */
    shows: (screen: AppView['screen']) =>
      waitFor(actor, (snapshot) => viewOf(snapshot).screen === screen),
  };
}

export type App = ReturnType<typeof appOn>;

/** Play these steps by hand (as taps do: straight to the game). */
export const play = (app: App, ...events: GameEvent[]) => {
  for (const event of events) app.game.send(event);
};

/** A transition, named by where it starts, its event, and which of that event's it is. */
function labelOf(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const list = (eventType ? source.transitions.get(eventType) : source.always) ?? [];
  return `${source.id} ${eventType || '(always)'} #${list.indexOf(transition)}`;
}

/** Every transition of the machine, by name ("app.life.table.game NEW_GAME #0"). */
export function allTransitions(): string[] {
  const all: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) all.push(labelOf(t));
    for (const t of node.always ?? []) all.push(labelOf(t));
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(createAppMachine({} as AppPorts).root);
  return all.sort();
}

/** Which test file takes which transitions (every one is some file's). */
export const COVERED_IN = {
  life: /^app\.(life\.table\.\S+ (?!CUP\.)|life\.asking START|check)/,
  table: /^app\.life(\.table|\.asking)? TABLE|^app\.life\.(releasing|elsewhere)/,
  cup: /^app\.cup|^app\.life\.table\.game CUP\./,
  updates: /^app\.update/,
  restore: /^app\.restore/,
};

/** Every transition of this file's part was taken by this file's tests. */
export function expectEveryTransition(taken: Set<string>, part: keyof typeof COVERED_IN): void {
  const all = allTransitions().filter((t) => COVERED_IN[part].test(t));
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((t) => !taken.has(t))).toEqual([]);
}
