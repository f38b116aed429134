import { describe, expect, it } from 'vitest';
import { isLegalClaim, legalClaims, type RuleSet } from '../../../src/rules';

type ClaimRules = Pick<RuleSet, 'doubles' | 'littleMia' | 'equalClaims' | 'blindPass'>;
const strict: ClaimRules = {
  doubles: 'ones-high',
  littleMia: false,
  equalClaims: false,
  blindPass: 'raise',
};

describe('legal claims', () => {
  it('open a round with any of the 21 scores, strongest first, but never blind', () => {
    const open = legalClaims(
      { standing: null, kind: 'rolled', firstCalledStanding: false },
      strict,
    );
    expect(open).toHaveLength(21);
    expect(open[0]).toBe(21);
    expect(
      legalClaims({ standing: null, kind: 'blind', firstCalledStanding: false }, strict),
    ).toEqual([]);
  });

  it('must beat the standing claim by rank, not by number', () => {
    const after66 = legalClaims(
      { standing: 66, kind: 'rolled', firstCalledStanding: false },
      strict,
    );
    expect(after66).toEqual([21, 11, 22, 33, 44, 55]);
    const sixesHigh = { ...strict, doubles: 'sixes-high' as const };
    expect(
      legalClaims({ standing: 66, kind: 'rolled', firstCalledStanding: false }, sixesHigh),
    ).toEqual([21]);
    expect(
      isLegalClaim(64, { standing: 65, kind: 'rolled', firstCalledStanding: false }, strict),
    ).toBe(false);
  });

  it('follow nothing after a Mia, even where equal claims are allowed', () => {
    for (const rules of [strict, { ...strict, equalClaims: true }]) {
      expect(
        legalClaims({ standing: 21, kind: 'rolled', firstCalledStanding: false }, rules),
      ).toEqual([]);
    }
  });

  it('may equal the standing claim where equal claims are allowed', () => {
    const equal = { ...strict, equalClaims: true };
    const situation = { standing: 54, kind: 'rolled' as const, firstCalledStanding: false };
    expect(isLegalClaim(54, situation, equal)).toBe(true);
    expect(isLegalClaim(54, situation, strict)).toBe(false);
  });

  it('let a repeating blind pass hand on the same score, Mia included, but not by its first caller', () => {
    const repeat = { ...strict, blindPass: 'repeat' as const };
    expect(
      isLegalClaim(22, { standing: 22, kind: 'blind', firstCalledStanding: false }, repeat),
    ).toBe(true);
    expect(
      isLegalClaim(22, { standing: 22, kind: 'blind', firstCalledStanding: true }, repeat),
    ).toBe(false);
    expect(
      isLegalClaim(11, { standing: 22, kind: 'blind', firstCalledStanding: true }, repeat),
    ).toBe(true);
    expect(
      legalClaims({ standing: 21, kind: 'blind', firstCalledStanding: false }, repeat),
    ).toEqual([21]);
    expect(legalClaims({ standing: 21, kind: 'blind', firstCalledStanding: true }, repeat)).toEqual(
      [],
    );
    // A rolled claim still has to raise.
    expect(
      isLegalClaim(22, { standing: 22, kind: 'rolled', firstCalledStanding: false }, repeat),
    ).toBe(false);
  });

  it('refuse blind passes where the table has none, and non-scores everywhere', () => {
    const off = { ...strict, blindPass: 'off' as const };
    expect(legalClaims({ standing: 31, kind: 'blind', firstCalledStanding: false }, off)).toEqual(
      [],
    );
    expect(
      isLegalClaim(13, { standing: null, kind: 'rolled', firstCalledStanding: false }, strict),
    ).toBe(false);
  });
});
