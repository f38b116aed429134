/**
 * Why a game cannot start (`inputProblems`), in words the new-game screen shows: one line a
 * code.
 */
import { msg, str } from '@lit/localize';
import type { InputProblem } from '../../game';
import { settingLabels } from './settings';

const WORDS: {
  [C in InputProblem['code']]: (problem: Extract<InputProblem, { code: C }>) => string;
} = {
  'player-count': (problem) => msg(str`A game needs ${problem.min} to ${problem.max} players.`),
  'unnamed-player': () => msg('Every player needs a name.'),
  'same-name': (problem) =>
    problem.count === 2
      ? msg(str`Two players are called ${problem.name}.`)
      : msg(str`${problem.count} players are called ${problem.name}.`),
  'bad-opener': (problem) => msg(str`The opener must be one of players 1 to ${problem.last + 1}.`),
  'no-rules': () => msg('The rules are missing.'),
  'bad-setting': (problem) =>
    msg(str`The setting ${settingLabels()[problem.setting]} has a value Mia Cup does not know.`),
};

/** Why a game cannot start, in the table's language. */
export const setupProblemText = (problem: InputProblem): string =>
  (WORDS[problem.code] as (problem: InputProblem) => string)(problem);
