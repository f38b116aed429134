/**
 * The app's life (`machine.ts`): loaded with xstate after the first screen (at once when a game
 * is stored), and started by `main.ts` over the ports it gives. The UI reads its snapshot
 * through `view.ts` and sends it `AppEvent`s.
 */
import { createActor } from 'xstate';
import { createAppMachine, type AppActor } from './machine';
import type { AppInput, AppPorts } from './types';

export { createAppMachine, type AppActor, type AppMachine, type AppSnapshot } from './machine';
export { cupMove } from './cup';
export { UPDATE_LIMIT_MS, UPDATE_RETRY_MS } from './setup';
export { localHandSteps } from './hand-steps';
export type { AppContext } from './context';
export type { AppEvent, AppInput, AppPorts } from './types';
export { firstCup, firstView, sameView, viewOf, type AppView, type Screen } from './view';

/** The app machine, started. */
export function startApp(ports: AppPorts, input: AppInput): AppActor {
  return createActor(createAppMachine(ports), { input }).start();
}
