/**
 * One table per device, as the browser tests tell it (`test/e2e/tabs.spec.ts`): two pages of one
 * device, each an app machine with the real `TableLock` on fake Web Locks and channels, over one
 * database. A second page waits; it takes the table over, the first stores every step, lets the
 * game go and says so, and back; a page that closes hands the table to the one waiting.
 */
import { describe, expect, it, vi } from 'vitest';
import { TableLock, type TableEnvironment } from '../../../src/data';
import { roll } from '../game/helpers';
import { FakeChannels, FakeLocks } from '../data/fake-locks';
import { SHORT, expectEveryTransition, pages, play, type App } from './helpers';

const { fresh, taken, page: pageOf, atTable } = pages('app-table');

/** The pages of one device, on one database. */
function device() {
  const name = fresh();
  const locks = new FakeLocks() as unknown as LockManager;
  const channels = new FakeChannels();
  const page = (gameStored = true) => {
    const environment: TableEnvironment = {
      locks,
      channel: channels.make,
      visible: () => true,
      onVisibility: () => undefined,
    };
    return pageOf({ name, gameStored, lock: (hooks) => new TableLock(hooks, 5_000, environment) });
  };
  return { page };
}

const standing = (app: App) => app.game.getSnapshot().context.claim;

describe('one table per device', () => {
  it('the other page takes over with the latest game, and back; nothing lost or doubled', async () => {
    const { page } = device();
    const first = page(false);
    await first.until((s) => s.matches({ life: { table: 'newGame' } }));
    first.send({ type: 'START', input: SHORT });
    await first.shows('game');
    play(first, ...roll(54));

    // A second page only waits: it shows no game and reads nothing.
    const second = page();
    await second.shows('elsewhere');
    expect(second.view).toMatchObject({ taken: false, asked: false, game: null, loaded: false });

    // The first page is still the table.
    play(first, { type: 'ROLL' }, { type: 'CLAIM', score: 61 });

    // The second takes over: the first stores every step and stops; the second plays on.
    second.send({ type: 'TAKE_OVER' });
    expect(second.view.asked).toBe(true);
    await second.shows('game');
    expect(standing(second)).toBe(61);
    await first.shows('elsewhere');
    expect(first.view).toMatchObject({ taken: true, game: null });
    expect(first.session.actor).toBeNull();
    play(second, { type: 'PASS_BLIND', score: 62 });

    // And back to the first page.
    first.send({ type: 'TAKE_OVER' });
    await first.shows('game');
    expect(standing(first)).toBe(62);
    expect(first.game.getSnapshot().context.round.claims).toHaveLength(3);
    await second.shows('elsewhere');
    expect(second.view.taken).toBe(true);
    first.actor.stop();
    second.actor.stop();
  });

  it('closing the table page lets the waiting page take the table with the latest game', async () => {
    const { page } = device();
    const first = page(false);
    await first.until((s) => s.matches({ life: { table: 'newGame' } }));
    first.send({ type: 'START', input: SHORT });
    await first.shows('game');
    const second = page();
    await second.shows('elsewhere');
    play(first, ...roll(54));
    await first.session.flush();
    first.actor.stop(); // the page closes: its lock is let go

    await second.shows('game');
    expect(standing(second)).toBe(54);
    second.actor.stop();
  });
});

describe('the table lock, one page', () => {
  it('asked for the table twice while releasing: one answer for both, once the game is stored', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    let answered = 0;
    void app.lock.hooks.onRelease().then(() => (answered += 1));
    // While the last steps are stored: the game is no longer shown, and the page says why.
    expect(app.view).toMatchObject({ screen: 'elsewhere', taken: true, game: null });
    expect(answered).toBe(0);
    void app.lock.hooks.onRelease().then(() => (answered += 1));
    await app.until((s) => s.matches({ life: { elsewhere: 'waiting' } }));
    await expect.poll(() => answered).toBe(2);
    expect(app.session.actor).toBeNull();

    // Not the table: an ask is answered at once (nothing to store).
    await app.lock.hooks.onRelease();
    // The lock goes to the other page: still elsewhere, the table taken from this one.
    app.lock.hooks.onElsewhere(true);
    expect(app.view).toMatchObject({ screen: 'elsewhere', taken: true });
    app.send({ type: 'TAKE_OVER' });
    expect(app.lock.asked).toEqual(['open', 'take over']);
    app.lock.hooks.onTable();
    await app.shows('game');
  });

  it('the table lost without a handover (a frozen page): elsewhere, the game no longer shown', async () => {
    const app = await atTable();
    app.send({ type: 'START', input: SHORT });
    await app.shows('game');
    app.lock.hooks.onElsewhere(true);
    expect(app.view).toMatchObject({ screen: 'elsewhere', taken: true, game: null });
  });

  it('a release that fails still hands the table over', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = await atTable();
    vi.spyOn(app.session, 'release').mockRejectedValue(new Error('disk'));
    await app.lock.hooks.onRelease();
    expect(app.view.screen).toBe('elsewhere');
    expect(warn).toHaveBeenCalledWith('Mia Cup could not store the last steps:', expect.any(Error));
    warn.mockRestore();
  });

  it('the page goes away: the table lock is closed', async () => {
    const app = pageOf();
    app.actor.stop();
    expect(app.lock.asked).toEqual(['open', 'close']);
  });
});

describe('these stories', () => {
  it('take every transition of asking for, leaving and taking back the table', () => {
    expectEveryTransition(taken, 'table');
  });
});
