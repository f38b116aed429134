/**
 * The log of a game's steps, as stored: each accepted step once, except that a sensor event
 * that only counted a warning again is kept as a repeat on the step that first raised it. A cup
 * that says the same thing ten thousand times between two steps of the game adds one step with
 * `repeat: 10000` to the log, not ten thousand.
 *
 * - `stepKind(before, after)`: what a change of the game was, for the log.
 * - `timesOf(step)`: how often the machine is sent a logged step on a replay.
 */
import type { GameContext, GameEvent, Phase } from './types';

/** A logged step: an event, and how many times in a row it was sent (absent: once). */
export type LoggedStep = GameEvent & { repeat?: number };

/** The most times one logged step may repeat (a record asking more is not replayed). */
export const MAX_REPEAT = 1_000_000;

/**
 * What a change of the game was: a `step` of the game (it can be undone), a new `warning`, or
 * a warning `counted` again (the log keeps that as a repeat).
 */
export type StepKind = 'step' | 'warning' | 'counted';

type GameState = { value: Phase; context: GameContext };

export function stepKind(before: GameState, after: GameState): StepKind {
  const { past, warnings } = after.context;
  if (after.value !== before.value || past !== before.context.past) return 'step';
  return warnings.length === before.context.warnings.length ? 'counted' : 'warning';
}

/** How many times a logged step is sent to the machine on a replay. */
export const timesOf = (step: LoggedStep): number => step.repeat ?? 1;
