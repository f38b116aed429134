/**
 * The round machine's public contract. The data layer, the UI, the cup adapter and outside
 * tests use a game only through these exports (ESLint keeps `src/data` and `src/ui` to them).
 *
 * - `gameMachine`: XState v5 machine; input `GameInput`; events `GameEvent`; context
 *   `GameContext` (players, turn, claim, plus the round, history, last outcome, warnings).
 *   `snapshot.hasTag('over')` once the game has ended; `snapshot.value` is the `Phase`.
 *   `snapshot.can(event)`: whether the machine takes the event now.
 * - Restore a stored game with `createActor(gameMachine, { snapshot, input: undefined })`, where
 *   `snapshot` is what `actor.getPersistedSnapshot()` gave (JSON-safe).
 * - `presets`: the five table traditions as rule sets.
 * - `refusal(snapshot, event)`: why an event is refused, as a code with parameters (`Refusal`);
 *   null exactly when `snapshot.can(event)`.
 * - `inputProblems(input)`: why a game cannot start, as codes; empty when it can.
 * - The last outcome: `context.lastOutcome` (a `Settlement`: verdict with loser, penalty and
 *   why, lives actually lost, elimination, next opener, result). The game result:
 *   `context.result`. Warnings from the cup, by code: `context.warnings`.
 * - Stored games: input plus the log of steps (`readStoredGame`, `decodeStoredGame`,
 *   `restoreGame`, `recordOf`), with checkpoints (`checkpointOf`); a warning counted again is
 *   logged as a repeat of its step (`stepKind`, `LoggedStep`); and scoreboard results
 *   (`resultOf`, `decodeResult`, `scoreboard`), pure: the stores are in `src/data`.
 *
 * No words: the UI says every code in the table's language.
 */
export { gameMachine, type GameActor, type GameSnapshot } from './machine';
export { presets, PRESET_IDS, presetOf, withPlayerLimit, type PresetId } from './presets';
export { refusal, claimRefusal, type Refusal, type RefusalCode } from './refusal';
export { firstCallerOf, isUnderway } from './guards';
export { inputProblems, MIN_PLAYERS, MAX_PLAYERS, type InputProblem } from './input';
export { playerStats, livesOverRounds, placements, type PlayerStats } from './stats';
export {
  SCHEMA_VERSION,
  recordOf,
  setupRecord,
  type StoredGame,
  type StoredSetup,
  type Unreadable,
} from './stored-game';
export { decodeSetup, decodeStoredGame, type LoadResult } from './stored-decode';
export { readStoredGame, restoreGame, type ReadResult, type RestoredGame } from './stored-restore';
export { stepKind, type LoggedStep, type StepKind } from './log';
export {
  TABLE_VIEW_FIELDS,
  TABLE_VIEW_VERSION,
  showsTable,
  tableViewOf,
  type StoredTableView,
  type TableView,
} from './table-view';
export { readTableView } from './table-view-read';
export { TableViewActor, type HandedOver } from './table-view-actor';
export {
  checkpointOf,
  listsOf,
  foldCheckpoints,
  type CheckpointLists,
  type CheckpointSegment,
} from './checkpoint';
export {
  SCOREBOARD_SCHEMA,
  decodeResult,
  groupKey,
  resultOf,
  scoreboard,
  type GameResultRecord,
  type ScoreLine,
} from './scoreboard';
export type * from './types';
export type {
  RuleSet,
  RuleSetProblem,
  Settlement,
  Verdict,
  GameResult,
  TwoLifeReason,
} from '../rules';
