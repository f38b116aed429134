import { describe, expect, it } from 'vitest';
import { presets, type GameEvent } from '../../../src/game';
import { liftWith, newGame, roll } from './helpers';

const SHAKE: GameEvent = { type: 'CUP.SHAKE' };
const OPEN: GameEvent = { type: 'CUP.LID_OPEN' };
const CLOSE: GameEvent = { type: 'CUP.LID_CLOSED' };

describe('sensor events', () => {
  it('are always accepted', () => {
    const g = newGame(presets.box);
    for (const event of [SHAKE, OPEN, CLOSE]) expect(g.snapshot.can(event)).toBe(true);
    g.play(...roll(54), { type: 'LIFT' });
    for (const event of [SHAKE, OPEN, CLOSE]) expect(g.snapshot.can(event)).toBe(true);
  });

  it('a shake is a roll, a lid opened after it is the roller looking, one facing a claim a lift', () => {
    const g = newGame(presets.box);
    g.play(SHAKE);
    expect(g.snapshot.value).toBe('rolled');
    g.play(OPEN, CLOSE);
    expect(g.context.round.looked).toBe(true);
    expect(g.context.past).toHaveLength(2); // the roll and the look are steps
    g.play({ type: 'CLAIM', score: 43 }, SHAKE);
    expect(g.snapshot.value).toBe('rolled'); // Bo believed and rolled
    g.play({ type: 'CLAIM', score: 52 }, OPEN);
    expect(g.snapshot.value).toBe('lifting');
    expect(g.context.round.lifter).toBe(2);
    expect(g.context.warnings).toEqual([]);
  });

  it('where believers look, opening the lid on a claim is a peek, but on a Mia a lift', () => {
    const g = newGame(presets.pub);
    g.play(...roll(43), OPEN);
    expect(g.snapshot.value).toBe('peeked');
    g.play(SHAKE); // re-roll after looking
    expect(g.snapshot.value).toBe('rolled');
    g.play({ type: 'CLAIM', score: 21 }, OPEN);
    expect(g.snapshot.value).toBe('lifting');
  });

  it('that fit no rule are recorded as warnings, not steps', () => {
    const g = newGame(presets.box);
    g.play(OPEN);
    expect(g.context.warnings.map((w) => w.code)).toEqual(['lid-before-roll']);
    g.play(SHAKE, OPEN, SHAKE);
    expect(g.context.warnings.at(-1)).toMatchObject({
      code: 'shake-after-look',
      event: 'CUP.SHAKE',
      phase: 'rolled',
      turn: 0,
      round: 1,
    });
    g.play({ type: 'CLAIM', score: 21 }, SHAKE);
    expect(g.context.warnings.at(-1)?.code).toBe('shake-at-mia');
    g.play({ type: 'LIFT' }, SHAKE);
    expect(g.context.warnings.at(-1)?.code).toBe('shake-while-lifting');
    // Steps: roll, look, claim, lift. The four warnings are not steps.
    expect(g.context.past).toHaveLength(4);
    expect(g.context.warnings).toHaveLength(4);
  });

  it('after the game, the cup is only a warning', () => {
    const g = newGame({ ...presets.box, startingLives: 1 }, ['Ann', 'Bo']);
    g.play(...roll(65), ...liftWith(6, 5), SHAKE, OPEN);
    expect(g.snapshot.hasTag('over')).toBe(true);
    expect(g.context.warnings.map((w) => w.code)).toEqual([
      'sensor-after-game',
      'sensor-after-game',
    ]);
  });
});
