import { describe, expect, it } from 'vitest';
import { presets, presetOf, PRESET_IDS } from '../../../src/game';
import { blind, liftWith, newGame, roll } from './helpers';

describe('presets', () => {
  it('are the five traditions with the settings RULES.md reads from them', () => {
    expect(PRESET_IDS).toEqual(['longhall', 'pub', 'lizumo', 'box', 'norwegian']);
    expect(presets.longhall).toMatchObject({
      startingLives: 3,
      doubles: 'ones-high',
      blindPass: 'repeat',
      miaAccept: false,
      miaPenalty: 'any-mia',
      starter: 'claimer',
      end: 'last-standing',
    });
    expect(presets.pub).toMatchObject({
      startingLives: 6,
      doubles: 'ones-high',
      believerLooks: true,
      blindPass: 'raise',
      starter: 'after-loser',
      end: 'first-out',
    });
    expect(presets.lizumo).toMatchObject({ startingLives: 6, blindPass: 'off', starter: 'loser' });
    expect(presets.box).toMatchObject({ doubles: 'sixes-high', starter: 'after-loser' });
    expect(presets.norwegian).toMatchObject({
      startingLives: 6,
      equalClaims: false,
      lieCostsTwo: false,
      miaBluffCostsTwo: false,
      starter: 'loser',
    });
    for (const id of PRESET_IDS) {
      expect(presets[id].littleMia).toBe(false);
      expect(presetOf(presets[id])).toBe(id);
    }
    expect(presetOf({ ...presets.lizumo, startingLives: 3 })).toBeNull();
  });

  it('lizumo starts with 6 lives, and 3 is one setting away', () => {
    expect(newGame(presets.lizumo).lives).toEqual([6, 6, 6]);
    expect(newGame({ ...presets.lizumo, startingLives: 3 }).lives).toEqual([3, 3, 3]);
  });
});

describe('longhall (000)', () => {
  const rules = presets.longhall;

  it('hands a Mia on blind, and its first caller may not', () => {
    const g = newGame(rules);
    g.play(...roll(21), blind(21), blind(21));
    expect(g.context.turn).toBe(0);
    expect(g.refused(blind(21))?.code).toBe('mia-stands');
    expect(g.refused({ type: 'ROLL' })?.code).toBe('mia-stands');
    expect(g.refused({ type: 'ACCEPT_MIA' })?.code).toBe('no-mia-accept');
    g.play(...liftWith(6, 5));
    // The bluffed Mia was handed on last by Cy: Cy loses 2 (a Mia was called).
    expect(g.lives).toEqual([3, 3, 1]);
    expect(g.context.lastOutcome?.verdict.twoLivesBecause).toBe('mia-called');
    expect(g.context.turn).toBe(2);
  });

  it('the lifted claimer opens the next round, whoever lost', () => {
    const g = newGame(rules);
    g.play(...roll(54), ...liftWith(5, 4)); // Bo lifts Ann's true claim: Bo loses
    expect(g.lives).toEqual([3, 2, 3]);
    expect(g.context.turn).toBe(0);
  });
});

describe('pub (001)', () => {
  const rules = presets.pub;

  it('believing means looking: keep the dice or re-roll, then raise; no lift after a look', () => {
    const g = newGame(rules);
    g.play(...roll(43), { type: 'PEEK' });
    expect(g.snapshot.value).toBe('peeked');
    expect(g.refused({ type: 'LIFT' })?.code).toBe('already-believed');
    expect(g.refused({ type: 'CLAIM', score: 43 })?.code).toBe('claim-too-low');
    g.play({ type: 'CLAIM', score: 51 });
    expect(g.context.round.claims[1]).toEqual({ seat: 1, score: 51, kind: 'rolled', kept: true });
    g.play({ type: 'PEEK' }, ...roll(61));
    expect(g.context.round.claims[2]).toMatchObject({ seat: 2, kind: 'rolled', kept: false });
  });

  it('a Mia may be given up for 1 life, but not looked at as a believer', () => {
    const g = newGame(rules);
    g.play(...roll(21));
    expect(g.refused({ type: 'PEEK' })?.code).toBe('mia-stands');
    g.play({ type: 'ACCEPT_MIA' });
    expect(g.lives).toEqual([6, 5, 6]);
    expect(g.context.lastOutcome?.verdict.kind).toBe('mia-accepted');
    expect(g.context.turn).toBe(2); // the player after the loser
  });

  it('the first player to lose all lives loses the game', () => {
    const g = newGame({ ...rules, startingLives: 1 });
    g.play(...roll(65), ...liftWith(3, 1));
    expect(g.snapshot.hasTag('over')).toBe(true);
    expect(g.context.result).toEqual({ kind: 'first-out', loser: 0 });
    expect(g.refused({ type: 'ROLL' })?.code).toBe('game-over');
  });

  it('a blind pass must raise', () => {
    const g = newGame(rules);
    g.play(...roll(52));
    expect(g.refused(blind(52))?.code).toBe('claim-too-low');
    g.play(blind(53));
  });
});

describe('lizumo (002)', () => {
  it('has no blind pass, and the loser opens', () => {
    const g = newGame(presets.lizumo);
    g.play(...roll(62));
    expect(g.refused(blind(63))?.code).toBe('no-blind-pass');
    g.play(...liftWith(5, 5)); // 55 beats 62: Bo loses
    expect(g.lives).toEqual([6, 5, 6]);
    expect(g.context.turn).toBe(1);
  });

  it('a real Mia costs the lifter 2; a bluffed one costs the caller 1', () => {
    const g = newGame(presets.lizumo);
    g.play(...roll(21), ...liftWith(1, 2));
    expect(g.lives).toEqual([6, 4, 6]);
    g.play(...roll(21), ...liftWith(6, 6));
    expect(g.lives).toEqual([6, 3, 6]);
  });
});

describe('box (003)', () => {
  it('no-shake accept must raise; the player after the loser opens', () => {
    const g = newGame(presets.box);
    g.play(...roll(31), blind(32));
    expect(g.context.round.claims.map((c) => c.kind)).toEqual(['rolled', 'blind']);
    g.play(...liftWith(3, 1)); // Cy lifts Bo's blind 32 over dice 31: Bo loses
    expect(g.lives).toEqual([6, 5, 6]);
    expect(g.context.turn).toBe(2);
  });

  it('66 is the top double', () => {
    const g = newGame(presets.box);
    g.play(...roll(66), { type: 'ROLL' });
    expect(g.refused({ type: 'CLAIM', score: 11 })?.code).toBe('claim-too-low');
    g.play({ type: 'CLAIM', score: 21 });
  });
});

describe('norwegian (004) and its house options', () => {
  const rules = presets.norwegian;

  it('the loser opens; two to eight players is a convention, not enforced', () => {
    const g = newGame(rules);
    g.play(...roll(42), ...liftWith(4, 1));
    expect(g.context.turn).toBe(0);
  });

  it('house: equal claims may match the standing claim, except a Mia', () => {
    const g = newGame({ ...rules, equalClaims: true });
    g.play(...roll(55), ...roll(55), blind(55));
    expect(g.context.claim).toBe(55);
    const h = newGame({ ...rules, equalClaims: true });
    h.play(...roll(21));
    expect(h.refused({ type: 'ROLL' })?.code).toBe('mia-stands');
    expect(h.refused(blind(21))?.code).toBe('mia-stands');
  });

  it('house: a caught Mia bluff costs 2, and so can any caught lie', () => {
    const g = newGame({ ...rules, miaBluffCostsTwo: true });
    g.play(...roll(21), ...liftWith(4, 3));
    expect(g.lives).toEqual([4, 6, 6]);
    const h = newGame({ ...rules, lieCostsTwo: true });
    h.play(...roll(63), ...liftWith(6, 2));
    expect(h.lives).toEqual([4, 6, 6]);
  });

  it('house: three lives', () => {
    expect(newGame({ ...rules, startingLives: 3 }).lives).toEqual([3, 3, 3]);
  });

  it('Little Mia ranks 31 just under 21 when switched on', () => {
    const g = newGame({ ...rules, littleMia: true });
    g.play(...roll(66), ...roll(31));
    expect(g.context.claim).toBe(31);
    const h = newGame(rules);
    h.play(...roll(66), { type: 'ROLL' });
    expect(h.refused({ type: 'CLAIM', score: 31 })?.code).toBe('claim-too-low');
  });
});
