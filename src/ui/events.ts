/** The custom events Mia Cup's elements fire, typed for `addEventListener` and `@event`. */
import type { GameInput } from '../game';

/** A score tapped in the claim picker. */
export type MiaPickEvent = CustomEvent<{ score: number }>;
/** The two dice entered after a lift. */
export type MiaDiceEvent = CustomEvent<{ dice: [number, number] }>;
/** Start a game with these players and rules. */
export type MiaStartEvent = CustomEvent<GameInput>;
/** A toolbar command for the app. */
export type MiaCommand =
  | 'undo'
  | 'history'
  | 'rules'
  | 'export'
  | 'sound'
  | 'theme'
  | 'fullscreen'
  | 'new-game'
  | 'rematch';
export type MiaCommandEvent = CustomEvent<{ command: MiaCommand }>;

export const fire = <T>(target: EventTarget, type: string, detail: T): boolean =>
  target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));

declare global {
  interface GlobalEventHandlersEventMap {
    'mia-pick': MiaPickEvent;
    'mia-dice': MiaDiceEvent;
    'mia-start': MiaStartEvent;
    'mia-command': MiaCommandEvent;
  }
}
