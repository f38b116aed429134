/**
 * What the round machine reports as a code, in words the table reads: refused events and the
 * cup's warnings. One table, one line a code. (Why a game cannot start: `setup-problems.ts`,
 * on the first screen.)
 */
import { msg, str } from '@lit/localize';
import type { GameWarning, Refusal } from '../../game';

/** What the game reports: a code, with the parameters its words need. */
export type Reported = Refusal | GameWarning;

const WORDS: { [C in Reported['code']]: (problem: Extract<Reported, { code: C }>) => string } = {
  // Events the machine refuses
  'game-over': () => msg('The game is over.'),
  'awaiting-dice': () => msg('The cup is lifted: enter the dice it shows first.'),
  'roll-first': () => msg('Roll the dice first.'),
  'already-rolled': () => msg('The dice have been rolled: announce a score.'),
  'claim-first': () => msg('Announce a score first.'),
  'nothing-to-lift': () => msg('There is no claim to lift yet.'),
  'already-believed': () =>
    msg('You looked, so you believed: keep the dice or re-roll, then announce.'),
  'mia-stands': () => msg('Nothing beats a Mia: lift it, or give it up where the table allows.'),
  'no-looking': () => msg('At this table, believing means rolling without looking.'),
  'no-blind-pass': () => msg('This table does not allow handing the cup on blind.'),
  'not-a-score': () => msg('That is not a Mia score.'),
  'claim-too-low': () => msg('The claim must beat the standing one.'),
  'must-raise': () => msg('You called this score first: now you must raise it.'),
  'not-a-mia': () => msg('Only a Mia claim can be given up without looking.'),
  'no-mia-accept': () => msg('This table does not allow giving up a Mia without looking.'),
  'bad-dice': () => msg('Each die shows 1 to 6.'),
  'nothing-to-undo': () => msg('There is nothing to undo.'),
  // The cup's warnings: sensor events that fit no rule
  'shake-while-lifting': () => msg('The cup was shaken while the lifted dice were awaited.'),
  'shake-after-look': () => msg('The cup was shaken again after the roller looked.'),
  'shake-at-mia': () => msg('The cup was shaken, but a Mia can only be lifted or given up.'),
  'lid-before-roll': () => msg('The lid was opened before anyone rolled.'),
  'sensor-after-game': () => msg('The cup was used after the game ended.'),
};

/** What the game reported, in the table's language. */
export const gameText = (reported: Reported): string =>
  (WORDS[reported.code] as (problem: Reported) => string)(reported);

/** A warning of the cup in words, with how many times it happened when more than once. */
export const warningText = (warning: GameWarning): string =>
  warning.count > 1 ? msg(str`${gameText(warning)} (${warning.count} times)`) : gameText(warning);
