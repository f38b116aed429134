/**
 * Decoding a stored game or set-up, pure: the record checked without trusting it, an older one
 * brought up to date first (`stored-migrations.ts`). Never throws, whatever it is given.
 *
 * - `decodeStoredGame(raw)`: `none`, the checked record (not yet replayed: see
 *   `stored-restore.ts`), or `{ kind: 'unreadable', reason, detail, raw }` (corrupt, or written
 *   by a newer schema), so the UI can say so and still offer the raw data for download.
 * - The same decoder takes a game's export (its fields are a record's, plus words for people).
 * - `decodeSetup(raw)`: a remembered set-up's input, or null.
 */
import type { Snapshot } from 'xstate';
import { inputProblems } from './input';
import { MAX_REPEAT, timesOf } from './log';
import { checkedSnapshot, isObject, stepIsReadable } from './stored-check';
import { SCHEMA_VERSION, SETUP_SCHEMA, type StoredGame, type Unreadable } from './stored-game';
import { inputWithLimit, migrated } from './stored-migrations';
import type { GameInput } from './types';

export type LoadResult = { kind: 'none' } | { kind: 'ok'; game: StoredGame } | Unreadable;

/**
 * No real game comes near this many steps (undo included), nor a cup this many events that fit
 * no rule: a longer log is not replayed.
 */
const MAX_STEPS = 100_000;
const MAX_REPLAYED = MAX_REPEAT;

/** Check a stored record (or a game's export) without trusting it; bring an older one up to date. */
export function decodeStoredGame(raw: unknown): LoadResult {
  if (raw === undefined || raw === null) return { kind: 'none' };
  const unreadable = (reason: 'corrupt' | 'newer', detail: string): Unreadable => ({
    kind: 'unreadable',
    reason,
    detail,
    raw,
  });
  try {
    if (!isObject(raw) || typeof raw.schema !== 'number' || !Number.isInteger(raw.schema)) {
      return unreadable('corrupt', 'the record has no schema version');
    }
    if (raw.schema > SCHEMA_VERSION) {
      return unreadable('newer', `it was saved by a newer version of Mia Cup (${raw.schema})`);
    }
    const record = migrated(raw, raw.schema);
    if (!record) return unreadable('corrupt', `unknown schema version ${raw.schema}`);
    const inputProblem = inputProblems(record.input)[0];
    if (inputProblem) return unreadable('corrupt', `the input is unusable (${inputProblem.code})`);
    const input = record.input as GameInput;
    let base: Snapshot<unknown> | null = null;
    if (record.base !== null && record.base !== undefined) {
      const checked = checkedSnapshot(record.base, input);
      if (typeof checked === 'string') return unreadable('corrupt', checked);
      base = checked;
    } else if (raw.schema < 4) {
      return unreadable('corrupt', 'the snapshot is missing');
    }
    const { steps, checkpoints } = record;
    if (
      !Array.isArray(steps) ||
      steps.length > MAX_STEPS ||
      !steps.every(stepIsReadable) ||
      steps.reduce((sum, step) => sum + timesOf(step), 0) > MAX_REPLAYED
    ) {
      return unreadable('corrupt', 'the steps are unreadable');
    }
    const game: StoredGame = {
      schema: SCHEMA_VERSION,
      ...(typeof record.id === 'string' ? { id: record.id } : {}),
      ...(typeof record.startedAt === 'string' ? { startedAt: record.startedAt } : {}),
      input,
      base,
      steps,
      ...(Array.isArray(checkpoints) ? { checkpoints } : {}),
    };
    return { kind: 'ok', game };
  } catch (error) {
    return unreadable('corrupt', `the record is unreadable (${String(error)})`);
  }
}

/** A remembered set-up, checked; null for anything this version cannot use. */
export function decodeSetup(raw: unknown): GameInput | null {
  if (!isObject(raw) || (raw.schema !== SETUP_SCHEMA && raw.schema !== 1)) return null;
  const input = raw.schema === 1 ? inputWithLimit(raw.input) : raw.input;
  return inputProblems(input).length === 0 ? (input as GameInput) : null;
}
