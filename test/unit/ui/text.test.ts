import { describe, expect, it } from 'vitest';
import { applyVerdict, settleLift, settleMiaAccepted } from '../../../src/rules';
import { presets } from '../../../src/game/presets';
import { verdictDetails, verdictHeadline, verdictText } from '../../../src/ui/text/verdict';
import { rulesInWords } from '../../../src/ui/text/rules';
import { inputProblems } from '../../../src/game';
import { gameText } from '../../../src/ui/text/codes';
import { setupProblemText } from '../../../src/ui/text/setup-problems';

const names = ['Erik', 'Snorri', 'Olaf'];
const longhall = presets.longhall;

describe('verdicts in words', () => {
  it('says who bluffed, as in the 000 example', () => {
    const verdict = settleLift({ lifter: 0, claimer: 2, claim: 61, dice: [1, 4] }, longhall);
    const outcome = applyVerdict(verdict, [3, 3, 3], longhall);
    expect(verdictText(outcome, names, 2)).toBe(
      'Dice 41, claim 61: Olaf bluffed and loses 1 life. Olaf opens round 2.',
    );
  });

  it('explains two lives, an elimination and the next opener', () => {
    const verdict = settleLift({ lifter: 0, claimer: 2, claim: 11, dice: [2, 1] }, longhall);
    const outcome = applyVerdict(verdict, [2, 3, 2], longhall);
    expect(verdictHeadline(outcome, names)).toBe(
      'Dice 21 (Mia), claim 11 (double 1): the claim holds, so Erik loses 2 lives.',
    );
    expect(verdictDetails(outcome, names, 4)).toEqual([
      'Mia was under the cup, so the loser loses 2 lives.',
      'Erik is out.',
      'Olaf opens round 4.',
    ]);
  });

  it('says when fewer lives were left than the rules take, and who won', () => {
    const verdict = settleLift({ lifter: 1, claimer: 0, claim: 21, dice: [1, 2] }, longhall);
    const outcome = applyVerdict(verdict, [1, 1, 0], longhall);
    expect(verdictDetails(outcome, names, 9)).toEqual([
      'A Mia was called, so the loser loses 2 lives.',
      'Snorri had only 1 life left to lose.',
      'Snorri is out.',
      'Erik wins the game!',
    ]);
  });

  it('words a Mia given up and a first-out loss', () => {
    const verdict = settleMiaAccepted({ accepter: 1, claimer: 0, claim: 21 });
    const outcome = applyVerdict(verdict, [1, 1, 1], presets.pub);
    expect(verdictText(outcome, names, 2)).toBe(
      "Snorri gives up to Erik's Mia and loses 1 life. Snorri is out. Snorri is the first out and loses the game.",
    );
  });
});

describe('rules in words', () => {
  it('explains every setting of a table, one line each', () => {
    const lines = rulesInWords(presets.longhall);
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('Everyone starts with 3 lives; a player with none left is out.');
    expect(lines).toContain(
      'Whenever a Mia was called or lies under the cup, the loser loses 2 lives.',
    );
    expect(rulesInWords(presets.pub)).toContain(
      'The first player to lose all lives loses the game, and the game ends.',
    );
  });
});

describe('setting up', () => {
  const problems = (players: string[]) =>
    inputProblems({ players, rules: presets.box }).map(setupProblemText);

  it('needs 2 to 10 distinct, non-empty names', () => {
    expect(problems(['Ann', 'Bo'])).toEqual([]);
    expect(problems(['Ann'])).toEqual(['A game needs 2 to 10 players.']);
    expect(problems(['Ann', ' '])).toEqual(['Every player needs a name.']);
    expect(problems(['Ann', 'ann '])).toEqual(['Two players are called Ann.']);
    expect(problems(['Sam', 'sam', 'SAM'])).toEqual(['3 players are called Sam.']);
  });

  it('words the problems no screen of the app can make', () => {
    const { rules } = { rules: { ...presets.box, doubles: 'sevens-high' } };
    expect(
      inputProblems({ players: ['Ann', 'Bo'], rules, opener: 5 }).map(setupProblemText),
    ).toEqual([
      'The opener must be one of players 1 to 2.',
      'The setting Doubles order has a value Mia Cup does not know.',
    ]);
    expect(inputProblems({ players: ['Ann', 'Bo'] }).map(setupProblemText)).toEqual([
      'The rules are missing.',
    ]);
  });
});

describe('refusals in words', () => {
  it('say why by code, whatever the parameters', () => {
    expect(gameText({ code: 'roll-first' })).toBe('Roll the dice first.');
    expect(gameText({ code: 'claim-too-low', standing: 54 })).toBe(
      'The claim must beat the standing one.',
    );
    expect(gameText({ code: 'not-a-score', score: 13 })).toBe('That is not a Mia score.');
  });
});
