/**
 * The stored-record reader never throws, whatever it is fed: arbitrary JSON and structured
 * values, and records of every schema (1, 2 and the log of 3) with fields removed, replaced by
 * wrong types, or grown into huge arrays. It returns nothing, a game that plays on, or
 * "unreadable" with the raw data for download.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStoredGame, recordOf, type GameEvent } from '../../../src/game';
import v1 from './fixtures/stored-game-v1.json';
import v2 from './fixtures/stored-game-v2.json';
import v2Rounds from './fixtures/stored-game-v2-rounds.json';
import { example000 as input, midLift, roll, blind } from './helpers';
import { runs } from '../random';

const log: GameEvent[] = [...roll(54), ...roll(61), blind(61), { type: 'LIFT' }];
const v3 = {
  schema: 4,
  id: 'g',
  startedAt: '2026-12-02T00:00:00.000Z',
  input,
  base: null,
  steps: log,
};
const v3Snapshot = JSON.parse(JSON.stringify(recordOf(midLift(), input, 's'))) as unknown;
const RECORDS: unknown[] = [v1, v2, v2Rounds, v3, v3Snapshot];

/** The reader's answer, checked: never a throw, and "unreadable" keeps the raw data. */
function read(raw: unknown) {
  const result = readStoredGame(raw);
  expect(['none', 'ok', 'unreadable']).toContain(result.kind);
  if (result.kind === 'unreadable') expect(result.raw).toBe(raw);
  if (result.kind === 'ok') {
    // A game it returns plays on: every legal step, and undo.
    const snapshot = result.actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    result.actor.send({ type: 'UNDO' });
    expect(result.actor.getSnapshot().status).toBe('active');
    result.actor.stop();
  }
  return result;
}

/** Every path to a field of a value (objects and arrays), up to `depth`. */
function paths(value: unknown, depth = 6, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || typeof value !== 'object' || value === null) return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => {
    const path = [...prefix, key];
    return [path, ...paths((value as Record<string, unknown>)[key], depth - 1, path)];
  });
}

/** `value` with the field at `path` removed (`replace` undefined) or replaced. */
function edited(value: unknown, path: (string | number)[], replace: { with?: unknown }): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (!('with' in replace)) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = replace.with;
  return copy;
}

const wrong = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(undefined, NaN, -1, 1.5, 1e308, '', 'opening', [], {}, true),
  fc.date(),
  fc.uint8Array({ maxLength: 8 }),
  fc.array(fc.constantFrom(0, 1, 'x', null, { type: 'ROLL' }), {
    minLength: 1000,
    maxLength: 5000,
  }),
);

describe('the stored-record reader', () => {
  it('reads each fixture as a game', () => {
    for (const record of RECORDS) expect(read(record).kind).toBe('ok');
  });

  it('never throws on arbitrary JSON or structured values', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.anything({
            withDate: true,
            withMap: true,
            withSet: true,
            withTypedArray: true,
            withBigInt: true,
          }),
        ),
        (raw) => {
          read(raw);
        },
      ),
      { numRuns: runs('MIA_FUZZ_RUNS', 300) },
    );
  });

  it('never throws on a record of any schema with a field removed or of a wrong type', () => {
    const cases = RECORDS.flatMap((record) => paths(record).map((path) => ({ record, path })));
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.option(wrong, { nil: undefined }),
        fc.boolean(),
        ({ record, path }, value, remove) => {
          read(edited(record, path, remove ? {} : { with: value }));
        },
      ),
      { numRuns: runs('MIA_FUZZ_RUNS', 400) },
    );
  });

  it('never throws on logs of arbitrary steps, long ones included', () => {
    const step = fc.oneof(
      fc.constantFrom<GameEvent>(
        { type: 'ROLL' },
        { type: 'PEEK' },
        { type: 'LIFT' },
        { type: 'UNDO' },
        { type: 'ACCEPT_MIA' },
        { type: 'CUP.SHAKE' },
        { type: 'CUP.LID_OPEN' },
      ),
      fc.record({
        type: fc.constantFrom('CLAIM', 'PASS_BLIND'),
        score: fc.integer({ min: 0, max: 70 }),
      }),
      fc.record({
        type: fc.constant('DICE'),
        dice: fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 300 }),
        fc.array(fc.anything(), { maxLength: 3 }),
        (steps, checkpoints) => {
          read({ ...v3, steps, checkpoints });
        },
      ),
      { numRuns: runs('MIA_FUZZ_RUNS', 200) },
    );
  });
});
