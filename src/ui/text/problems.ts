/**
 * What the game layer reports as codes, in words the table reads: refused events, the cup's
 * warnings, and problems that stop a game from starting.
 */
import { msg, str } from '@lit/localize';
import type { GameWarning, InputProblem, Refusal } from '../../game';
import { settingLabels } from './settings';

export function refusalText(refusal: Refusal): string {
  switch (refusal.code) {
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

/** A warning in words. */
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
  }
}

/** Why a game cannot start, in words (the new-game screen shows them). */
export function inputProblemText(problem: InputProblem): string {
  switch (problem.code) {
    case 'player-count':
      return msg(str`A game needs ${problem.min} to ${problem.max} players.`);
    case 'unnamed-player':
      return msg('Every player needs a name.');
    case 'same-name':
      return msg(str`Two players are called ${problem.name}.`);
    case 'bad-opener':
      return msg(str`The opener must be one of players 1 to ${problem.last + 1}.`);
    case 'no-rules':
      return msg('The rules are missing.');
    case 'bad-setting':
      return msg(
        str`The setting ${settingLabels()[problem.setting]} has a value Mia Cup does not know.`,
      );
  }
}
