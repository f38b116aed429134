/** The machine's refusals and warnings, by code, in words the table reads. */
import { msg } from '@lit/localize';
import type { GameWarning, RefusalCode } from '../../game';

export function refusalText(code: RefusalCode): string {
  switch (code) {
    case 'game-over':
      return msg('The game is over.');
    case 'awaiting-dice':
      return msg('The cup is lifted: enter the dice it shows first.');
    case 'roll-first':
      return msg('Roll the dice first.');
    case 'already-rolled':
      return msg('The dice have been rolled: announce a score.');
    case 'claim-first':
      return msg('Announce a score first.');
    case 'nothing-to-lift':
      return msg('There is no claim to lift yet.');
    case 'already-believed':
      return msg('You looked, so you believed: keep the dice or re-roll, then announce.');
    case 'mia-stands':
      return msg('Nothing beats a Mia: lift it, or give it up where the table allows.');
    case 'no-looking':
      return msg('At this table, believing means rolling without looking.');
    case 'no-blind-pass':
      return msg('This table does not allow handing the cup on blind.');
    case 'not-a-score':
      return msg('That is not a Mia score.');
    case 'claim-too-low':
      return msg('The claim must beat the standing one.');
    case 'must-raise':
      return msg('You called this score first: now you must raise it.');
    case 'not-a-mia':
      return msg('Only a Mia claim can be given up without looking.');
    case 'no-mia-accept':
      return msg('This table does not allow giving up a Mia without looking.');
    case 'bad-dice':
      return msg('Each die shows 1 to 6.');
    case 'nothing-to-undo':
      return msg('There is nothing to undo.');
  }
}

/** A warning in words; a code this version does not know falls back to the machine's words. */
export function warningText(warning: GameWarning): string {
  switch (warning.code) {
    case 'shake-while-lifting':
      return msg('The cup was shaken while the lifted dice were awaited.');
    case 'shake-after-look':
      return msg('The cup was shaken again after the roller looked.');
    case 'shake-at-mia':
      return msg('The cup was shaken, but a Mia can only be lifted or given up.');
    case 'lid-before-roll':
      return msg('The lid was opened before anyone rolled.');
    case 'sensor-after-game':
      return msg('The cup was used after the game ended.');
    default:
      return warning.message;
  }
}
