/**
 * A cup that floods the game with events that fit no rule (issue #31): 20,000 lid lifts before
 * anyone rolled, stored as they come. The log and the warnings stay small, and the game reads
 * back with every lift counted.
 */
import { describe, expect, it } from 'vitest';
import { GameStore } from '../../../src/data';
import { readStoredGame, type GameEvent } from '../../../src/game';
import { example000, roll } from '../game/helpers';
import { databases, sessionOn } from './helpers';

const { fresh, keep } = databases('warning-flood');

const FLOOD = 20_000;
const OPEN: GameEvent = { type: 'CUP.LID_OPEN' };

describe('a cup that keeps saying what fits no rule', () => {
  it('20,000 lid lifts: a handful of stored steps, one warning, read back whole', async () => {
    const name = fresh();
    const { s, heard } = sessionOn(name, keep);
    await s.open();
    s.start(example000);
    const actor = s.actor!;
    const journal = s.journal!;
    const started = performance.now();
    for (let i = 0; i < FLOOD; i++) {
      actor.send(OPEN);
      if (i % 1_000 === 0) await journal.settled(); // written as they come, a batch at a time
    }
    for (const event of roll(54)) actor.send(event); // the game goes on
    await journal.settled();
    const ms = performance.now() - started;

    const { warnings } = actor.getSnapshot().context;
    expect(warnings).toMatchObject([{ code: 'lid-before-roll', count: FLOOD }]);
    // One step per CHECKPOINT_EVENTS repeats at most, and the two steps of the roll.
    expect(journal.steps.length).toBeLessThanOrEqual(FLOOD / 1_024 + 3);
    const raw = await (await keep(GameStore.open(name))).readRaw();
    expect((raw as { steps: unknown[] }).steps).toHaveLength(journal.steps.length);

    // Read back: from the newest checkpoint, and from the log alone, the same game.
    const read = readStoredGame(raw);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.checkpoint).not.toBeNull();
    expect(read.actor.getSnapshot().context).toEqual(actor.getSnapshot().context);
    const replayed = readStoredGame({ ...(raw as object), checkpoints: [] });
    if (replayed.kind !== 'ok') throw new Error(replayed.kind);
    expect(replayed.actor.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(heard.errors).toEqual([]);
    console.log(
      `${FLOOD} lid lifts: ${journal.steps.length} stored steps, ${journal.bytesWritten} bytes written, played and stored in ${ms.toFixed(0)} ms`,
    );
  }, 120_000);
});
