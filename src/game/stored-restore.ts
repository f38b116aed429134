/**
 * Restoring a stored game, pure: a checked record (`stored-decode.ts`) turned back into a
 * running actor, from its newest readable checkpoint (or its base, or its input) with the
 * logged steps after it replayed.
 *
 * - `restoreGame(game)`: the started actor; throws when the steps do not replay.
 * - `readStoredGame(raw)`: decode and restore in one, never throws: `none`, the restored game,
 *   or `{ kind: 'unreadable', raw }`.
 */
import { createActor, type Snapshot } from 'xstate';
import { foldCheckpoints, listsOf, type CheckpointLists } from './checkpoint';
import { stepKind, timesOf, type LoggedStep } from './log';
import { gameMachine, type GameActor } from './machine';
import { areLives, checkedSnapshot } from './stored-check';
import { decodeStoredGame } from './stored-decode';
import type { StoredGame, Unreadable } from './stored-game';
import type { GameInput } from './types';

/** A stored game brought back: its actor (started), and the checkpoint it was restored from. */
export interface RestoredGame {
  game: StoredGame;
  actor: GameActor;
  /** The checkpoint used (its step count and lists), for the next checkpoint's changes. */
  checkpoint: { at: number; lists: CheckpointLists } | null;
}

export type ReadResult = { kind: 'none' } | ({ kind: 'ok' } & RestoredGame) | Unreadable;

/**
 * Send the logged steps to the actor, each as often as it repeats; throws at the first one it
 * does not take (a repeat must count a warning again each time).
 */
function replay(actor: GameActor, steps: readonly LoggedStep[]): void {
  let failure: unknown = null;
  const watch = actor.subscribe({ error: (error) => (failure = error) });
  try {
    for (const [i, step] of steps.entries()) {
      for (let n = 0; n < timesOf(step); n += 1) {
        const before = actor.getSnapshot();
        actor.send(step);
        const after = actor.getSnapshot();
        if (failure !== null || after.status !== 'active') {
          throw new Error(`step ${i + 1} broke the game (${String(failure)})`);
        }
        if (after === before || (n > 0 && stepKind(before, after) !== 'counted')) {
          throw new Error(`step ${i + 1} (${step.type}) is not a legal step`);
        }
      }
    }
  } finally {
    watch.unsubscribe();
  }
}

/** The started actor of a stored snapshot (or a new game), checked after the restore. */
function startFrom(input: GameInput, snapshot: Snapshot<unknown> | null): GameActor {
  const actor = snapshot
    ? createActor(gameMachine, { input, snapshot })
    : createActor(gameMachine, { input });
  let failure: unknown = null;
  const watch = actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  watch.unsubscribe();
  if (failure !== null || actor.getSnapshot().status !== 'active') {
    actor.stop();
    throw new Error(`The stored game does not restore (${String(failure)}).`);
  }
  return actor;
}

/** The newest readable checkpoint that the log reaches, as a snapshot. */
function usableCheckpoint(game: StoredGame): { at: number; snapshot: Snapshot<unknown> } | null {
  if (!game.checkpoints || game.checkpoints.length === 0) return null;
  const folded = foldCheckpoints(game.checkpoints);
  if (!folded || folded.at > game.steps.length || folded.at === 0) return null;
  const { lives, ...rest } = folded.context;
  if (!areLives(lives, game.input.players.length)) return null;
  const context = {
    ...rest,
    rules: { ...game.input.rules },
    players: game.input.players.map((name, seat) => ({ name: name.trim(), lives: lives[seat] })),
  };
  const snapshot = checkedSnapshot({ status: 'active', value: folded.value, context }, game.input);
  return typeof snapshot === 'string' ? null : { at: folded.at, snapshot };
}

/**
 * A running actor for a stored game (started): from its newest readable checkpoint (or its
 * base, or its input), with the steps after it replayed. Throws when the steps do not replay.
 */
export function restoreGame(game: StoredGame): RestoredGame {
  const checkpoint = usableCheckpoint(game);
  if (checkpoint) {
    const actor = startFrom(game.input, checkpoint.snapshot);
    const lists = listsOf(actor.getSnapshot().context);
    try {
      replay(actor, game.steps.slice(checkpoint.at));
      return { game, actor, checkpoint: { at: checkpoint.at, lists } };
    } catch {
      actor.stop(); // the checkpoint and the log disagree: the log is the game
    }
  }
  const actor = startFrom(game.input, game.base as Snapshot<unknown> | null);
  try {
    replay(actor, game.steps);
  } catch (error) {
    actor.stop();
    throw error;
  }
  return { game, actor, checkpoint: null };
}

/** Read a stored record (or an export) and bring its game back; never throws. */
export function readStoredGame(raw: unknown): ReadResult {
  const loaded = decodeStoredGame(raw);
  if (loaded.kind !== 'ok') return loaded;
  try {
    return { kind: 'ok', ...restoreGame(loaded.game) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'unreadable', reason: 'corrupt', detail, raw };
  }
}
