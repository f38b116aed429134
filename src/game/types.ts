/**
 * The round machine's public types: its input, events and context. The phases and the event
 * types are each declared once, as a list: the types come from the lists, and so do the checks
 * of a stored game.
 */
import type { ClaimKind, GameResult, RuleSet, Score, Settlement } from '../rules';

export interface GameInput {
  /** Seat order is turn order: 2 to `rules.maxPlayers` distinct, non-empty names. */
  players: string[];
  rules: RuleSet;
  /** Seat of the first round's opener (default 0). */
  opener?: number;
}

/** What players tell the referee, by type (`TableEvent`). */
export const TABLE_EVENT_TYPES = [
  'ROLL',
  'PEEK',
  'CLAIM',
  'PASS_BLIND',
  'LIFT',
  'DICE',
  'ACCEPT_MIA',
  'UNDO',
] as const;

/** What the sensor cup reports, by type (`SensorEvent`). */
export const SENSOR_EVENT_TYPES = ['CUP.SHAKE', 'CUP.LID_OPEN', 'CUP.LID_CLOSED'] as const;

/** Every type of event the machine takes. */
export const EVENT_TYPES = [...TABLE_EVENT_TYPES, ...SENSOR_EVENT_TYPES] as const;

/** What an event carries besides its type; an event not named here carries nothing else. */
export interface EventPayloads {
  CLAIM: { score: number };
  PASS_BLIND: { score: number };
  DICE: { dice: [number, number] };
}

/** The event of each type in `T`, with what it carries. */
type EventOf<T extends string> = T extends keyof EventPayloads
  ? { type: T } & EventPayloads[T]
  : { type: T };

/** What players tell the referee. */
export type TableEvent = EventOf<(typeof TABLE_EVENT_TYPES)[number]>;

/** What the sensor cup reports. Always accepted: a sensor event that fits no rule is a warning. */
export type SensorEvent = EventOf<(typeof SENSOR_EVENT_TYPES)[number]>;

export type GameEvent = TableEvent | SensorEvent;

/**
 * The machine's states:
 * - `opening`: the opener must roll.
 * - `rolled`: the player to act has rolled and must claim.
 * - `peeked`: the player to act looked at the dice they were handed (believerLooks): keep or
 *   re-roll.
 * - `facing`: the player to act faces the standing claim: believe, pass blind, lift or give up
 *   a Mia.
 * - `lifting`: the cup is lifted: waiting for the dice it shows.
 * - `over`: the game has ended (still undoable).
 */
export const PHASES = ['opening', 'rolled', 'peeked', 'facing', 'lifting', 'over'] as const;

export type Phase = (typeof PHASES)[number];

export interface Player {
  name: string;
  lives: number;
}

/** One claim of a round. */
export interface ClaimRecord {
  seat: number;
  score: Score;
  /** 'rolled' after rolling (or looking and keeping), 'blind' when handed on unseen. */
  kind: ClaimKind;
  /** believerLooks: the claimer looked at the dice handed to them and kept them. */
  kept: boolean;
}

/** The round being played. */
export interface Round {
  /** 1 for the first round. */
  number: number;
  opener: number;
  claims: ClaimRecord[];
  /** The player to act has rolled this turn. */
  rolled: boolean;
  /** The player to act has seen the dice this turn (lid opened after a roll, or a peek). */
  looked: boolean;
  /** Seat that lifted, while the dice are awaited. */
  lifter: number | null;
}

/** A finished round, for the history panel and the statistics. */
export interface RoundRecord {
  number: number;
  opener: number;
  claims: ClaimRecord[];
  settlement: Settlement;
}

/** Why a sensor event fitted no rule, by code (the UI words each). */
export const WARNING_CODES = [
  'shake-while-lifting',
  'shake-after-look',
  'shake-at-mia',
  'lid-before-roll',
  'sensor-after-game',
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];

/**
 * A sensor event that fitted no rule: recorded, shown (worded by the UI), never dropped. The
 * same event fitting no rule again before the next step is counted on the same warning.
 */
export interface GameWarning {
  code: WarningCode;
  event: SensorEvent['type'];
  /** The state the machine was in. */
  phase: Phase;
  /** Seat of the player to act then. */
  turn: number;
  round: number;
  /** How many times it happened (1 or more), with no step in between. */
  count: number;
}

/**
 * The state of the game before a step, as UNDO restores it (kept small: names never change,
 * and the last outcome and result follow from the rounds kept).
 */
export interface UndoFrame {
  phase: Phase;
  lives: number[];
  turn: number;
  claim: Score | null;
  round: Round;
  historyLength: number;
  warningsLength: number;
}

export interface GameContext {
  rules: RuleSet;
  players: Player[];
  /** Seat of the player to act. */
  turn: number;
  /** The standing claim of the round, or null before the opener claims. */
  claim: Score | null;
  round: Round;
  /** Finished rounds, oldest first. */
  history: RoundRecord[];
  /** The last settled round's outcome (loser, lives lost and why), for the verdict screen. */
  lastOutcome: Settlement | null;
  /** How the game ended, once it has. */
  result: GameResult | null;
  warnings: GameWarning[];
  /** One frame per accepted step, newest last: UNDO pops one. */
  past: UndoFrame[];
}
