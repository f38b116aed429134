/**
 * The one check of a game's input (players, opener, rules): the machine refuses to start with a
 * problem, the new-game screen shows the problems in words (`ui/text`), stored games are
 * checked with it. Problems are codes with parameters, never words.
 */
import {
  MIN_PLAYERS,
  MOST_PLAYERS,
  ruleSetProblems,
  type RuleSet,
  type RuleSetProblem,
} from '../rules';
import type { GameInput } from './types';

export { MIN_PLAYERS };
/** The most players any table seats; each rule set has its own limit (`maxPlayers`). */
export const MAX_PLAYERS = MOST_PLAYERS;

export type InputProblem =
  | { code: 'player-count'; min: number; max: number }
  | { code: 'unnamed-player' }
  /** `name` is the later of two names that differ only in capitals or spaces. */
  /** `count` players share a name (letter case aside); `name` as the first of them wrote it. */
  | { code: 'same-name'; name: string; count: number }
  /** The opener is not a seat: seats are 0 to `last`. */
  | { code: 'bad-opener'; last: number }
  | RuleSetProblem;

/** The most players these rules seat (the most any table seats, when the rules are unusable). */
const limitOf = (rules: unknown): number =>
  ruleSetProblems(rules).length === 0 ? (rules as RuleSet).maxPlayers : MOST_PLAYERS;

function playerProblems(players: unknown, max: number): InputProblem[] {
  const count: InputProblem = { code: 'player-count', min: MIN_PLAYERS, max };
  if (!Array.isArray(players)) return [count];
  const problems: InputProblem[] = [];
  if (players.length < MIN_PLAYERS || players.length > max) problems.push(count);
  const names = players.map((name: unknown) => (typeof name === 'string' ? name.trim() : ''));
  if (names.includes('')) problems.push({ code: 'unnamed-player' });
  const shared = new Map<string, { name: string; count: number }>();
  for (const name of names) {
    const key = name.toLocaleLowerCase();
    if (!key) continue;
    const seen = shared.get(key);
    if (seen) seen.count++;
    else shared.set(key, { name, count: 1 });
  }
  for (const { name, count } of shared.values()) {
    if (count > 1) problems.push({ code: 'same-name', name, count });
  }
  return problems;
}

function openerProblems(players: unknown, opener: unknown): InputProblem[] {
  if (opener === undefined || !Array.isArray(players)) return [];
  const last = players.length - 1;
  const isSeat = typeof opener === 'number' && Number.isInteger(opener);
  return isSeat && opener >= 0 && opener <= last ? [] : [{ code: 'bad-opener', last }];
}

/** Why a game with this input cannot start; empty when it can. */
export function inputProblems(input: unknown): InputProblem[] {
  const { players, rules, opener } = (
    typeof input === 'object' && input !== null ? input : {}
  ) as Partial<Record<keyof GameInput, unknown>>;
  return [
    ...playerProblems(players, limitOf(rules)),
    ...openerProblems(players, opener),
    ...ruleSetProblems(rules),
  ];
}
