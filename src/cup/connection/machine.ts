/**
 * The cup connection's lifecycle as a state machine. Each step (choosing a cup, finding a
 * remembered one, opening the link, proving ownership, syncing) is an invoked actor, so that
 * leaving a state cancels its work; reconnecting waits its backoff as a delayed transition.
 * The steps and the link's resources belong to `CupConnection`, which provides them
 * (`connectionMachine.provide(...)`): this file says only what follows what.
 *
 *   idle ─CONNECT→ choosing ──→ link: connecting → proving → syncing ─→ connected
 *     └─RESTORE→ searching ─┘        │ a refusal: refused (or, restoring, the next cup)
 *                                    │ a failure: reconnecting once a link was up, else lost
 *   connected ─LINK_LOST→ reconnecting ─backoff→ link;  attempts used up → lost (unless
 *   the app keeps trying: a game runs). The attempts count again from 0 only once a link has
 *   stayed up `steadyMs`: a link that drops at once does not reset the backoff.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { backoffDelay, type BackoffOptions } from './backoff';
import type { Refusal } from '../events';
import type { GattDeviceLike } from '../link/gatt';

/** A step failed because the cup cannot be used here (no retry helps). */
export class CupRefusedError extends Error {
  override readonly name = 'CupRefusedError';
  constructor(readonly refusal: Refusal) {
    super(refusal.kind === 'version' ? 'Another protocol version.' : "Another table's cup.");
  }
}

export interface ConnectionInput {
  backoff: BackoffOptions;
  random: () => number;
  /** Go on retrying after the last attempt (asked each time the attempts run out). */
  keepTrying: () => boolean;
}

export interface ConnectionContext extends ConnectionInput {
  /** Retries made since the last link that stayed up (`steadyMs`). */
  attempt: number;
  /** When the next retry is due (app clock, ms) and how long it waits. */
  retryAt: number;
  delayMs: number;
  /** Why the last attempt failed, for "lost". */
  reason: string;
  refusal: Refusal | null;
  /** A link has been up since the players asked: a failure now retries instead of giving up. */
  retrying: boolean;
  /** The attempt comes from a silent restore (a refusal moves on to the next remembered cup). */
  restoring: boolean;
}

export type ConnectionEvent =
  /** Open the chooser (a user gesture). */
  | { type: 'CONNECT' }
  /** One tap back: the cup of this visit when there is one, else the chooser. */
  | { type: 'RECONNECT'; hasDevice: boolean }
  /** Find a remembered cup without the chooser. */
  | { type: 'RESTORE' }
  /** Skip the rest of the backoff wait. */
  | { type: 'RETRY_NOW' }
  | { type: 'DISCONNECT' }
  /** The GATT link dropped. */
  | { type: 'LINK_LOST' }
  /** A step on the link failed (raised by the step's state). */
  | { type: 'STEP_FAILED'; error: unknown };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const refusalOf = (error: unknown) => (error instanceof CupRefusedError ? error.refusal : null);
/** The failure a STEP_FAILED event carries, as the params of a guard or an action. */
const failure = ({ event }: { event: ConnectionEvent }) => ({
  error: event.type === 'STEP_FAILED' ? event.error : new Error('The cup disconnected.'),
});

/** A step the connection provides; this placeholder only says what it resolves with. */
function step<T>() {
  return fromPromise<T>(() => Promise.reject(new Error('step not provided')));
}

export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
  },
  actors: {
    /** The browser's chooser. */
    choose: step<GattDeviceLike>(),
    /** A remembered cup that advertises, or null. */
    search: step<GattDeviceLike | null>(),
    /** Connect, subscribe, read Info and State. */
    open: step<void>(),
    /** Prove the owner key, or claim a cup without an owner. */
    prove: step<void>(),
    /** The cup's details, battery, its events since last time, its Config. */
    sync: step<void>(),
  },
  actions: {
    /** The chosen or found device is the cup of this visit. */
    adoptDevice: (_, _params: { device: GattDeviceLike }) => {},
    /** Drop the link's resources and end its GATT connection. */
    closeLink: () => {},
    /** A remembered cup turned out to be another table's: do not try it again. */
    skipRemembered: () => {},
    stepFailed: raise((_, params: { error: unknown }) => ({
      type: 'STEP_FAILED' as const,
      error: params.error,
    })),
    planRetry: assign(({ context }) => {
      const delayMs = backoffDelay(context.attempt, context.backoff, context.random);
      return { attempt: context.attempt + 1, delayMs, retryAt: Date.now() + delayMs };
    }),
    startOver: assign({ attempt: 0, retrying: false, restoring: false, refusal: null }),
    failed: assign({ reason: (_, params: { error: unknown }) => messageOf(params.error) }),
    refused: assign({ refusal: (_, params: { error: unknown }) => refusalOf(params.error) }),
  },
  guards: {
    hasDevice: ({ event }) => event.type === 'RECONNECT' && event.hasDevice,
    isCancel: (_, params: { error: unknown }) =>
      params.error instanceof Error && params.error.name === 'NotFoundError',
    isRefusal: (_, params: { error: unknown }) => refusalOf(params.error) !== null,
    refusedWhileRestoring: ({ context }, params: { error: unknown }) =>
      context.restoring && refusalOf(params.error) !== null,
    isRetrying: ({ context }) => context.retrying,
    isRestoring: ({ context }) => context.restoring,
    attemptsUsedUp: ({ context }) =>
      context.attempt > context.backoff.maxAttempts && !context.keepTrying(),
  },
  delays: {
    backoff: ({ context }) => context.delayMs,
    steady: ({ context }) => context.backoff.steadyMs,
  },
}).createMachine({
  id: 'cup-connection',
  context: ({ input }) => ({
    ...input,
    attempt: 0,
    retryAt: 0,
    delayMs: 0,
    reason: '',
    refusal: null,
    retrying: false,
    restoring: false,
  }),
  initial: 'idle',
  on: {
    DISCONNECT: { target: '.idle', actions: ['closeLink', 'startOver'] },
  },
  states: {
    idle: {
      on: {
        CONNECT: { target: 'choosing', actions: 'startOver' },
        RESTORE: { target: 'searching', actions: ['startOver', assign({ restoring: true })] },
        RECONNECT: [
          { guard: 'hasDevice', target: 'link', actions: 'startOver' },
          { target: 'choosing', actions: 'startOver' },
        ],
      },
    },
    choosing: {
      invoke: {
        src: 'choose',
        onDone: {
          target: 'link',
          actions: { type: 'adoptDevice', params: ({ event }) => ({ device: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isCancel', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
          },
          {
            target: 'lost',
            actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    searching: {
      invoke: {
        src: 'search',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'link',
            actions: { type: 'adoptDevice', params: ({ event }) => ({ device: event.output! }) },
          },
          { target: 'idle', actions: 'startOver' },
        ],
        onError: { target: 'idle', actions: 'startOver' },
      },
    },
    link: {
      initial: 'connecting',
      on: {
        STEP_FAILED: [
          {
            guard: { type: 'refusedWhileRestoring', params: failure },
            target: 'searching',
            actions: ['closeLink', 'skipRemembered'],
          },
          {
            guard: { type: 'isRefusal', params: failure },
            target: 'refused',
            actions: ['closeLink', { type: 'refused', params: failure }],
          },
          { guard: 'isRetrying', target: 'reconnecting', actions: 'closeLink' },
          { guard: 'isRestoring', target: 'idle', actions: ['closeLink', 'startOver'] },
          { target: 'lost', actions: ['closeLink', { type: 'failed', params: failure }] },
        ],
        LINK_LOST: {
          actions: { type: 'stepFailed', params: { error: new Error('The cup disconnected.') } },
        },
      },
      states: {
        connecting: {
          invoke: {
            src: 'open',
            onDone: 'proving',
            onError: {
              actions: { type: 'stepFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        proving: {
          invoke: {
            src: 'prove',
            onDone: 'syncing',
            onError: {
              actions: { type: 'stepFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        syncing: {
          invoke: {
            src: 'sync',
            onDone: '#cup-connection.connected',
            onError: {
              actions: { type: 'stepFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    connected: {
      entry: assign({ retrying: true, restoring: false }),
      after: { steady: { actions: assign({ attempt: 0 }) } },
      on: { LINK_LOST: { target: 'reconnecting', actions: 'closeLink' } },
    },
    reconnecting: {
      entry: 'planRetry',
      always: { guard: 'attemptsUsedUp', target: 'lost', actions: assign({ reason: 'gave-up' }) },
      after: { backoff: 'link' },
      on: { RETRY_NOW: 'link' },
    },
    refused: {
      on: { CONNECT: { target: 'choosing', actions: 'startOver' } },
    },
    lost: {
      on: {
        CONNECT: { target: 'choosing', actions: 'startOver' },
        RECONNECT: [
          { guard: 'hasDevice', target: 'link', actions: 'startOver' },
          { target: 'choosing', actions: 'startOver' },
        ],
      },
    },
  },
});

export type ConnectionMachine = typeof connectionMachine;
