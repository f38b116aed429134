/** What the app machine holds, and what it starts with. */
import type { CupBinding, CupKind } from '../cup';
import type { GameSession } from '../data';
import type { GameActor, GameInput, TableViewActor, Unreadable } from '../game';
import type { AppInput } from './types';

export interface AppContext {
  /**
   * Whether a game may be stored: while the table is asked for and its game read, the loading
   * text shows rather than the new-game screen. True from the hint, and once another page had
   * the table (it may have stored a game meanwhile).
   */
  gameMayBeStored: boolean;
  /**
   * The game session once it is open: a live object, kept here because it is the one handle on
   * the game's storage: the invoked actors start, release and discard through it, and the UI
   * exports, retries and lists the set-aside games through it.
   */
  session: GameSession | null;
  /** The running game's actor (the session's): a ref, also behind the new-game screen. */
  game: GameActor | null;
  /** The set-up the new-game screen shows, and the one the next game starts with. */
  setup: GameInput | null;
  /** "Start game" tapped before the stored game was read: started once it is, if none is. */
  pendingStart: GameInput | null;
  unreadable: Unreadable | null;
  /** Not the table: another page took it from this one (true), or had it already (false). */
  taken: boolean;
  /** Which cup is (or is being) opened. */
  cupKind: CupKind;
  /**
   * The cup in use: a live object, kept here because the cup panel and the on-screen cup drive
   * its connection (the UI's cup context), and it is disposed when another cup replaces it.
   */
  cup: CupBinding | null;
  /** When the table last took a step by hand (ms, `Date.now()`); -Infinity when never. */
  handStepAt: number;
  /**
   * The table drawn from the stored game's view before the machine was up: shown while the
   * stored game is read, and the steps tapped on it are handed to the game (`restore`).
   */
  drawn: TableViewActor | null;
}

export function initialContext(input: AppInput, handStepAt: number): AppContext {
  return {
    gameMayBeStored: input.gameStored,
    session: null,
    game: null,
    setup: null,
    pendingStart: null,
    unreadable: null,
    taken: false,
    cupKind: input.cup,
    cup: null,
    handStepAt,
    drawn: input.drawn ?? null,
  };
}
