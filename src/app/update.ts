/**
 * The app machine's `update` region: a new version waits, and comes in between games (or when
 * the players ask: "Update now"), and only with every step stored, since it reloads the page.
 * Every wait has a limit and a way on: steps that are not stored in time (storage that hangs or
 * is full) put the update off, said in the log the players can export, and it is tried again
 * after a pause; a new version that cannot be brought in is dropped, and the next one waited
 * for. (The service worker's own waits have their limits in `ui/platform/updates.ts`.)
 */
import { warning, type AppSetup } from './setup';

export const updateRegion = (machine: AppSetup) =>
  machine.createStateConfig({
    initial: 'none',
    states: {
      none: { on: { 'UPDATE.READY': 'waiting' } },
      waiting: {
        always: { guard: 'isBetweenGames', target: 'storing' },
        on: { 'UPDATE.APPLY': 'storing', 'GAME.STARTED': 'storing' },
      },
      // Every step stored, or the update waits: it would lose the steps not stored.
      storing: {
        invoke: {
          src: 'storeSteps',
          input: ({ context }) => context.session,
          onDone: 'applying',
          onError: { target: 'postponed', actions: warning(STORE) },
        },
        after: {
          updateLimit: {
            target: 'postponed',
            actions: { type: 'warn', params: { what: STORE, error: 'no answer in time' } },
          },
        },
      },
      // Tried again after a pause (between games), or at once when the players ask.
      postponed: {
        after: { updateRetry: 'waiting' },
        on: { 'UPDATE.APPLY': 'storing' },
      },
      applying: {
        invoke: {
          src: 'applyUpdate',
          onDone: 'applied',
          // The new version is gone (a newer one replaced it): wait for the next one.
          onError: { target: 'none', actions: warning('update') },
        },
      },
      // The new version was asked to take over: the page reloads into it.
      applied: {},
    },
  });

/** What failed when the steps were not stored in time (the log's words are the app's). */
const STORE = 'store every step before the update';
