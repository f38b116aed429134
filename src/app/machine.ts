/**
 * The app's life as one machine, in four regions:
 *
 * - `life`: this page asks for the table (`asking`), and as the table (`table`) reads the stored
 *   game (`loading`), then shows the new-game screen, a game (playing or over), or an unreadable
 *   game; another page may take the table (`releasing`, then `elsewhere`), and this one take it
 *   back. The screen each state shows is its tag.
 * - `check`: "Check this cup", over whatever screen.
 * - `cup`: which cup, opened once the first screen is up and again for each choice; its moves go
 *   to the running game, and every other step of the game counts as a step by hand.
 * - `update`: a new version waits, and comes in between games (or when the players ask).
 *
 * Side effects are the invoked actors of `actors.ts`, over the ports `main.ts` gives.
 */
import { and, assertEvent, assign, not, or, raise, sendTo, setup, stateIn } from 'xstate';
import type { Actor, SnapshotFrom } from 'xstate';
import type { CupBinding } from '../cup';
import type { GameActor } from '../game';
import { appActors, type Opened } from './actors';
import { initialContext, type AppContext } from './context';
import type { AppEvent, AppInput, AppPorts } from './types';

/** The screen a state shows (`loading` is the new-game screen while no game may be stored). */
export type AppTag = 'loading' | 'newGame' | 'game' | 'gameOver' | 'unreadable' | 'elsewhere';

/** The cup's moves, as the round machine spells them. */
const CUP_MOVES = ['CUP.SHAKE', 'CUP.LID_OPEN', 'CUP.LID_CLOSED'] as const;

/** Another page has the table (it took it from this one: `released`). */
const elsewhere = {
  type: 'noteElsewhere' as const,
  params: ({ event }: { event: { taken: boolean } }) => ({ taken: event.taken }),
};
const released = { type: 'noteElsewhere' as const, params: { taken: true } };

/** A failed actor's error, for the `warn` action. */
const warning = (what: string) => ({
  type: 'warn' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ what, error: event.error }),
});

export function createAppMachine(ports: AppPorts) {
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
      /** Was "Start game" tapped while the stored game was read, with a session to start it? */
      hasHeldStart: ({ context }) => context.pendingStart !== null && context.session !== null,
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
      warn: (_, { what, error }: { what: string; error: unknown }) =>
        console.warn(`Mia Cup could not ${what}:`, error),
    },
  }).createMachine({
    id: 'app',
    type: 'parallel',
    context: ({ input }) => initialContext(input, ports.handSteps.read()),
    invoke: { id: 'table', src: 'tableLock' },
    states: {
      life: {
        initial: 'asking',
        on: {
          'TABLE.ELSEWHERE': { target: '.elsewhere', actions: elsewhere },
          // Not the table (any more): nothing to store before another page takes it.
          'TABLE.RELEASE': { actions: 'answerRelease' },
        },
        states: {
          asking: {
            tags: 'loading',
            on: { 'TABLE.HELD': 'table', START: { actions: 'holdStart' } },
          },
          table: {
            initial: 'loading',
            on: { 'TABLE.RELEASE': 'releasing' },
            states: {
              loading: {
                tags: 'loading',
                invoke: {
                  src: 'openSession',
                  onDone: {
                    target: 'read',
                    actions: { type: 'keepOpened', params: ({ event }) => event.output },
                  },
                  // No storage: the game goes on in memory (nothing to store it in).
                  onError: { target: 'read', actions: warning('open its storage') },
                },
                on: { START: { actions: 'holdStart' } },
              },
              // The stored game was read: what it found decides the screen.
              read: {
                exit: 'dropHeldStart',
                always: [
                  { guard: 'isUnreadable', target: 'unreadable' },
                  { guard: 'hasGame', target: 'game' },
                  { guard: 'hasHeldStart', target: 'starting' },
                  { target: 'newGame' },
                ],
              },
              newGame: {
                tags: 'newGame',
                on: {
                  START: { target: 'starting', actions: 'chooseSetup' },
                  BACK: { guard: 'hasGame', target: 'game' },
                },
              },
              starting: {
                tags: 'newGame',
                invoke: {
                  src: 'startGame',
                  input: ({ context }) => ({ session: context.session, setup: context.setup }),
                  onDone: {
                    target: 'game',
                    actions: [
                      { type: 'keepGame', params: ({ event }) => event.output },
                      'announceStart',
                    ],
                  },
                  onError: { target: 'newGame', actions: warning('start a game') },
                },
              },
              game: {
                initial: 'playing',
                invoke: { id: 'game', src: 'followGame', input: ({ context }) => context.game! },
                on: {
                  'CUP.SHAKE': { actions: 'playCupMove' },
                  'CUP.LID_OPEN': { actions: 'playCupMove' },
                  'CUP.LID_CLOSED': { actions: 'playCupMove' },
                  'GAME.HAND_STEP': { actions: ['noteHandStep', 'rememberHandStep'] },
                  NEW_GAME: 'newGame',
                },
                states: {
                  playing: { tags: 'game', on: { 'GAME.ENDED': 'over' } },
                  over: {
                    tags: 'gameOver',
                    on: {
                      'GAME.RESUMED': 'playing',
                      REMATCH: { target: '#app.life.table.starting', actions: 'chooseRematch' },
                    },
                  },
                },
              },
              unreadable: { tags: 'unreadable', on: { NEW_GAME: 'discarding' } },
              discarding: {
                tags: 'unreadable',
                invoke: {
                  src: 'discardGame',
                  input: ({ context }) => context.session,
                  onDone: { target: 'newGame', actions: 'forgetUnreadable' },
                  onError: { target: 'newGame', actions: ['forgetUnreadable', warning('discard')] },
                },
              },
            },
          },
          releasing: {
            tags: 'elsewhere',
            entry: released,
            invoke: {
              src: 'releaseSession',
              input: ({ context }) => context.session,
              onDone: { target: 'elsewhere', actions: 'answerRelease' },
              onError: {
                target: 'elsewhere',
                actions: ['answerRelease', warning('store the last steps')],
              },
            },
            // Asked again meanwhile: the answer comes with the first.
            on: { 'TABLE.RELEASE': {} },
          },
          elsewhere: {
            tags: 'elsewhere',
            initial: 'waiting',
            on: { 'TABLE.HELD': 'table', 'TABLE.ELSEWHERE': { actions: elsewhere } },
            states: {
              waiting: { on: { TAKE_OVER: { target: 'asked', actions: 'askForTable' } } },
              asked: {},
            },
          },
        },
      },
      check: {
        initial: 'closed',
        states: {
          closed: { on: { 'CHECK.OPEN': 'open' } },
          open: { on: { 'CHECK.CLOSE': 'closed' } },
        },
      },
      cup: {
        initial: 'idle',
        on: { 'CUP.CHOOSE': { target: '.opening', actions: ['chooseCup', 'rememberCupChoice'] } },
        states: {
          // Until the first screen is up (and after an opening failed).
          idle: { on: { SHOWN: 'opening' } },
          opening: {
            invoke: {
              src: 'openCup',
              input: ({ context, self }) => ({
                kind: context.cupKind,
                movedOnAt: () => self.getSnapshot().context.handStepAt,
                keepTrying: () =>
                  self.getSnapshot().matches({ life: { table: { game: 'playing' } } }),
              }),
              onDone: {
                target: 'open',
                actions: ['letCupGo', { type: 'bindCup', params: ({ event }) => event.output }],
              },
              onError: { target: 'idle', actions: warning('open the cup') },
            },
          },
          open: {
            invoke: [
              {
                src: 'startCup',
                input: ({ context }) => ({ kind: context.cupKind, cup: context.cup! }),
                onError: { actions: warning('start the cup') },
              },
              { src: 'cupMoves', input: ({ context }) => context.cup! },
            ],
          },
        },
      },
      update: {
        initial: 'none',
        states: {
          none: { on: { 'UPDATE.READY': 'waiting' } },
          waiting: {
            always: { guard: 'isBetweenGames', target: 'applying' },
            on: { 'UPDATE.APPLY': 'applying', 'GAME.STARTED': 'applying' },
          },
          applying: {
            invoke: {
              src: 'applyUpdate',
              input: ({ context }) => context.session,
              onDone: 'applied',
              onError: { target: 'applied', actions: warning('update') },
            },
          },
          // The new version was asked to take over: the page reloads into it.
          applied: {},
        },
      },
    },
  });
}

export type AppMachine = ReturnType<typeof createAppMachine>;
export type AppActor = Actor<AppMachine>;
export type AppSnapshot = SnapshotFrom<AppMachine>;
