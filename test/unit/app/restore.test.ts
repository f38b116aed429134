/**
 * A stored game reopens drawn from its stored table view (`restore`), as the browser tests tell
 * it (`test/e2e/restore-view.spec.ts`): the drawn table shows while the table is asked for and
 * the game read, and what is tapped on it goes to the game once it is up, in order and as the
 * round machine takes it; when another page has the table, or the drawn table is not the stored
 * game, the taps are dropped.
 */
import { describe, expect, it } from 'vitest';
import { openEarly } from '../../../src/data';
import { drawStoredTable } from '../../../src/data/early-view';
import { roll } from '../game/helpers';
import { SHORT, expectEveryTransition, pages, play } from './helpers';

const { taken, page, atTable, fresh } = pages('app-restore');

/** A device with a game stored: Ann claimed 54, Bo faces it. */
async function stored() {
  const name = fresh();
  const first = await atTable({ name });
  first.send({ type: 'START', input: SHORT });
  await first.shows('game');
  play(first, ...roll(54));
  await first.session.flush();
  first.actor.stop();
  const drawn = await drawStoredTable(openEarly(name));
  if (!drawn) throw new Error('no table view stored');
  return { name, drawn };
}

describe('a stored game drawn from its view', () => {
  it('shows while the game is read; what is tapped on it goes to the game, in order', async () => {
    const { name, drawn } = await stored();
    const app = page({ name, gameStored: true, drawn });
    expect(app.view).toMatchObject({ screen: 'game', restoring: true, game: drawn });
    drawn.asGame().send({ type: 'ROLL' });
    drawn.asGame().send({ type: 'LIFT' }); // offered too, refused once Bo has rolled
    app.lock.hooks.onTable();
    await app.until((s) => s.matches({ restore: 'none' }));
    expect(app.view).toMatchObject({ screen: 'game', restoring: false });
    expect(app.game.getSnapshot().value).toBe('rolled');
    const result = await drawn.handedOver;
    expect(result).toMatchObject({ applied: 1, dropped: 0, refused: [{ code: 'claim-first' }] });
    expect(app.handSteps.stored).toBeGreaterThan(0); // the tap counts as a step by hand
  });

  it('is let go when another page has the table: its taps go nowhere', async () => {
    const { name, drawn } = await stored();
    const app = page({ name, gameStored: true, drawn });
    drawn.asGame().send({ type: 'ROLL' });
    app.lock.hooks.onElsewhere(false);
    expect(app.view.screen).toBe('elsewhere');
    expect(await drawn.handedOver).toMatchObject({ applied: 0, dropped: 1 });
    app.lock.hooks.onTable();
    await app.shows('game');
    expect(app.game.getSnapshot().value).toBe('facing'); // the roll was not played
  });

  it('is not there without a stored view: the loading text, as before', () => {
    const app = page({ gameStored: true });
    expect(app.view).toMatchObject({ screen: 'loading', restoring: false, game: null });
    expect(app.actor.getSnapshot().matches({ restore: 'none' })).toBe(true);
  });

  it('takes every transition of the restore', () => {
    expectEveryTransition(taken, 'restore');
  });
});
