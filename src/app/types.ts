/**
 * The app machine's contract: what it needs of the world (`AppPorts`, given by `main.ts`; tests
 * give fakes), what it starts from (`AppInput`) and what it takes (`AppEvent`). Types only: the
 * UI may read them without loading xstate. What it holds: `context.ts`.
 */
import type { CupBinding, CupKind, OpenCupOptions } from '../cup';
import type { GameSession, TableHooks, TableLock } from '../data';
import type { GameInput, SensorEvent, TableViewActor } from '../game';

export interface AppPorts {
  /** The game session: its chunk loads on the first call, and every call gives the same one. */
  session(): Promise<GameSession>;
  /** A table lock telling `hooks` (`new TableLock(hooks)`). */
  lock(hooks: TableHooks): Pick<TableLock, 'open' | 'takeOver' | 'close'>;
  /** The cup layer's `openCup` and `startCup` (its chunk loads on the first call). */
  openCup(kind: CupKind, options: OpenCupOptions): Promise<CupBinding>;
  startCup(kind: CupKind, binding: CupBinding): Promise<void>;
  /** Bring in the waiting new version (every step is stored): the page then reloads. */
  applyUpdate(): Promise<void>;
  /** Keep a problem (what could not be done, and why) in the log the players can export. */
  note(what: string, error: unknown): void;
  /** Where the time of the last step by hand is kept across reloads (`hand-steps.ts`). */
  handSteps: { read(): number; write(at: number): void };
  /** Keep the players' choice of cup (a preference). */
  rememberCup(kind: CupKind): void;
}

export interface AppInput {
  /** The hint that a game is stored: "Opening the table…" shows until the store is read. */
  gameStored: boolean;
  /** The cup to open once the first screen is up. */
  cup: CupKind;
  /** The table drawn from the stored game's view while the machine loaded (`restore`). */
  drawn?: TableViewActor | null;
}

export type AppEvent =
  /** The table lock: this page is the table, is not, or another page asks for it. */
  | { type: 'TABLE.HELD' }
  | { type: 'TABLE.ELSEWHERE'; taken: boolean }
  | { type: 'TABLE.RELEASE' }
  /** The players: on the new-game screen, at the end of a game, on a waiting page. */
  | { type: 'START'; input: GameInput }
  /** A game runs: set it aside and start the new one, or not (`CANCEL`, or `BACK` to it). */
  | { type: 'SET_ASIDE' }
  | { type: 'CANCEL' }
  | { type: 'BACK' }
  /** Resume the game set aside under `key`. */
  | { type: 'RESUME'; key: string }
  | { type: 'NEW_GAME' }
  | { type: 'REMATCH' }
  | { type: 'TAKE_OVER' }
  | { type: 'CHECK.OPEN' }
  | { type: 'CHECK.CLOSE' }
  | { type: 'CUP.CHOOSE'; kind: CupKind }
  /** The first screen is up: what is not on it (the cup) may load. */
  | { type: 'SHOWN' }
  /** A move the cup made, spelled as the round machine takes it. */
  | SensorEvent
  /** The running game: a step by hand (a tap, a key, an undo), its end, or its end undone. */
  | { type: 'GAME.HAND_STEP'; at: number }
  | { type: 'GAME.ENDED' }
  | { type: 'GAME.RESUMED' }
  /** A new game was started (a waiting new version comes in with it stored). */
  | { type: 'GAME.STARTED' }
  /** The service worker: a new version waits; the players want it now. */
  | { type: 'UPDATE.READY' }
  | { type: 'UPDATE.APPLY' };

/** What the table lock actor takes from the machine. */
export type TableLockEvent = { type: 'TAKE_OVER' } | { type: 'RELEASED' };
