import { describe, expect, it } from 'vitest';
import { GameStore } from '../../../src/data';
import { presets, readStoredGame, type GameEvent, type GameInput } from '../../../src/game';
import { example000, liftWith, roll } from '../game/helpers';
import { databases, sessionOn } from './helpers';

const { fresh, keep } = databases('session-test');
const session = (name = fresh()) => sessionOn(name, keep);

/** Until every save so far is written. */
const written = (heard: { saving: boolean[] }) =>
  expect.poll(() => heard.saving.at(-1), { interval: 5 }).toBe(false);

describe('the game session', () => {
  it('starts a game, saves every step, and brings it back in a new session', async () => {
    const first = session();
    expect(await first.s.open()).toEqual({ setup: null, unreadable: null });
    first.s.start(example000);
    const actor = first.s.actor!;
    for (const event of [...roll(54), ...liftWith(6, 6)]) actor.send(event);
    // Snorri lifts Erik's 54 over 66: the claim holds, Snorri loses.
    expect(first.heard.settled.map((s) => s.verdict.loser)).toEqual([1]);
    await first.s.journal!.settled();

    const second = session(first.name);
    expect(await second.s.open()).toEqual({ setup: example000, unreadable: null });
    const restored = second.s.actor!;
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(second.heard.settled).toEqual([]); // a restored round is not settled again
    expect(second.s.gameId).toBe(first.s.gameId);
    await second.s.journal!.settled();
    expect([...first.heard.errors, ...second.heard.errors]).toEqual([]);
  });

  it('keeps a finished game on the scoreboard, and takes it off when the end is undone', async () => {
    const { s, heard, scoreboard } = session();
    await s.open();
    s.start({
      ...example000,
      players: ['Ann', 'Bo'],
      rules: { ...example000.rules, startingLives: 1 },
    });
    const actor = s.actor!;
    const lines = () => scoreboard.lines(['Ann', 'Bo']);
    for (const event of [...roll(65), ...liftWith(3, 1)]) actor.send(event);
    expect(heard.settled.at(-1)?.result).toEqual({ kind: 'last-standing', winner: 1 });
    await expect.poll(async () => (await lines())[0]).toMatchObject({ name: 'Bo', wins: 1 });
    actor.send({ type: 'UNDO' });
    await expect.poll(async () => (await lines())[0]).toMatchObject({ games: 0 });
    await written(heard);
    expect(heard.errors).toEqual([]);
  });

  it('says when the stored game cannot be read, and forgets it on request', async () => {
    const { s, name } = session();
    await s.open();
    const raw = await keep(GameStore.open(name));
    await raw.saveGame({ schema: 4, id: 'x', input: example000, base: 'torn', steps: [] });
    const again = session(name);
    const { unreadable } = await again.s.open();
    expect(unreadable).toMatchObject({ kind: 'unreadable', reason: 'corrupt' });
    await again.s.discard();
    const check = await keep(GameStore.open(name));
    expect(await check.loadGame()).toEqual({ kind: 'none' });
  });
});

/** A fixed round of 10 players: open, believe twice, lift, settle (the claim is a bluff). */
const ROUND: GameEvent[] = [
  { type: 'ROLL' },
  { type: 'CLAIM', score: 43 },
  { type: 'ROLL' },
  { type: 'CLAIM', score: 54 },
  { type: 'PASS_BLIND', score: 62 },
  { type: 'LIFT' },
  { type: 'DICE', dice: [3, 1] },
];
const TEN: GameInput = {
  players: Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`),
  rules: { ...presets.box, startingLives: 20 },
};

describe('a long game in the log', () => {
  it('stores each step in a few hundred bytes at most, at round 10 as at round 150', async () => {
    const { s, name } = session();
    await s.open();
    s.start(TEN);
    const actor = s.actor!;
    const journal = s.journal!;
    await journal.settled();
    const perStep: number[] = [];
    for (let r = 0; r < 155 && !actor.getSnapshot().hasTag('over'); r += 1) {
      for (const event of ROUND) {
        const before = journal.bytesWritten;
        actor.send(event);
        await journal.settled();
        perStep.push(journal.bytesWritten - before);
      }
    }
    const mean = (from: number, to: number) =>
      perStep.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
    const all = mean(0, perStep.length);
    const early = mean(5 * 7, 15 * 7);
    const late = mean(140 * 7, 150 * 7);
    expect(perStep.length).toBe(155 * 7);
    expect(all).toBeLessThanOrEqual(400);
    expect(late).toBeLessThanOrEqual(early * 1.25);
    expect(s.usage().bytesWritten).toBeLessThan(1_000_000);
    console.log(
      `stored bytes per step: mean ${all.toFixed(0)}, rounds 5-15 ${early.toFixed(0)}, rounds 140-150 ${late.toFixed(0)}, total ${journal.bytesWritten}`,
    );

    // Read back: from the last checkpoint, with the steps after it replayed, the same game.
    const raw = await (await keep(GameStore.open(name))).readRaw();
    const read = readStoredGame(raw);
    if (read.kind !== 'ok') throw new Error(read.kind);
    expect(read.checkpoint?.at).toBeGreaterThan(perStep.length - 64);
    expect(read.actor.getSnapshot().context).toEqual(actor.getSnapshot().context);
    const replayed = readStoredGame({ ...(raw as object), checkpoints: [] });
    if (replayed.kind !== 'ok') throw new Error(replayed.kind);
    expect(replayed.checkpoint).toBeNull();
    expect(replayed.actor.getSnapshot().context).toEqual(actor.getSnapshot().context);
  }, 120_000);
});
