/**
 * The app machine's invoked actors, over the ports `main.ts` gives (tests give fakes): the
 * session's opening, a new game's start, a set-aside game's resumption, the release of the table to another page and the
 * discarding of an unreadable game as promises; the table lock, the cup's moves and the running
 * game as callbacks that report to the machine.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { CupBinding, CupKind, OpenCupOptions } from '../cup';
import type { GameSession } from '../data';
import type { GameActor, GameInput, SensorEvent, TableViewActor, Unreadable } from '../game';
import { cupMove } from './cup';
import type { AppEvent, AppPorts, TableLockEvent } from './types';

/** What a new game starts from. */
interface StartInput {
  session: GameSession | null;
  setup: GameInput | null;
  setAside?: boolean;
}

/** What opening the session found. */
export interface Opened {
  session: GameSession;
  game: GameActor | null;
  setup: GameInput | null;
  unreadable: Unreadable | null;
}

export function appActors(ports: AppPorts) {
  return {
    /** Load the session, open its store and bring back the stored game, if any. */
    openSession: fromPromise<Opened>(async () => {
      const session = await ports.session();
      const { setup, unreadable } = await session.open();
      if (unreadable) console.warn(`Mia Cup cannot read the saved game: ${unreadable.detail}`);
      return { session, game: session.actor, setup, unreadable };
    }),

    /**
     * Start a new game and give its actor. It replaces the stored game; `setAside`: a running
     * game is set aside instead, to be resumed.
     */
    startGame: fromPromise<GameActor, StartInput>(
      async ({ input: { session, setup, setAside } }) => {
        if (!session || !setup) throw new Error('no session or no set-up to start a game with');
        if (setAside) await session.startAside(setup);
        else session.start(setup);
        return session.actor!;
      },
    ),

    /** Bring back the game set aside under `key` (a running one is set aside in its place). */
    resumeGame: fromPromise<GameActor, { session: GameSession | null; key: string }>(
      async ({ input: { session, key } }) => {
        if (!session) throw new Error('no session to resume a game in');
        await session.resume(key);
        return session.actor!;
      },
    ),

    /** Another page takes the table: store what is not stored yet, then drop the game. */
    releaseSession: fromPromise<void, GameSession | null>(async ({ input: session }) => {
      await session?.release();
    }),

    /** Forget the stored game (an unreadable one) so that a new one can start. */
    discardGame: fromPromise<void, GameSession | null>(async ({ input: session }) => {
      await session?.discard();
    }),

    /** Store every step so far; fails when some could not be (an update would lose them). */
    storeSteps: fromPromise<void, GameSession | null>(async ({ input: session }) => {
      await session?.flush();
      const unsaved = session?.journal?.unsaved ?? 0;
      if (unsaved > 0) throw new Error(`${unsaved} steps are not stored`);
    }),

    /** Bring in the waiting new version (the page then reloads into it). */
    applyUpdate: fromPromise<void>(() => ports.applyUpdate()),

    /**
     * The table lock: tells the machine when this page is the table, is not, or is asked to
     * hand it over (answered with RELEASED once the game is released); takes TAKE_OVER.
     */
    tableLock: fromCallback<TableLockEvent>(({ sendBack, receive }) => {
      const asked: (() => void)[] = [];
      const lock = ports.lock({
        onTable: () => sendBack({ type: 'TABLE.HELD' } satisfies AppEvent),
        onElsewhere: (taken) => sendBack({ type: 'TABLE.ELSEWHERE', taken } satisfies AppEvent),
        onRelease: () =>
          new Promise<void>((released) => {
            asked.push(released);
            sendBack({ type: 'TABLE.RELEASE' } satisfies AppEvent);
          }),
      });
      receive((event) => {
        if (event.type === 'TAKE_OVER') void lock.takeOver();
        else for (const released of asked.splice(0)) released();
      });
      void lock.open();
      return () => lock.close();
    }),

    /**
     * Open the chosen cup. One opened for a choice that was replaced meanwhile (this actor was
     * stopped) is disposed at once.
     */
    openCup: fromPromise<CupBinding, OpenCupOptions & { kind: CupKind }>(
      async ({ input: { kind, ...options }, signal }) => {
        const binding = await ports.openCup(kind, options);
        if (signal.aborted) binding.connection.dispose();
        return binding;
      },
    ),

    /** Start using the opened cup: the simulated one connects, a real one is looked for. */
    startCup: fromPromise<void, { kind: CupKind; cup: CupBinding }>(({ input: { kind, cup } }) =>
      ports.startCup(kind, cup),
    ),

    /** The cup's events, as the round machine's moves. */
    cupMoves: fromCallback<EventObject, CupBinding>(({ input: cup, sendBack }) =>
      cup.connection.on((event) => {
        const move = cupMove(event);
        if (move) sendBack(move satisfies AppEvent);
      }),
    ),

    /**
     * The running game: plays the cup's moves it is sent, and tells the machine of every other
     * change (a step by hand: a tap, a key, an undo), and of the game's end and its undoing.
     * Steps tapped on the table drawn before (`drawn`) are handed to it first, as steps by hand.
     */
    followGame: fromCallback<SensorEvent, { game: GameActor; drawn: TableViewActor | null }>(
      ({ input: { game, drawn }, sendBack, receive }) => {
        let fromCup = false;
        let previous = game.getSnapshot();
        let over = previous.hasTag('over');
        if (over) sendBack({ type: 'GAME.ENDED' } satisfies AppEvent);
        receive((move) => {
          fromCup = true;
          try {
            game.send(move);
          } finally {
            fromCup = false;
          }
        });
        const subscription = game.subscribe((snapshot) => {
          if (snapshot === previous) return;
          previous = snapshot;
          if (!fromCup) sendBack({ type: 'GAME.HAND_STEP', at: Date.now() } satisfies AppEvent);
          if (snapshot.hasTag('over') === over) return;
          over = !over;
          sendBack({ type: over ? 'GAME.ENDED' : 'GAME.RESUMED' } satisfies AppEvent);
        });
        drawn?.handOver(game);
        return () => subscription.unsubscribe();
      },
    ),
  };
}
