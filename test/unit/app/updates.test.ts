/**
 * Updates come between games, as the browser tests tell it (`test/e2e/updates.spec.ts`): a new
 * version waits during a game and comes in at its end, or at once when the players ask, always
 * with every step stored; on the new-game screen with no game behind it, at once; with a game
 * behind it, once the next game has started (and is stored).
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { UPDATE_LIMIT_MS, UPDATE_RETRY_MS } from '../../../src/app';
import { GameStore } from '../../../src/data';
import { roll } from '../game/helpers';
import { SHORT, TO_THE_END, expectEveryTransition, pages, play } from './helpers';

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

  it('whose steps hang: waits no longer than its limit, noted, and comes in once they are stored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clock = new SimulatedClock();
    const app = await atTable({ clock });
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    app.send({ type: 'UPDATE.READY' });
    let answer = () => {};
    const flush = vi
      .spyOn(app.session, 'flush')
      .mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    play(app, ...TO_THE_END); // the game ends: the update asks for every step, which hangs
    await app.until((s) => s.matches({ update: 'storing' }));
    clock.increment(UPDATE_LIMIT_MS);
    await app.until((s) => s.matches({ update: 'postponed' }));
    expect(app.noted).toEqual(['store every step before the update']);
    expect(app.applied).toEqual([]);
    expect(app.view).toMatchObject({ screen: 'gameOver', updateWaiting: true });
    flush.mockRestore();
    answer(); // the hang ends late: nothing comes of it
    clock.increment(UPDATE_RETRY_MS); // tried again, between games: now every step is stored
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(app.applied).toEqual(['4 steps stored']);
    warn.mockRestore();
  });

  it('with steps that cannot be stored (a full disk): waits, loses none, comes in once stored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clock = new SimulatedClock();
    const app = await atTable({ clock });
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    await app.session.flush();
    const full = vi
      .spyOn(GameStore.prototype, 'write')
      .mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    app.send({ type: 'UPDATE.READY' });
    play(app, ...TO_THE_END);
    await app.until((s) => s.matches({ update: 'postponed' }));
    expect(app.applied).toEqual([]);
    expect(app.noted).toEqual(['store every step before the update']);
    // "Update now" while the disk is still full: it waits again, and says so again.
    app.send({ type: 'UPDATE.APPLY' });
    await app.until((s) => s.matches({ update: 'postponed' }) && app.noted.length === 2);
    expect(app.applied).toEqual([]);
    full.mockRestore(); // space again
    clock.increment(UPDATE_RETRY_MS);
    await app.until((s) => s.matches({ update: 'applied' }));
    expect(app.applied).toEqual(['4 steps stored']);
    warn.mockRestore();
  });

  it('that fails to come in: noted, and the next new version is waited for', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = await atTable();
    const failed = { error: new Error('no new version waits any more') };
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    const apply = vi.fn(async () => Promise.reject(failed.error));
    app.update.apply = apply;
    app.send({ type: 'UPDATE.READY' });
    app.send({ type: 'UPDATE.APPLY' });
    await app.until((s) => s.matches({ update: 'none' }) && apply.mock.calls.length === 1);
    expect(warn).toHaveBeenCalledWith('Mia Cup could not update:', failed.error);
    expect(app.noted).toEqual(['update']);
    expect(app.view).toMatchObject({ screen: 'game', updateWaiting: false });
    app.send({ type: 'UPDATE.READY' }); // another one is installed
    expect(app.view.updateWaiting).toBe(true);
    warn.mockRestore();
  });
});

describe('these stories', () => {
  it('take every transition of the updates', () => {
    expectEveryTransition(taken, 'updates');
  });
});
