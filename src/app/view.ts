/**
 * What the page shows of the app machine: one plain object per snapshot, which `<mia-app>`
 * renders. No xstate here (types aside): the first screen shows `firstView` while the machine
 * still loads.
 */
import type { CupBinding, CupKind } from '../cup';
import type { GameSession } from '../data';
import type { GameActor, GameInput, TableViewActor, Unreadable } from '../game';
import type { AppSnapshot, AppTag } from './machine';

/** The screen shown (the tag of the state the page is in). */
export type Screen = AppTag;

export interface AppView {
  screen: Screen;
  /** "Check this cup" is open over the screen. */
  checking: boolean;
  /** A game runs, and the players are asked whether to set it aside for the new one. */
  confirming: boolean;
  /** The running game, also behind the new-game screen ("Back to the game"). */
  game: GameActor | null;
  /** The set-up the new-game screen starts from. */
  setup: GameInput | null;
  unreadable: Unreadable | null;
  /** Elsewhere: another page took the table from this one (rather than having it already). */
  taken: boolean;
  /** Elsewhere: taking the table over was asked for and is under way. */
  asked: boolean;
  /** Which cup is (or is being) opened: the simulated cup's panel has its room before it is up. */
  cupKind: CupKind;
  /** The cup in use (the cup panel, the on-screen cup, "Check this cup"). */
  cup: CupBinding | null;
  /** A new version waits. */
  updateWaiting: boolean;
  /** The stored game was read (or storage failed): a new game can start. */
  loaded: boolean;
  /** The open game session (export, "Try again", the games set aside). */
  session: GameSession | null;
  /**
   * The game shown is the table drawn from the stored game's view: the stored game is still
   * being read (what is tapped waits for it).
   */
  restoring: boolean;
}

/**
 * The cup the page opens with: the one the address asks for (`?cup=sim`, the simulated cup on
 * screen; any other value, a Bluetooth cup), else the one the players chose last, else a
 * Bluetooth cup.
 */
export function firstCup(asked: string | null, chosen: CupKind | null): CupKind {
  if (asked !== null) return asked === 'sim' ? 'simulated' : 'bluetooth';
  return chosen ?? 'bluetooth';
}

/**
 * Before the machine is there: the table drawn from the stored game's view (`drawn`), else the
 * loading text with a game stored, else the new-game screen.
 */
export function firstView(
  gameStored: boolean,
  checking: boolean,
  cupKind: CupKind,
  drawn: TableViewActor | null = null,
): AppView {
  return {
    screen: drawn ? 'game' : gameStored ? 'loading' : 'newGame',
    checking,
    confirming: false,
    game: drawn?.asGame() ?? null,
    setup: null,
    unreadable: null,
    taken: false,
    asked: false,
    cupKind,
    cup: null,
    updateWaiting: false,
    loaded: false,
    session: null,
    restoring: drawn !== null,
  };
}

const SCREENS: readonly Screen[] = ['newGame', 'game', 'gameOver', 'unreadable', 'elsewhere'];

export function viewOf(snapshot: AppSnapshot): AppView {
  const { context } = snapshot;
  // While the table is asked for and its game read, the new-game screen shows when no game may
  // be stored.
  const found = SCREENS.find((tag) => snapshot.hasTag(tag));
  // Until then, the table drawn from the stored game's view.
  const restoring = !found && context.drawn !== null && snapshot.matches({ restore: 'drawn' });
  const screen = found ?? (restoring ? 'game' : context.gameMayBeStored ? 'loading' : 'newGame');
  return {
    screen,
    checking: snapshot.matches({ check: 'open' }),
    confirming: snapshot.matches({ life: { table: 'confirming' } }),
    game: restoring ? context.drawn!.asGame() : context.game,
    setup: context.setup,
    unreadable: context.unreadable,
    taken: context.taken,
    asked: snapshot.matches({ life: { elsewhere: 'asked' } }),
    cupKind: context.cupKind,
    cup: context.cup,
    updateWaiting: !snapshot.matches({ update: 'none' }),
    loaded:
      snapshot.matches({ life: 'table' }) && !snapshot.matches({ life: { table: 'loading' } }),
    session: context.session,
    restoring,
  };
}

/** Whether two views show the same (every field the same value). */
export function sameView(a: AppView, b: AppView): boolean {
  return (Object.keys(a) as (keyof AppView)[]).every((key) => Object.is(a[key], b[key]));
}
