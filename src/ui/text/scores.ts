/** Scores, counts, numbers and chances in words, in the language the table speaks. */
import { msg, str } from '@lit/localize';
import { MIA, isDouble, type Chance } from '../../rules';
import { numberFormat, plurals } from './formatters';

/**
 * A whole number from 0 to 999, which every language the app speaks writes in plain digits: it
 * needs no `Intl` formatter, whose first use costs about 300 ms on a slow tablet (the new-game
 * screen shows such numbers only).
 */
const plain = (value: number): boolean => Number.isInteger(value) && value >= 0 && value < 1000;

/** A number as the table's language writes it ("1.5" in English, "1,5" in Norwegian). */
export const numberText = (value: number, fractionDigits = 0): string =>
  fractionDigits === 0 && plain(value)
    ? String(value)
    : numberFormat({
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }).format(value);

/**
 * True where the table's language uses the singular ("1 life"). For whole numbers that is 1
 * alone in every language the app speaks (en, nb, de, da).
 */
const one = (count: number): boolean =>
  Number.isInteger(count) ? count === 1 : plurals().select(count) === 'one';

/** The name players give a score, or null for a plain number: "Mia", "double 4". */
export function scoreName(score: number): string | null {
  if (score === MIA) return msg('Mia');
  if (!isDouble(score)) return null;
  switch (score) {
    case 11:
      return msg('double 1');
    case 22:
      return msg('double 2');
    case 33:
      return msg('double 3');
    case 44:
      return msg('double 4');
    case 55:
      return msg('double 5');
    default:
      return msg('double 6');
  }
}

/** A score as players say it: "61", "21 (Mia)", "44 (double 4)". */
export function scoreText(score: number): string {
  const name = scoreName(score);
  return name === null ? String(score) : msg(str`${score} (${name})`);
}

/** "1 life", "2 lives". */
export const livesText = (count: number): string =>
  one(count) ? msg('1 life') : msg(str`${numberText(count)} lives`);

/** "1 round", "2 rounds". */
export const roundsText = (count: number): string =>
  one(count) ? msg('1 round') : msg(str`${numberText(count)} rounds`);

/** A chance as a percentage with one decimal at most: "55.6%", "55,6 %". */
export const percentText = (chance: Chance): string =>
  numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(chance.ways / chance.of);

/** A chance exactly and as a percentage: "20/36 (55.6%)". */
export const chanceText = (chance: Chance): string =>
  `${chance.ways}/${chance.of} (${percentText(chance)})`;
