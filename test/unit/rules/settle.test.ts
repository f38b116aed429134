import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_SCORES,
  applyVerdict,
  nextOpener,
  nextSeatInPlay,
  settleLift,
  settleMiaAccepted,
  type RuleSet,
} from '../../../src/rules';

const trueMia: RuleSet = {
  startingLives: 6,
  doubles: 'sixes-high',
  littleMia: false,
  blindPass: 'raise',
  believerLooks: false,
  equalClaims: false,
  miaAccept: true,
  miaPenalty: 'true-mia',
  miaBluffCostsTwo: false,
  lieCostsTwo: false,
  starter: 'loser',
  end: 'last-standing',
  maxPlayers: 10,
};
const anyMia: RuleSet = { ...trueMia, doubles: 'ones-high', miaPenalty: 'any-mia' };
const lift = (claim: number, dice: [number, number]) => ({ lifter: 1, claimer: 0, claim, dice });

describe('settling a lift', () => {
  // [rules, claim, dice, loser (0 claimer, 1 lifter), penalty, reason]
  const cases: [string, RuleSet, number, [number, number], number, 1 | 2, string | null][] = [
    ['a bluff is caught', trueMia, 61, [4, 1], 0, 1, null],
    ['an equal roll holds the claim', trueMia, 44, [4, 4], 1, 1, null],
    ['a better roll holds the claim (lie low)', trueMia, 54, [6, 6], 1, 1, null],
    ['rank, not sum: 31 does not hold 22', trueMia, 22, [3, 1], 0, 1, null],
    ['a real Mia costs the lifter 2', trueMia, 21, [1, 2], 1, 2, 'true-mia'],
    ['a Mia bluff costs 1 by default', trueMia, 21, [6, 6], 0, 1, null],
    ['a lower claim with Mia under the cup costs 1', trueMia, 11, [2, 1], 1, 1, null],
    ['any-mia: Mia under the cup costs 2 (seed 000)', anyMia, 11, [2, 1], 1, 2, 'mia-under-cup'],
    ['any-mia: a called Mia bluff costs 2', anyMia, 21, [5, 3], 0, 2, 'mia-called'],
    ['any-mia: a real called Mia costs 2', anyMia, 21, [2, 1], 1, 2, 'mia-called'],
    ['any-mia: no Mia anywhere costs 1', anyMia, 44, [4, 4], 1, 1, null],
    [
      'Mia bluff costs 2 (house)',
      { ...trueMia, miaBluffCostsTwo: true },
      21,
      [6, 5],
      0,
      2,
      'mia-bluff',
    ],
    ['a caught lie costs 2 (house)', { ...trueMia, lieCostsTwo: true }, 62, [6, 1], 0, 2, 'lie'],
    [
      'a true claim costs 1 even with costly lies',
      { ...trueMia, lieCostsTwo: true },
      62,
      [6, 2],
      1,
      1,
      null,
    ],
  ];
  for (const [name, rules, claim, dice, loser, penalty, reason] of cases) {
    it(name, () => {
      const verdict = settleLift(lift(claim, dice), rules);
      expect(verdict.loser).toBe(loser);
      expect(verdict.penalty).toBe(penalty);
      expect(verdict.twoLivesBecause).toBe(reason);
      expect(verdict.claimHeld).toBe(loser === 1);
    });
  }

  it('reads the dice in any order', () => {
    expect(settleLift(lift(41, [1, 4]), trueMia).dice).toEqual([4, 1]);
    expect(settleLift(lift(41, [1, 4]), trueMia).shown).toBe(41);
  });

  it('makes exactly one loser who loses 1 or 2 lives, never going below 0', () => {
    const rulesArb = fc.record({
      doubles: fc.constantFrom('ones-high' as const, 'sixes-high' as const),
      littleMia: fc.boolean(),
      miaPenalty: fc.constantFrom('true-mia' as const, 'any-mia' as const),
      miaBluffCostsTwo: fc.boolean(),
      lieCostsTwo: fc.boolean(),
      starter: fc.constantFrom('loser' as const, 'after-loser' as const, 'claimer' as const),
      end: fc.constantFrom('last-standing' as const, 'first-out' as const),
    });
    const die = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(
        rulesArb,
        fc.constantFrom(...ALL_SCORES),
        fc.tuple(die, die),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 10 }),
        fc.nat(),
        (rules, claim, dice, lives, pick) => {
          const lifter = pick % lives.length;
          const claimer = (lifter + lives.length - 1) % lives.length;
          const verdict = settleLift({ lifter, claimer, claim, dice }, rules);
          expect([lifter, claimer]).toContain(verdict.loser);
          expect([1, 2]).toContain(verdict.penalty);
          const settled = applyVerdict(verdict, lives, rules);
          const lost = lives.map((l, seat) => l - settled.lives[seat]);
          expect(lost.filter((l) => l !== 0)).toEqual([settled.livesLost]);
          expect(settled.livesLost).toBeGreaterThanOrEqual(1);
          expect(settled.livesLost).toBeLessThanOrEqual(verdict.penalty);
          expect(Math.min(...settled.lives)).toBeGreaterThanOrEqual(0);
          expect(settled.eliminated).toBe(settled.lives[verdict.loser] === 0);
          if (settled.result === null) {
            expect(settled.lives[settled.nextOpener!]).toBeGreaterThan(0);
          } else {
            expect(settled.nextOpener).toBeNull();
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('after a round', () => {
  const starters = { ...trueMia, end: 'last-standing' as const };

  it('the Mia given up costs the accepter exactly 1', () => {
    const verdict = settleMiaAccepted({ accepter: 2, claimer: 1, claim: 21 });
    const settled = applyVerdict(verdict, [3, 3, 3], starters);
    expect(settled.lives).toEqual([3, 3, 2]);
    expect(settled.livesLost).toBe(1);
  });

  it('the next opener is the loser, the player after the loser, or the lifted claimer', () => {
    const verdict = { loser: 1, claimer: 3 };
    expect(nextOpener(verdict, [2, 2, 2, 2], 'loser')).toBe(1);
    expect(nextOpener(verdict, [2, 2, 2, 2], 'after-loser')).toBe(2);
    expect(nextOpener(verdict, [2, 2, 2, 2], 'claimer')).toBe(3);
  });

  it('a seat that is out passes the opening on to the next player still in', () => {
    expect(nextOpener({ loser: 1, claimer: 0 }, [2, 0, 2, 2], 'loser')).toBe(2);
    expect(nextOpener({ loser: 1, claimer: 0 }, [2, 2, 0, 2], 'after-loser')).toBe(3);
    expect(nextOpener({ loser: 1, claimer: 3 }, [2, 2, 0, 0], 'claimer')).toBe(0);
    expect(nextSeatInPlay(3, [0, 0, 2, 2])).toBe(2);
  });

  it('ends the game at one player left, or at the first player out where that loses', () => {
    const lift = settleLift({ lifter: 0, claimer: 1, claim: 21, dice: [2, 1] }, trueMia);
    expect(applyVerdict(lift, [2, 3, 0], starters).result).toEqual({
      kind: 'last-standing',
      winner: 1,
    });
    expect(applyVerdict(lift, [2, 3, 3], { ...starters, end: 'first-out' })).toMatchObject({
      livesLost: 2,
      eliminated: true,
      result: { kind: 'first-out', loser: 0 },
    });
    expect(applyVerdict(lift, [3, 3, 3], { ...starters, end: 'first-out' }).result).toBeNull();
  });
});
