/**
 * A cup that keeps saying what fits no rule (issue #31): the same warning again before the next
 * step is counted on the warning, so the warnings grow with the game's steps, not with the cup's
 * events; undo and a restore from the log keep the counts.
 */
import { describe, expect, it } from 'vitest';
import { presets, readStoredGame, type GameEvent } from '../../../src/game';
import { liftWith, newGame, roll } from './helpers';

const SHAKE: GameEvent = { type: 'CUP.SHAKE' };
const OPEN: GameEvent = { type: 'CUP.LID_OPEN' };

describe('warnings said again', () => {
  it('are counted on one warning until the next step; a step starts a new one', () => {
    const g = newGame(presets.box);
    g.play(OPEN, OPEN, OPEN);
    expect(g.context.warnings).toEqual([
      {
        code: 'lid-before-roll',
        event: 'CUP.LID_OPEN',
        phase: 'opening',
        turn: 0,
        round: 1,
        count: 3,
      },
    ]);
    g.play(...roll(54), { type: 'LIFT' }, SHAKE, SHAKE);
    expect(g.context.warnings.map((w) => [w.code, w.count])).toEqual([
      ['lid-before-roll', 3],
      ['shake-while-lifting', 2],
    ]);
    expect(g.context.past).toHaveLength(3); // roll, claim, lift: the warnings are no steps
  });

  it('a cup that alternates two events adds two warnings, however long it goes on', () => {
    const g = newGame({ ...presets.box, startingLives: 1 }, ['Ann', 'Bo']);
    g.play(...roll(65), ...liftWith(6, 5));
    for (let i = 0; i < 10_000; i++) g.play(SHAKE, OPEN);
    expect(g.context.warnings.map((w) => [w.code, w.event, w.count])).toEqual([
      ['sensor-after-game', 'CUP.SHAKE', 10_000],
      ['sensor-after-game', 'CUP.LID_OPEN', 10_000],
    ]);
  });

  it('undo keeps the count of the moment it goes back to, and counting goes on there', () => {
    const g = newGame(presets.box);
    g.play(OPEN, OPEN, { type: 'ROLL' }, { type: 'UNDO' }, OPEN);
    expect(g.context.warnings.map((w) => w.count)).toEqual([3]);
  });
});

describe('a log where the cup said the same thing many times', () => {
  it('restores the counts from a repeated step', () => {
    const input = { players: ['Ann', 'Bo'], rules: presets.box };
    const steps = [{ type: 'CUP.LID_OPEN', repeat: 20_000 }, { type: 'ROLL' }];
    const read = readStoredGame({ schema: 5, input, base: null, steps });
    if (read.kind !== 'ok')
      throw new Error(`unreadable: ${read.kind === 'unreadable' && read.detail}`);
    expect(read.actor.getSnapshot().value).toBe('rolled');
    expect(read.actor.getSnapshot().context.warnings).toMatchObject([
      { code: 'lid-before-roll', count: 20_000 },
    ]);
  });

  it.each([
    ['a repeat that is a step the second time', [{ type: 'CUP.SHAKE', repeat: 2 }]],
    ['a repeat of a step by hand', [{ type: 'UNDO', repeat: 2 }]],
    ['a repeat of once', [{ type: 'CUP.LID_OPEN', repeat: 1 }]],
    ['a repeat beyond any evening', [{ type: 'CUP.LID_OPEN', repeat: 2_000_000 }]],
  ])('refuses %s', (_, steps) => {
    const input = { players: ['Ann', 'Bo'], rules: presets.box };
    const raw = { schema: 5, input, base: null, steps };
    expect(readStoredGame(raw)).toMatchObject({ kind: 'unreadable', reason: 'corrupt', raw });
  });
});
