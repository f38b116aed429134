/**
 * What the app machine is made of (`machine.ts` puts it together): its types, its guards and
 * actions by name, its invoked actors (`actors.ts`, over the ports `main.ts` gives) and its
 * delays.
 */
import { and, assertEvent, assign, not, or, raise, sendTo, setup, stateIn } from 'xstate';
import type { CupBinding } from '../cup';
import { isUnderway, type GameActor } from '../game';
import { appActors, type Opened } from './actors';
import type { AppContext } from './context';
import type { AppEvent, AppInput, AppPorts } from './types';

/** The screen a state shows (`loading` is the new-game screen while no game may be stored). */
export type AppTag =
  'loading' | 'newGame' | 'confirming' | 'game' | 'gameOver' | 'unreadable' | 'elsewhere';

/** The cup's moves, as the round machine spells them. */
export const CUP_MOVES = ['CUP.SHAKE', 'CUP.LID_OPEN', 'CUP.LID_CLOSED'] as const;

/**
 * How long an update waits for every step to be stored: a limit that only catches a hang (a
 * step is stored in milliseconds, a busy tablet takes a second or two).
 */
export const UPDATE_LIMIT_MS = 10_000;
/** After an update had to wait (steps not stored): when it is tried again. */
export const UPDATE_RETRY_MS = 30_000;

/** A failed actor's error, for the `warn` action. */
export const warning = (what: string) => ({
  type: 'warn' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ what, error: event.error }),
});

export function appSetup(ports: AppPorts) {
  return setup({
    types: {
      context: {} as AppContext,
      events: {} as AppEvent,
      input: {} as AppInput,
      tags: {} as AppTag,
    },
    actors: appActors(ports),
    guards: {
      /** Is the stored game unreadable? */
      isUnreadable: ({ context }) => context.unreadable !== null,
      /** Is there a game (to show, or to go back to)? */
      hasGame: ({ context }) => context.game !== null,
      /** Is a game under way (one a new game would set aside)? */
      isGameUnderway: ({ context }) => !!context.game && isUnderway(context.game.getSnapshot()),
      /** Was "Start game" tapped while the stored game was read, with a session to start it? */
      hasHeldStart: ({ context }) => context.pendingStart !== null && context.session !== null,
      /** Was the table drawn from the stored game's view before the machine was up? */
      hasDrawnTable: ({ context }) => context.drawn !== null,
      /** Is the stored game's table shown (its actor, playing or over)? */
      showsGame: stateIn({ life: { table: 'game' } }),
      /** Is the stored game still being asked for and read? */
      readsGame: or([
        stateIn({ life: 'asking' }),
        stateIn({ life: { table: 'loading' } }),
        stateIn({ life: { table: 'read' } }),
      ]),
      /** Is it between games: a game over, or the new-game screen with no game behind it? */
      isBetweenGames: or([
        stateIn({ life: { table: { game: 'over' } } }),
        and([stateIn({ life: { table: 'newGame' } }), not('hasGame')]),
      ]),
    },
    actions: {
      /** Keep "Start game" for when the stored game is read. */
      holdStart: assign({
        pendingStart: ({ event }) => (assertEvent(event, 'START'), event.input),
      }),
      /** Keep what the session's opening found (the set-up: the one held, if any). */
      keepOpened: assign(({ context }, { session, game, setup, unreadable }: Opened) => ({
        session,
        game,
        unreadable,
        setup: context.pendingStart ?? setup,
      })),
      dropHeldStart: assign({ pendingStart: null }),
      chooseSetup: assign({ setup: ({ event }) => (assertEvent(event, 'START'), event.input) }),
      /** A rematch: the same players and rules as the game that ended. */
      chooseRematch: assign({ setup: ({ context }) => context.session?.input ?? context.setup }),
      keepGame: assign((_, game: GameActor) => ({ game })),
      announceStart: raise({ type: 'GAME.STARTED' }),
      forgetUnreadable: assign({ unreadable: null }),
      /** A move the cup made goes to the game (through `followGame`, so it is not by hand). */
      playCupMove: sendTo('game', ({ event }) => (assertEvent(event, CUP_MOVES), event)),
      noteHandStep: assign({
        handStepAt: ({ event }) => (assertEvent(event, 'GAME.HAND_STEP'), event.at),
      }),
      rememberHandStep: ({ context }) => ports.handSteps.write(context.handStepAt),
      /**
       * This page becomes the table; another page may have had it meanwhile. Its last step by
       * hand counts here too (a cup move it overtook stays a warning), and the cup goes on from
       * where the device last left its events (what that page handed on is not replayed).
       */
      catchUpHandSteps: assign({
        handStepAt: ({ context }) => Math.max(context.handStepAt, ports.handSteps.read()),
      }),
      catchUpCup: ({ context }) => context.cup?.connection.catchUp(),
      /** Not the table: the game is not shown, and another page may store one meanwhile. */
      noteElsewhere: assign((_, { taken }: { taken: boolean }) => ({
        taken,
        game: null,
        gameMayBeStored: true,
      })),
      /** Tell the table lock that the game is released: the other page may take the table. */
      answerRelease: sendTo('table', { type: 'RELEASED' }),
      askForTable: sendTo('table', { type: 'TAKE_OVER' }),
      chooseCup: assign({ cupKind: ({ event }) => (assertEvent(event, 'CUP.CHOOSE'), event.kind) }),
      rememberCupChoice: ({ context }) => ports.rememberCup(context.cupKind),
      /** The cup in use is let go (another one replaces it). */
      letCupGo: ({ context }) => context.cup?.connection.dispose(),
      bindCup: assign((_, cup: CupBinding) => ({ cup })),
      /** The steps tapped on the drawn table go nowhere: this page shows no game. */
      dropDrawnTaps: ({ context }) => context.drawn?.handOver(null),
      forgetDrawnTable: assign({ drawn: null }),
      /** Say what failed, also in the log the players can export. */
      warn: (_, { what, error }: { what: string; error: unknown }) => {
        console.warn(`Mia Cup could not ${what}:`, error);
        ports.note(what, error);
      },
    },
    delays: { updateLimit: UPDATE_LIMIT_MS, updateRetry: UPDATE_RETRY_MS },
  });
}

export type AppSetup = ReturnType<typeof appSetup>;
