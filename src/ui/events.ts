/**
 * Every custom event Mia Cup's elements fire, in one place: typed for `addEventListener` and
 * `@event` through `GlobalEventHandlersEventMap`. All bubble and are composed.
 */
import type { CupChoice, Layout } from '../data';
import type { GameInput, RuleSet } from '../game';
import type { Side } from '../rules';

/** A score tapped in the claim picker. */
export type MiaPickEvent = CustomEvent<{ score: number }>;
/** The two dice entered after a lift. */
export type MiaDiceEvent = CustomEvent<{ dice: [number, number] }>;
/** Start a game with these players and rules. */
export type MiaStartEvent = CustomEvent<GameInput>;
/** A setting changed in the rule settings: the whole new rule set. */
export type MiaRulesEvent = CustomEvent<RuleSet>;
/** The players chose the simulated or the Bluetooth cup. */
export type MiaCupChoiceEvent = CustomEvent<{ cup: CupChoice }>;
/** A player moved to another side: the new sides, and per new seat the seat it was. */
export type MiaSeatingEvent = CustomEvent<{ sides: Side[]; from: number[] }>;
/** A command for the app, from the toolbar, a dialog or a screen. */
export type MiaCommand =
  | 'undo'
  | 'export'
  | 'fullscreen'
  | 'new-game'
  | 'rematch'
  /** A game is under way: set it aside and start the new one; or keep setting up; or go back. */
  | 'set-aside'
  | 'cancel-start'
  | 'back'
  /** Take the table over from another page. */
  | 'take-over'
  /** Apply the waiting new version now. */
  | 'update'
  /** Try storing the game again, now. */
  | 'retry-storage';
export type MiaCommandEvent = CustomEvent<{ command: MiaCommand }>;
/** Where the tablet is was answered. */
export type MiaLayoutEvent = CustomEvent<{ layout: Layout }>;
/** A side of the table was tapped: turn toward it. */
export type MiaSideEvent = CustomEvent<{ side: Side }>;
/** Resume the game set aside under this key. */
export type MiaResumeEvent = CustomEvent<{ key: string }>;

/**
 * Fired at the document, not bubbling: taps made on the page's snapshot of the table were dropped,
 * the game having moved on since (`first-screen/take-over.ts`).
 */
export const TAPS_DROPPED = 'mia-taps-dropped';
export type MiaTapsDroppedEvent = CustomEvent<{ taps: number }>;

export const fire = <T>(target: EventTarget, type: string, detail: T): boolean =>
  target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));

declare global {
  interface GlobalEventHandlersEventMap {
    'mia-pick': MiaPickEvent;
    'mia-dice': MiaDiceEvent;
    'mia-start': MiaStartEvent;
    'mia-rules': MiaRulesEvent;
    'mia-cup-choice': MiaCupChoiceEvent;
    'mia-command': MiaCommandEvent;
    'mia-seating': MiaSeatingEvent;
    'mia-resume': MiaResumeEvent;
    'mia-layout': MiaLayoutEvent;
    'mia-side': MiaSideEvent;
    'mia-layout-cancel': CustomEvent<null>;
    'mia-taps-dropped': MiaTapsDroppedEvent;
  }
}
