/**
 * The cup the app is using, provided by <mia-app> (set by `main.ts`) to the cup panel and the
 * on-screen simulated cup, wherever they sit. Null when no cup is set up.
 */
import { createContext } from '@lit/context';
import type { CupConnection, SimulatedCup } from '../../cup';

export interface CupBinding {
  connection: CupConnection;
  /** The on-screen cup's model when the simulated cup is in use. */
  sim: SimulatedCup | null;
}

export const cupContext = createContext<CupBinding | null>(Symbol('mia-cup'));

/** Fired (bubbling, composed) when the players choose the simulated or the Bluetooth cup. */
export type CupChoice = 'bluetooth' | 'simulated';
export type MiaCupChoiceEvent = CustomEvent<{ cup: CupChoice }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'mia-cup-choice': MiaCupChoiceEvent;
  }
}
