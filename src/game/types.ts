/** The round machine's public types: its input, events and context. */
import type { ClaimKind, GameResult, RuleSet, Score, Settlement } from '../rules';

export interface GameInput {
  /** Seat order is turn order: 2 to `rules.maxPlayers` distinct, non-empty names. */
  players: string[];
  rules: RuleSet;
  /** Seat of the first round's opener (default 0). */
  opener?: number;
}

/** What players tell the referee. */
export type TableEvent =
  | { type: 'ROLL' }
  | { type: 'PEEK' }
  | { type: 'CLAIM'; score: number }
  | { type: 'PASS_BLIND'; score: number }
  | { type: 'LIFT' }
  | { type: 'DICE'; dice: [number, number] }
  | { type: 'ACCEPT_MIA' }
  | { type: 'UNDO' };

/** What the sensor cup reports. Always accepted: a sensor event that fits no rule is a warning. */
export type SensorEvent =
  { type: 'CUP.SHAKE' } | { type: 'CUP.LID_OPEN' } | { type: 'CUP.LID_CLOSED' };

export type GameEvent = TableEvent | SensorEvent;

/** The machine's states. */
export type Phase =
  /** The opener must roll. */
  | 'opening'
  /** The player to act has rolled and must claim. */
  | 'rolled'
  /** The player to act looked at the dice they were handed (believerLooks): keep or re-roll. */
  | 'peeked'
  /** The player to act faces the standing claim: believe, pass blind, lift or give up a Mia. */
  | 'facing'
  /** The cup is lifted: waiting for the dice it shows. */
  | 'lifting'
  /** The game has ended (still undoable). */
  | 'over';

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

export type WarningCode =
  | 'shake-while-lifting'
  | 'shake-after-look'
  | 'shake-at-mia'
  | 'lid-before-roll'
  | 'sensor-after-game';

/** A sensor event that fitted no rule: recorded, shown (worded by the UI), never dropped. */
export interface GameWarning {
  code: WarningCode;
  event: SensorEvent['type'];
  /** The state the machine was in. */
  phase: Phase;
  /** Seat of the player to act then. */
  turn: number;
  round: number;
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
