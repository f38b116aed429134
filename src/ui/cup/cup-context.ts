/**
 * The cup the app is using, provided by <mia-app> (set by `main.ts`) to the cup panel and the
 * on-screen simulated cup, wherever they sit. Null when no cup is set up.
 */
import { createContext } from '@lit/context';
import type { CupBinding } from '../../cup';

export type { CupBinding };

export const cupContext = createContext<CupBinding | null>(Symbol('mia-cup'));

/** The players' choice of cup (a preference; its event is typed in `ui/events.ts`). */
export type { CupChoice } from '../../data';
