/**
 * Updates come between games, as the browser tests tell it (`test/e2e/updates.spec.ts`): a new
 * version waits during a game and comes in at its end, or at once when the players ask, always
 * with every step stored; on the new-game screen with no game behind it, at once; with a game
 * behind it, once the next game has started (and is stored).
 */
import { describe, expect, it, vi } from 'vitest';
import { roll } from '../game/helpers';
import { SHORT, expectEveryTransition, pages, play } from './helpers';

const { taken, page, atTable } = pages('app-updates');

describe('a new version', () => {
  it('waits during a game and comes in at its end, with every step stored', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    app.send({ type: 'UPDATE.READY' });
    expect(app.view.updateWaiting).toBe(true);
    play(app, ...roll(65), { type: 'LIFT' });
    expect(app.actor.getSnapshot().matches({ update: 'waiting' })).toBe(true);
    expect(app.applied).toEqual([]);
    play(app, { type: 'DICE', dice: [3, 1] });
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(app.applied).toEqual(['4 steps stored']);
  });

  it('comes in at once when the players ask, mid-round', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    app.send({ type: 'UPDATE.APPLY' }); // nothing waits yet
    expect(app.actor.getSnapshot().matches({ update: 'none' })).toBe(true);
    app.send({ type: 'UPDATE.READY' });
    play(app, ...roll(54));
    app.send({ type: 'UPDATE.APPLY' });
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(app.applied).toEqual(['2 steps stored']);
  });

  it('on the new-game screen with no game: at once', async () => {
    const app = await atTable();
    app.send({ type: 'UPDATE.READY' });
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(app.applied).toEqual(['no steps stored']);
  });

  it('with a game behind the new-game screen: once the next game has started', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    play(app, ...roll(54));
    app.send({ type: 'NEW_GAME' });
    app.send({ type: 'UPDATE.READY' });
    expect(app.actor.getSnapshot().matches({ update: 'waiting' })).toBe(true);
    app.send({ type: 'START', input: SHORT });
    app.send({ type: 'SET_ASIDE' }); // the game under way is set aside
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(app.applied).toEqual(['0 steps stored']);
  });

  it('not while the table is asked for, nor on another page', async () => {
    const app = page();
    app.send({ type: 'UPDATE.READY' });
    app.lock.hooks.onElsewhere(false);
    expect(app.actor.getSnapshot().matches({ update: 'waiting' })).toBe(true);
  });

  it('that fails to come in: said, and the game goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = await atTable();
    const flush = vi.spyOn(app.session, 'flush').mockRejectedValue(new Error('disk'));
    app.send({ type: 'UPDATE.READY' });
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(warn).toHaveBeenCalledWith('Mia Cup could not update:', expect.any(Error));
    expect(app.view.screen).toBe('newGame');
    flush.mockRestore();
    warn.mockRestore();
  });
});

describe('these stories', () => {
  it('take every transition of the updates', () => {
    expectEveryTransition(taken, 'updates');
  });
});
