import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { gameMachine, inputProblems, presets, type GameEvent } from '../../../src/game';
import { blind, liftWith, newGame, roll } from './helpers';

describe('undo', () => {
  it('walks back every step to the first, restoring each exact earlier snapshot, from the end', () => {
    const g = newGame({ ...presets.longhall, startingLives: 1 }, ['Ann', 'Bo']);
    const events: GameEvent[] = [
      ...roll(54),
      blind(54),
      { type: 'CUP.LID_OPEN' }, // Ann lifts by opening the lid
      { type: 'CUP.SHAKE' }, // only a warning: not a step
      { type: 'DICE', dice: [6, 6] },
    ];
    const seen = [{ value: g.snapshot.value, context: g.context }];
    for (const event of events) {
      g.play(event);
      seen.push({ value: g.snapshot.value, context: g.context });
    }
    expect(g.snapshot.hasTag('over')).toBe(true);
    expect(g.context.result).toEqual({ kind: 'last-standing', winner: 1 });
    // Each UNDO returns to the snapshot just before the last step (the warning stays with
    // the lift it followed).
    for (const index of [5, 3, 2, 1, 0]) {
      g.play({ type: 'UNDO' });
      expect(g.snapshot.value).toBe(seen[index].value);
      expect(g.context).toEqual(seen[index].context);
    }
    expect(g.context.past).toEqual([]);
    expect(g.refused({ type: 'UNDO' })?.code).toBe('nothing-to-undo');
  });

  it('takes back a settled lift, lives and opener included', () => {
    const g = newGame(presets.lizumo);
    g.play(...roll(62));
    const before = { value: g.snapshot.value, context: g.context };
    g.play(...liftWith(3, 2));
    expect(g.lives).toEqual([5, 6, 6]);
    g.play({ type: 'UNDO' }, { type: 'UNDO' });
    expect(g.snapshot.value).toBe(before.value);
    expect(g.context).toEqual(before.context);
    expect(g.lives).toEqual([6, 6, 6]);
  });
});

describe('persistence', () => {
  it('a persisted snapshot restores mid-lift and the copy continues identically', () => {
    const g = newGame(presets.pub);
    g.play(
      ...roll(53),
      { type: 'PEEK' },
      { type: 'ROLL' },
      { type: 'CLAIM', score: 61 },
      {
        type: 'LIFT',
      },
    );
    const stored = JSON.parse(JSON.stringify(g.actor.getPersistedSnapshot()));
    const copy = createActor(gameMachine, { snapshot: stored, input: undefined }).start();
    expect(copy.getSnapshot().value).toBe('lifting');
    const rest: GameEvent[] = [
      { type: 'DICE', dice: [1, 6] },
      { type: 'UNDO' },
      { type: 'DICE', dice: [2, 2] },
    ];
    for (const event of rest) {
      g.actor.send(event);
      copy.send(event);
      expect(copy.getSnapshot().value).toEqual(g.snapshot.value);
      expect(copy.getSnapshot().context).toEqual(g.context);
    }
  });
});

describe('input', () => {
  const rules = presets.box;
  const start = (input: unknown) => () => {
    const actor = createActor(gameMachine, { input: input as never });
    actor.subscribe({ error: () => {} });
    return actor.start().getSnapshot();
  };

  it('seats as many players as the tradition allows: 000 up to 16, 004 up to 8', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`);
    const count = (max: number) => [{ code: 'player-count', min: 2, max }];
    expect(presets.longhall.maxPlayers).toBe(16);
    expect(presets.norwegian.maxPlayers).toBe(8);
    expect([presets.pub, presets.lizumo, presets.box].map((r) => r.maxPlayers)).toEqual([
      10, 10, 10,
    ]);
    expect(inputProblems({ players: names(16), rules: presets.longhall })).toEqual([]);
    expect(inputProblems({ players: names(17), rules: presets.longhall })).toEqual(count(16));
    expect(inputProblems({ players: names(8), rules: presets.norwegian })).toEqual([]);
    expect(inputProblems({ players: names(9), rules: presets.norwegian })).toEqual(count(8));
    expect(newGame(presets.longhall, names(16)).context.players).toHaveLength(16);
    const limits = [1, 17, 2.5].map((maxPlayers) => ({ ...presets.box, maxPlayers }));
    for (const bad of limits) {
      expect(inputProblems({ players: names(2), rules: bad })).toContainEqual({
        code: 'bad-setting',
        setting: 'maxPlayers',
      });
    }
  });

  it('accepts 2 to 10 distinct names and an opener seat', () => {
    const g = newGame(rules, ['Ann', 'Bo', 'Cy'], 2);
    expect(g.context.turn).toBe(2);
    expect(g.context.round.opener).toBe(2);
  });

  it('refuses bad players, openers and rules with codes that say why', () => {
    const count = { code: 'player-count', min: 2, max: 10 };
    expect(inputProblems({ players: ['Ann', 'Bo'], rules })).toEqual([]);
    expect(inputProblems({ players: ['Ann'], rules })).toEqual([count]);
    expect(inputProblems({ players: ['Ann', ' ann '], rules })).toEqual([
      { code: 'same-name', name: 'Ann', count: 2 },
    ]);
    // One problem per shared name, however many share it (not one per repeat).
    expect(inputProblems({ players: ['Sam', 'Bo', 'sam', 'SAM', 'bo'], rules })).toEqual([
      { code: 'same-name', name: 'Sam', count: 3 },
      { code: 'same-name', name: 'Bo', count: 2 },
    ]);
    expect(inputProblems({ players: ['Ann', ''], rules })).toEqual([{ code: 'unnamed-player' }]);
    expect(inputProblems({ players: ['Ann', 'ann', ' '], rules })).toEqual([
      { code: 'unnamed-player' },
      { code: 'same-name', name: 'Ann', count: 2 },
    ]);
    expect(inputProblems({ players: ['Ann', 'Bo'], rules, opener: 2 })).toEqual([
      { code: 'bad-opener', last: 1 },
    ]);
    expect(
      inputProblems({ players: ['Ann', 'Bo'], rules: { ...rules, startingLives: 0 } }),
    ).toEqual([{ code: 'bad-setting', setting: 'startingLives' }]);
    expect(inputProblems({ players: ['Ann', 'Bo'], rules: { ...rules, end: 'never' } })).toEqual([
      { code: 'bad-setting', setting: 'end' },
    ]);
    expect(
      inputProblems({ players: Array.from({ length: 11 }, (_, i) => `P${i}`), rules }),
    ).toEqual([count]);
    expect(inputProblems(null)).toEqual([{ ...count, max: 16 }, { code: 'no-rules' }]);
    const snapshot = start({ players: ['Ann'], rules })();
    expect(snapshot.status).toBe('error');
    expect(String(snapshot.error)).toMatch(/player-count/);
  });
});

describe('refusals', () => {
  it('leave the snapshot unchanged and say why, in every phase', () => {
    const g = newGame(presets.lizumo);
    expect(g.refused({ type: 'LIFT' })?.code).toBe('nothing-to-lift');
    expect(g.refused({ type: 'CLAIM', score: 54 })?.code).toBe('roll-first');
    g.play({ type: 'ROLL' });
    expect(g.refused({ type: 'ROLL' })?.code).toBe('already-rolled');
    expect(g.refused({ type: 'CLAIM', score: 13 })?.code).toBe('not-a-score');
    expect(g.refused({ type: 'LIFT' })?.code).toBe('claim-first');
    g.play({ type: 'CLAIM', score: 54 });
    expect(g.refused({ type: 'PEEK' })?.code).toBe('no-looking');
    expect(g.refused({ type: 'ACCEPT_MIA' })?.code).toBe('not-a-mia');
    expect(g.refused({ type: 'DICE', dice: [1, 2] })?.code).toBe('nothing-to-lift');
    g.play({ type: 'LIFT' });
    expect(g.refused({ type: 'DICE', dice: [0, 7] })?.code).toBe('bad-dice');
    expect(g.refused({ type: 'DICE', dice: [1.5, 2] })?.code).toBe('bad-dice');
    expect(g.refused({ type: 'ROLL' })?.code).toBe('awaiting-dice');
  });
});
