/**
 * The cup the app is using (the app machine opens it), provided by <mia-app> to the cup panel, the
 * on-screen simulated cup and "Check this cup", wherever they sit. Null when no cup is open yet.
 */
import { createContext } from '@lit/context';
import type { CupBinding } from '../../cup';

export type { CupBinding };

export const cupContext = createContext<CupBinding | null>(Symbol('mia-cup'));

/** The players' choice of cup (a preference; its event is typed in `ui/events.ts`). */
export type { CupChoice } from '../../data';
