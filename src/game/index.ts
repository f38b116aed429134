/**
 * The round machine's public contract. The UI, the cup adapter and outside tests drive a game
 * only through these exports.
 *
 * - `gameMachine`: XState v5 machine; input `GameInput`; events `GameEvent`; context
 *   `GameContext` (players, turn, claim, plus the round, history, last outcome, warnings).
 *   `snapshot.hasTag('over')` once the game has ended; `snapshot.value` is the `Phase`.
 * - Restore a stored game with `createActor(gameMachine, { snapshot, input: undefined })`, where
 *   `snapshot` is what `actor.getPersistedSnapshot()` gave (JSON-safe).
 * - `presets`: the five table traditions as rule sets.
 * - `refusal(snapshot, event)`: why an event is refused, in words; null when accepted.
 * - `inputProblems(input)`: why a game cannot start, in words; empty when it can.
 * - The last outcome: `context.lastOutcome` (a `Settlement`: verdict with loser, penalty and
 *   why, lives actually lost, elimination, next opener, result). The game result:
 *   `context.result`. Warnings from the cup: `context.warnings`.
 */
export { gameMachine } from './machine';
export { presets, PRESET_IDS, presetOf, type PresetId } from './presets';
export { refusal, claimRefusal, firstCallerOf, type Refusal, type RefusalCode } from './legality';
export { inputProblems, MIN_PLAYERS, MAX_PLAYERS } from './input';
export { playerStats, livesOverRounds, placements, type PlayerStats } from './stats';
export type * from './types';
export type { RuleSet, Settlement, Verdict, GameResult, TwoLifeReason } from '../rules';
