/**
 * The pub evening soak (issue #30): seeded evenings of games on one tablet with the sensor cup,
 * the cup, the storage and the windows misbehaving at random moments; after every action the
 * table's screen and its stored game agree with the pure model, and at the end nothing was lost
 * or applied twice (`evening.ts`). `npm test` plays a few short evenings; `npm run test:deep`
 * many long ones (`MIA_SOAK_EVENINGS`, `MIA_SOAK_ACTIONS`). A failing evening says its seed:
 * `MIA_SOAK_SEED=<seed>` plays that evening again, exactly.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runs } from '../random';
import { useSoakClock } from './time';

const EVENINGS = runs('MIA_SOAK_EVENINGS', 5);
const ACTIONS = runs('MIA_SOAK_ACTIONS', 200);
const ONE = runs('MIA_SOAK_SEED', 0);
const FIRST_SEED = 20261204;

const seeds = ONE ? [ONE] : Array.from({ length: EVENINGS }, (_, i) => FIRST_SEED + i);

describe('a pub evening', () => {
  beforeEach(() => {
    useSoakClock();
    // The full disk is one of the evening's faults: the app's console lines for it are expected.
    const warn = console.warn;
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('Mia Cup could not store')) warn(...args);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  for (const seed of seeds) {
    it(
      `evening ${seed}: ${ACTIONS} actions, nothing lost or applied twice`,
      { timeout: 1_800_000 },
      async () => {
        // Each evening on modules of its own: nothing an evening left running reaches the next.
        vi.resetModules();
        const { evening } = await import('./evening');
        const started = performance.now();
        const result = await evening(seed, ACTIONS);
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `evening ${seed}: ${result.actions} actions (${(result.actions / seconds).toFixed(0)}/s), ${result.games} games, ${result.moves} cup moves, faults ${JSON.stringify(result.faults)}`,
        );
        expect(result.games).toBeGreaterThan(0);
      },
    );
  }
});
