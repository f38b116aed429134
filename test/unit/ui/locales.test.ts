/** The words, numbers and plurals of each language, through the built translations. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { applyVerdict, settleLift } from '../../../src/rules';
import { presets } from '../../../src/game/presets';
import { setLocale } from '../../../src/ui/localize';
import {
  chanceText,
  livesText,
  numberText,
  roundsText,
  scoreText,
} from '../../../src/ui/text/scores';
import { verdictText } from '../../../src/ui/text/verdict';

const names = ['Erik', 'Snorri', 'Olaf'];
const verdict = settleLift({ lifter: 0, claimer: 2, claim: 61, dice: [1, 4] }, presets.longhall);
const outcome = applyVerdict(verdict, [3, 3, 3], presets.longhall);

// @lit/localize announces a new locale with an event on window.
vi.stubGlobal('window', new EventTarget());
afterAll(async () => {
  await setLocale('en');
  vi.unstubAllGlobals();
});

describe('whole numbers without Intl', () => {
  // The new-game screen words its numbers without creating an Intl formatter (slow on a
  // tablet): for whole numbers below 1000 that must write what Intl writes, in every language.
  it.each(['en', 'nb', 'de', 'da'] as const)(
    '%s writes and plurals them as Intl does',
    async (locale) => {
      await setLocale(locale);
      const format = new Intl.NumberFormat(locale);
      const rules = new Intl.PluralRules(locale);
      for (let n = -999; n <= 999; n++) expect(numberText(n)).toBe(format.format(n));
      expect(numberText(1000)).toBe(format.format(1000));
      for (let n = 0; n <= 1000; n++) {
        const singular = rules.select(n) === 'one';
        expect(livesText(n) === livesText(1)).toBe(singular);
      }
    },
  );
});

describe('each language', () => {
  it('English: double 4, 1 life, 2 lives, 55.6%', async () => {
    await setLocale('en');
    expect([scoreText(44), scoreText(21), scoreText(61)]).toEqual([
      '44 (double 4)',
      '21 (Mia)',
      '61',
    ]);
    expect([livesText(1), livesText(2), roundsText(1), roundsText(3)]).toEqual([
      '1 life',
      '2 lives',
      '1 round',
      '3 rounds',
    ]);
    expect(chanceText({ ways: 20, of: 36 })).toBe('20/36 (55.6%)');
    expect(numberText(1.5, 2)).toBe('1.50');
  });

  it('Norwegian: par fire, 1 liv, 2 liv, a decimal comma', async () => {
    await setLocale('nb');
    expect([scoreText(44), scoreText(21)]).toEqual(['44 (par fire)', '21 (Mia)']);
    expect([livesText(1), livesText(2), roundsText(1), roundsText(3)]).toEqual([
      '1 liv',
      '2 liv',
      '1 runde',
      '3 runder',
    ]);
    expect(chanceText({ ways: 20, of: 36 })).toMatch(/^20\/36 \(55,6\s%\)$/);
    expect(verdictText(outcome, names, 2)).toBe(
      'Terninger 41, melding 61: Olaf bløffet og mister 1 liv. Olaf starter runde 2.',
    );
  });

  it('German: Viererpasch, Mäxchen, 1 Leben, 2 Leben', async () => {
    await setLocale('de');
    expect([scoreText(44), scoreText(21)]).toEqual(['44 (Viererpasch)', '21 (Mäxchen)']);
    expect([livesText(1), livesText(2)]).toEqual(['1 Leben', '2 Leben']);
    expect(numberText(1.5, 2)).toBe('1,50');
    expect(verdictText(outcome, names, 2)).toBe(
      'Würfel 41, Ansage 61: Olaf hat geblufft und verliert 1 Leben. Olaf eröffnet Runde 2.',
    );
  });

  it('Danish: firerpar, Meyer (as Danish tables call Mia), 1 liv, 2 liv', async () => {
    await setLocale('da');
    expect([scoreText(44), scoreText(21)]).toEqual(['44 (firerpar)', '21 (Meyer)']);
    expect([livesText(1), livesText(2), roundsText(2)]).toEqual(['1 liv', '2 liv', '2 runder']);
  });
});
