/**
 * The app's life as one machine, in four regions:
 *
 * - `life`: this page asks for the table (`asking`), and as the table (`table`) reads the stored
 *   game (`loading`), then shows the new-game screen, a game (playing or over), or an unreadable
 *   game; another page may take the table (`releasing`, then `elsewhere`), and this one take it
 *   back. The screen each state shows is its tag. A new game started while one runs asks first
 *   (`confirming`), and sets the running one aside; a game set aside can be resumed.
 * - `check`: "Check this cup", over whatever screen.
 * - `cup`: which cup, opened once the first screen is up and again for each choice; its moves go
 *   to the running game, and every other step of the game counts as a step by hand.
 * - `update`: a new version waits, and comes in between games (or when the players ask), with
 *   every step stored (`update.ts`).
 * - `restore`: the table drawn from the stored game's view shows while the game is read; the
 *   steps tapped on it go to the game once it is up, or are dropped (`restore.ts`).
 *
 * Its guards, actions and delays are named in `setup.ts`; side effects are the invoked actors of
 * `actors.ts`, over the ports `main.ts` gives.
 */
import { assertEvent, type Actor, type SnapshotFrom } from 'xstate';
import { initialContext } from './context';
import { appSetup, warning } from './setup';
import type { AppPorts } from './types';
import { restoreRegion } from './restore';
import { updateRegion } from './update';

export type { AppTag } from './setup';

/** Another page has the table (it took it from this one: `released`). */
const elsewhere = {
  type: 'noteElsewhere' as const,
  params: ({ event }: { event: { taken: boolean } }) => ({ taken: event.taken }),
};
const released = { type: 'noteElsewhere' as const, params: { taken: true } };

export function createAppMachine(ports: AppPorts) {
  const machine = appSetup(ports);
  return machine.createMachine({
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
            entry: ['catchUpHandSteps', 'catchUpCup'],
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
                  START: [
                    { guard: 'isGameUnderway', target: 'confirming', actions: 'chooseSetup' },
                    { target: 'starting', actions: 'chooseSetup' },
                  ],
                  BACK: { guard: 'hasGame', target: 'game' },
                  RESUME: 'resuming',
                },
              },
              // A game runs: starting another sets it aside, once the players say so.
              confirming: {
                tags: 'newGame',
                on: { SET_ASIDE: 'starting', CANCEL: 'newGame', BACK: 'game' },
              },
              starting: {
                tags: 'newGame',
                invoke: {
                  src: 'startGame',
                  input: ({ context, event }) => ({
                    session: context.session,
                    setup: context.setup,
                    setAside: event.type === 'SET_ASIDE',
                  }),
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
              // A game set aside comes back (a running one is set aside in its place).
              resuming: {
                tags: 'newGame',
                invoke: {
                  src: 'resumeGame',
                  input: ({ context, event }) => {
                    assertEvent(event, 'RESUME');
                    return { session: context.session, key: event.key };
                  },
                  onDone: {
                    target: 'game',
                    actions: [
                      { type: 'keepGame', params: ({ event }) => event.output },
                      'announceStart',
                    ],
                  },
                  onError: { target: 'newGame', actions: warning('resume the game') },
                },
              },
              game: {
                initial: 'playing',
                invoke: {
                  id: 'game',
                  src: 'followGame',
                  input: ({ context }) => ({ game: context.game!, drawn: context.drawn }),
                },
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
      update: updateRegion(machine),
      restore: restoreRegion(machine),
    },
  });
}

export type AppMachine = ReturnType<typeof createAppMachine>;
export type AppActor = Actor<AppMachine>;
export type AppSnapshot = SnapshotFrom<AppMachine>;
