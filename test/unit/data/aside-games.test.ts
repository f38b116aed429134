/**
 * A running game is never lost to a new one: it is set aside, whole (in the store, and in the
 * page's memory while storage fails), listed, and resumed as it was left.
 */
import { describe, expect, it, vi } from 'vitest';
import { GameStore, Scoreboard } from '../../../src/data';
import { GameSession } from '../../../src/data/session';
import { readStoredGame, type GameInput } from '../../../src/game';
import { example000, liftWith, roll } from '../game/helpers';
import { databases, sessionOn } from './helpers';

const { fresh, keep } = databases('aside-games');
const session = (name = fresh()) => sessionOn(name, keep);

const SHORT: GameInput = {
  players: ['Ann', 'Bo'],
  rules: { ...example000.rules, startingLives: 1 },
};

describe('a game set aside', () => {
  it('is kept whole when a new game starts, listed, and resumed as it was left', async () => {
    const { s, name, heard } = session();
    await s.open();
    s.start(example000);
    const first = s.actor!;
    for (const event of [...roll(54), ...roll(61)]) first.send(event);
    const left = first.getSnapshot().context;
    const firstId = s.gameId;

    await s.startAside(SHORT);
    expect(s.actor).not.toBe(first);
    expect(s.actor!.getSnapshot().context.players.map((p) => p.name)).toEqual(['Ann', 'Bo']);
    const listed = await s.asideGames();
    expect(listed).toMatchObject([
      { key: `aside:${firstId}`, players: ['Erik', 'Snorri', 'Olaf'], round: 1, over: false },
    ]);
    s.actor!.send({ type: 'ROLL' });
    await s.flush();

    // Stored: another page of the device finds the new game current and the first aside.
    const other = session(name);
    await other.s.open();
    expect(other.s.actor!.getSnapshot().context.players).toHaveLength(2);
    const stored = await other.s.asideGames();
    expect(stored.map((g) => g.key)).toEqual([`aside:${firstId}`]);
    const read = readStoredGame(stored[0].raw);
    expect(read.kind === 'ok' && read.actor.getSnapshot().context).toEqual(left);
    other.s.journal!.stop();

    // Resumed: the first game as it was left; the second, still running, set aside in its place.
    const secondId = s.gameId;
    await s.resume(`aside:${firstId}`);
    expect(s.gameId).toBe(firstId);
    expect(s.actor!.getSnapshot().context).toEqual(left);
    expect((await s.asideGames()).map((g) => g.key)).toEqual([`aside:${secondId}`]);
    s.actor!.send({ type: 'LIFT' });
    await s.flush();
    const again = session(name);
    await again.s.open();
    expect(again.s.gameId).toBe(firstId);
    expect(again.s.actor!.getSnapshot().value).toEqual(s.actor!.getSnapshot().value);
    expect((await again.s.asideGames()).map((g) => g.key)).toEqual([`aside:${secondId}`]);
    again.s.journal!.stop();
    expect(heard.errors).toEqual([]);
  });

  it('a game ended or not begun is replaced, not set aside', async () => {
    const { s, name } = session();
    await s.open();
    s.start(example000);
    s.actor!.send({ type: 'ROLL' });
    const kept = s.gameId;
    await s.startAside(SHORT);
    for (const event of [...roll(65), ...liftWith(3, 1)]) s.actor!.send(event);
    expect(s.actor!.getSnapshot().hasTag('over')).toBe(true);
    await s.startAside(SHORT); // nothing under way: a plain new game
    expect((await s.asideGames()).map((g) => g.key)).toEqual([`aside:${kept}`]);
    await s.resume(`aside:${kept}`); // over a game not begun
    expect(await s.asideGames()).toEqual([]);
    await s.startAside(SHORT);
    s.actor!.send({ type: 'UNDO' }); // nothing to undo: still not begun
    s.actor!.send({ type: 'ROLL' });
    s.actor!.send({ type: 'UNDO' }); // begun and undone: not begun
    await s.resume(`aside:${kept}`);
    expect(await s.asideGames()).toEqual([]);
    await s.flush();
    const store = await keep(GameStore.open(name));
    expect(await store.asideGames()).toEqual([]);
    const current = await store.loadGame();
    expect(current.kind === 'ok' && current.game.id).toBe(kept);
  });

  it('is kept in memory while storage fails, and resumed from there', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = new GameSession(
      { onSaving: () => undefined, onSettled: () => undefined, onError: () => undefined },
      new Scoreboard(() => Promise.reject(new Error('no storage'))),
      { openStore: () => Promise.reject(new Error('no storage')) },
    );
    await s.open();
    s.start(example000);
    for (const event of roll(54)) s.actor!.send(event);
    const left = s.actor!.getSnapshot().context;
    const id = s.gameId;
    await s.startAside(SHORT);
    s.actor!.send({ type: 'ROLL' });
    const listed = await s.asideGames();
    expect(listed).toMatchObject([{ key: `aside:${id}`, players: example000.players, round: 1 }]);
    await s.resume(listed[0].key);
    expect(s.actor!.getSnapshot().context).toEqual(left);
    expect((await s.asideGames()).map((g) => g.players)).toEqual([['Ann', 'Bo']]);
    s.journal!.stop();
    warn.mockRestore();
  });

  it('a record that does not read cannot be resumed', async () => {
    const { s, name } = session();
    await s.open();
    const store = await keep(GameStore.open(name));
    await store.saveGame({ schema: 4, id: 'torn', input: example000, base: 'torn', steps: [] });
    s.start(SHORT, true); // kept: set aside, not replaced
    await s.flush();
    s.actor!.stop();
    const [torn] = await s.asideGames();
    expect(torn).toMatchObject({ key: 'aside:torn', players: null, round: null });
    await expect(s.resume(torn.key)).rejects.toThrow(/cannot be resumed/);
  });
});
