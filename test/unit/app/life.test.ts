/**
 * The app machine's life as the table: the stored game read (or none), the new-game screen, a
 * game, its end and a rematch, an unreadable game, storage that cannot be opened; and "Check
 * this cup" over any screen.
 */
import { describe, expect, it, vi } from 'vitest';
import { GameStore } from '../../../src/data';
import { example000, roll } from '../game/helpers';
import {
  COVERED_IN,
  SHORT,
  TO_THE_END,
  allTransitions,
  expectEveryTransition,
  pages,
  play,
} from './helpers';

const { fresh, keep, taken, page, atTable } = pages('app-life');

describe('the app as the table', () => {
  it('with no game stored: the new-game screen at once, a game, its end, a rematch', async () => {
    const app = page();
    expect(app.view.screen).toBe('newGame'); // while the table is asked for
    expect(app.lock.asked).toEqual(['open']);
    app.lock.hooks.onTable();
    await app.shows('newGame');
    await app.until((s) => s.matches({ life: { table: 'newGame' } }));
    expect(app.view.loaded).toBe(true);
    app.send({ type: 'BACK' }); // no game to go back to
    expect(app.view.screen).toBe('newGame');

    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    const first = app.game;
    expect(first).toBe(app.session.actor);
    expect(app.view.setup).toEqual(SHORT);
    play(app, ...TO_THE_END);
    expect(app.view.screen).toBe('gameOver');
    play(app, { type: 'UNDO' });
    expect(app.view.screen).toBe('game');
    play(app, { type: 'DICE', dice: [3, 1] });
    expect(app.view.screen).toBe('gameOver');

    app.send({ type: 'REMATCH' });
    await app.until((s) => s.context.game !== first);
    expect(app.view.screen).toBe('game');
    expect(app.game.getSnapshot().context.players.map((p) => p.name)).toEqual(['Ann', 'Bo']);
    app.send({ type: 'REMATCH' }); // not before the end
    expect(app.view.screen).toBe('game');
  });

  it('"New game" leaves the game behind the new-game screen; "Back" returns to it', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: example000 });
    await app.shows('game');
    const game = app.game;
    app.send({ type: 'NEW_GAME' });
    expect(app.view).toMatchObject({ screen: 'newGame', game });
    app.send({ type: 'BACK' });
    expect(app.view).toMatchObject({ screen: 'game', game });
    app.send({ type: 'NEW_GAME' });
    // Not begun (no step taken): nothing to lose, nothing asked.
    app.send({ type: 'START', input: SHORT });
    await app.until((s) => s.context.game !== game);
    expect(app.view.screen).toBe('game');
    expect(game.getSnapshot().status).toBe('stopped');
    expect(await app.session.asideGames()).toEqual([]);
  });

  it('a game under way is set aside for a new one once the players say so, and resumed as it was left', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: example000 });
    await app.shows('game');
    const first = app.game;
    play(app, ...roll(54));
    const left = first.getSnapshot().context;
    app.send({ type: 'NEW_GAME' });
    app.send({ type: 'START', input: SHORT });
    expect(app.view).toMatchObject({ screen: 'newGame', confirming: true, game: first });
    app.send({ type: 'CANCEL' }); // keep setting up
    expect(app.view).toMatchObject({ screen: 'newGame', confirming: false, game: first });
    app.send({ type: 'START', input: SHORT });
    app.send({ type: 'BACK' }); // back to the game instead
    expect(app.view).toMatchObject({ screen: 'game', confirming: false, game: first });

    app.send({ type: 'NEW_GAME' });
    app.send({ type: 'START', input: SHORT });
    app.send({ type: 'SET_ASIDE' });
    await app.until((s) => s.context.game !== first);
    expect(app.view.screen).toBe('game');
    expect(app.game.getSnapshot().context.players.map((p) => p.name)).toEqual(['Ann', 'Bo']);
    const [aside] = await app.session.asideGames();
    expect(aside).toMatchObject({ players: example000.players, round: 1 });

    play(app, { type: 'ROLL' });
    const second = app.game;
    app.send({ type: 'NEW_GAME' });
    app.send({ type: 'RESUME', key: aside.key });
    await app.until((s) => s.context.game !== second);
    expect(app.view.screen).toBe('game');
    expect(app.game.getSnapshot().context).toEqual(left);
    expect((await app.session.asideGames()).map((g) => g.players)).toEqual([['Ann', 'Bo']]);

    // A game that cannot be resumed: the new-game screen, and the game behind it as it was.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const resumed = app.game;
    app.send({ type: 'NEW_GAME' });
    app.send({ type: 'RESUME', key: 'aside:gone' });
    await app.until((s) => s.matches({ life: { table: 'newGame' } }));
    expect(app.view.game).toBe(resumed);
    expect(warn).toHaveBeenCalledWith('Mia Cup could not resume the game:', expect.any(Error));
    warn.mockRestore();
  });

  it('with a game stored: the loading text, then the game as it was, or its end', async () => {
    const name = fresh();
    const first = await atTable({ name });
    first.send({ type: 'START', input: SHORT });
    await first.shows('game');
    play(first, ...roll(65));
    await first.session.flush();
    const context = first.game.getSnapshot().context;
    first.actor.stop();

    const second = page({ name, gameStored: true });
    expect(second.view.screen).toBe('loading');
    second.lock.hooks.onTable();
    expect(second.view.screen).toBe('loading');
    await second.shows('game');
    expect(second.game.getSnapshot().context).toEqual(context);
    play(second, { type: 'LIFT' }, { type: 'DICE', dice: [3, 1] });
    await second.session.flush();
    second.actor.stop();

    const third = page({ name, gameStored: true });
    third.lock.hooks.onTable();
    await third.shows('gameOver');
    expect(third.game.getSnapshot().hasTag('over')).toBe(true);
  });

  it('"Start game" tapped while the store is read: started once it is, unless a game is found', async () => {
    const name = fresh();
    const app = page({ name });
    app.send({ type: 'START', input: SHORT });
    expect(app.view.screen).toBe('newGame');
    app.lock.hooks.onTable();
    app.send({ type: 'START', input: example000 }); // the last tap counts
    await app.shows('game');
    const stored = app.game.getSnapshot().context;
    expect(stored.players).toHaveLength(3);
    await app.session.flush();
    app.actor.stop();

    // The hint said no game, but one is found after all: it is shown, the tap is forgotten.
    const again = page({ name });
    again.send({ type: 'START', input: SHORT });
    again.lock.hooks.onTable();
    await again.shows('game');
    expect(again.game.getSnapshot().context).toEqual(stored);
    expect(again.actor.getSnapshot().context.pendingStart).toBeNull();
  });

  it('an unreadable game: says so, and a new game forgets it', async () => {
    const name = fresh();
    const raw = await keep(GameStore.open(name));
    await raw.saveGame({ schema: 4, id: 'x', input: example000, base: 'torn', steps: [] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = page({ name, gameStored: true });
    app.lock.hooks.onTable();
    await app.shows('unreadable');
    expect(app.view.unreadable).toMatchObject({ reason: 'corrupt' });
    app.send({ type: 'NEW_GAME' });
    await app.until((s) => s.matches({ life: { table: 'newGame' } }));
    expect(app.view.unreadable).toBeNull();
    expect(await (await keep(GameStore.open(name))).loadGame()).toEqual({ kind: 'none' });

    // Forgetting it fails: the new-game screen anyway (a new game sets the old one aside).
    await raw.saveGame({ schema: 4, id: 'y', input: example000, base: 'torn', steps: [] });
    const failing = page({ name, gameStored: true });
    vi.spyOn(failing.session, 'discard').mockRejectedValue(new Error('disk'));
    failing.lock.hooks.onTable();
    await failing.shows('unreadable');
    failing.send({ type: 'NEW_GAME' });
    await failing.until((s) => s.matches({ life: { table: 'newGame' } }));
    expect(warn).toHaveBeenCalledWith('Mia Cup could not discard:', expect.any(Error));
    warn.mockRestore();
  });

  it('storage that cannot be opened: the new-game screen, and no game can start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = page({ session: () => Promise.reject(new Error('no chunk')) });
    app.send({ type: 'START', input: SHORT }); // held, but there is no session to start it
    app.lock.hooks.onTable();
    await app.until((s) => s.matches({ life: { table: 'newGame' } }));
    app.send({ type: 'START', input: SHORT });
    await app.until((s) => s.matches({ life: { table: 'newGame' } }));
    expect(app.view.game).toBeNull();
    expect(warn.mock.calls.map(([what]) => what)).toEqual([
      'Mia Cup could not open its storage:',
      'Mia Cup could not start a game:',
    ]);
    warn.mockRestore();
  });

  it('"Check this cup" opens over any screen and closes again', async () => {
    const app = page();
    app.send({ type: 'CHECK.OPEN' });
    expect(app.view).toMatchObject({ checking: true, screen: 'newGame' });
    app.send({ type: 'CHECK.CLOSE' });
    expect(app.view.checking).toBe(false);
  });
});

describe('these stories', () => {
  it('and those of the other files take between them every transition of the machine', () => {
    const parts = Object.values(COVERED_IN);
    expect(allTransitions().filter((t) => !parts.some((part) => part.test(t)))).toEqual([]);
  });

  it("take every transition of the table's screens and of the check", () => {
    expectEveryTransition(taken, 'life');
  });
});
