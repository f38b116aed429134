import { describe, expect, it } from 'vitest';
import { GameSession, GameStore, Scoreboard, ScoreboardStore } from '../../../src/data';
import type { GameActor, Settlement } from '../../../src/game';
import { example000, liftWith, roll } from '../game/helpers';
import { databases } from './helpers';

const { fresh, keep } = databases('session-test');

/** A session on fresh databases, with what its hooks heard. */
function session(name = fresh()) {
  const heard = {
    actors: [] as (GameActor | null)[],
    settled: [] as Settlement[],
    saving: [] as boolean[],
    errors: [] as unknown[],
  };
  const scoreboard = new Scoreboard(() => keep(ScoreboardStore.open(`${name}-board`)));
  const s = new GameSession(
    {
      onActor: (actor) => heard.actors.push(actor),
      onSaving: (saving) => heard.saving.push(saving),
      onSettled: (settlement) => heard.settled.push(settlement),
      onError: (error) => heard.errors.push(error),
    },
    scoreboard,
    () => keep(GameStore.open(name)),
  );
  return { s, heard, scoreboard, name };
}

/** Until every save so far is written. */
const written = (heard: { saving: boolean[] }) =>
  expect.poll(() => heard.saving.at(-1), { interval: 5 }).toBe(false);

describe('the game session', () => {
  it('starts a game, saves every step, and brings it back in a new session', async () => {
    const first = session();
    expect(await first.s.open()).toEqual({ setup: null, unreadable: null });
    first.s.start(example000);
    const actor = first.heard.actors.at(-1)!;
    for (const event of [...roll(54), ...liftWith(6, 6)]) actor.send(event);
    // Snorri lifts Erik's 54 over 66: the claim holds, Snorri loses.
    expect(first.heard.settled.map((s) => s.verdict.loser)).toEqual([1]);
    await written(first.heard);

    const second = session(first.name);
    expect(await second.s.open()).toEqual({ setup: example000, unreadable: null });
    const restored = second.heard.actors.at(-1)!;
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(second.heard.settled).toEqual([]); // a restored round is not settled again
    expect(second.s.gameId).toBe(first.s.gameId);
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
    const actor = heard.actors.at(-1)!;
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
    await raw.saveGame({ schema: 2, savedAt: '', input: example000, snapshot: 'torn' });
    const again = session(name);
    const { unreadable } = await again.s.open();
    expect(unreadable).toMatchObject({ kind: 'unreadable', reason: 'corrupt' });
    await again.s.discard();
    const check = await keep(GameStore.open(name));
    expect(await check.loadGame()).toEqual({ kind: 'none' });
  });
});
