/**
 * Checkpoints of a stored game, pure. A game is stored as its input and the log of its steps;
 * now and then a checkpoint saves replaying the whole log on a restore. The growing lists of the
 * context (the finished rounds, the warnings, the undo frames) are written as changes to the
 * previous checkpoint, so a checkpoint costs what changed since the last one, never the whole
 * game again. `lastOutcome` and `result` are not kept: they follow from the finished rounds.
 *
 * - `checkpointOf(snapshot, at, previous)`: the segment to write after `at` steps.
 * - `foldCheckpoints(segments)`: the game state the segments add up to (or null), never throws.
 */
import type { GameContext, GameWarning, Phase, Round, RoundRecord, UndoFrame } from './types';

/** A list as the previous segment had it, cut to its first `keep` items, plus `add`. */
export interface ListChange<T> {
  keep: number;
  add: T[];
}

/** The lists a checkpoint writes as changes. */
export interface CheckpointLists {
  history: RoundRecord[];
  warnings: GameWarning[];
  past: UndoFrame[];
}

/** One checkpoint: the game after `at` steps (only what changed, for the lists). */
export interface CheckpointSegment {
  at: number;
  value: Phase;
  lives: number[];
  turn: number;
  claim: number | null;
  round: Round;
  lists: { [K in keyof CheckpointLists]: ListChange<CheckpointLists[K][number]> };
}

/** The state a chain of segments adds up to: all but the names and rules of the context. */
export interface FoldedCheckpoint {
  at: number;
  value: Phase;
  context: Omit<GameContext, 'players' | 'rules'> & { lives: number[] };
}

const LISTS = ['history', 'warnings', 'past'] as const;

/** How many first items two lists share (as the same objects: the machine never edits one). */
function shared<T>(before: readonly T[], now: readonly T[]): number {
  const limit = Math.min(before.length, now.length);
  let i = 0;
  while (i < limit && before[i] === now[i]) i += 1;
  return i;
}

/** The lists of a context, to pass as `previous` to the next `checkpointOf`. */
export const listsOf = (context: GameContext): CheckpointLists => ({
  history: context.history,
  warnings: context.warnings,
  past: context.past,
});

/**
 * The checkpoint of a game after `at` steps, as changes to the lists of the checkpoint before
 * (`previous`; null: the whole lists).
 */
export function checkpointOf(
  snapshot: { value: Phase; context: GameContext },
  at: number,
  previous: CheckpointLists | null,
): CheckpointSegment {
  const { context } = snapshot;
  const change = <T>(before: readonly T[] | undefined, now: T[]): ListChange<T> => {
    const keep = before ? shared(before, now) : 0;
    return { keep, add: now.slice(keep) };
  };
  return {
    at,
    value: snapshot.value,
    lives: context.players.map((p) => p.lives),
    turn: context.turn,
    claim: context.claim,
    round: context.round,
    lists: {
      history: change(previous?.history, context.history),
      warnings: change(previous?.warnings, context.warnings),
      past: change(previous?.past, context.past),
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The state a chain of checkpoint segments adds up to, oldest first: the last segment that
 * follows from the ones before it. Null when there is none. Never throws; the state still has
 * to be checked like any stored snapshot.
 */
export function foldCheckpoints(segments: readonly unknown[]): FoldedCheckpoint | null {
  let folded: FoldedCheckpoint | null = null;
  const lists: Record<(typeof LISTS)[number], unknown[]> = { history: [], warnings: [], past: [] };
  for (const segment of segments) {
    if (!isObject(segment) || !isObject(segment.lists)) break;
    const at = segment.at;
    if (typeof at !== 'number' || !Number.isInteger(at) || at < (folded?.at ?? 0)) break;
    const changes = LISTS.map((name) => (segment.lists as Record<string, unknown>)[name]);
    const readable = changes.every(
      (c, i) =>
        isObject(c) &&
        Number.isInteger(c.keep) &&
        (c.keep as number) >= 0 &&
        (c.keep as number) <= lists[LISTS[i]].length &&
        Array.isArray(c.add),
    );
    if (!readable) break;
    LISTS.forEach((name, i) => {
      const c = changes[i] as { keep: number; add: unknown[] };
      lists[name] = [...lists[name].slice(0, c.keep), ...c.add];
    });
    const history = lists.history as RoundRecord[];
    const lastOutcome = history.at(-1)?.settlement ?? null;
    folded = {
      at,
      value: segment.value as Phase,
      context: {
        lives: segment.lives as number[],
        turn: segment.turn as number,
        claim: segment.claim as number | null,
        round: segment.round as Round,
        history,
        lastOutcome: isObject(lastOutcome) ? lastOutcome : null,
        result: (isObject(lastOutcome) ? lastOutcome.result : null) ?? null,
        warnings: lists.warnings as GameWarning[],
        past: lists.past as UndoFrame[],
      },
    };
  }
  return folded;
}
