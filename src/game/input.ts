/** Checking the machine's input: players and rules. */
import { ruleSetProblems } from '../rules';
import type { GameInput } from './types';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;

/** Problems with a game's input, in words; empty when the game can start. */
export function inputProblems(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return ['The game needs players and rules.'];
  const { players, rules, opener } = input as Partial<GameInput>;
  const problems: string[] = [];
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    problems.push(`A game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`);
  } else {
    if (players.some((name) => typeof name !== 'string' || name.trim() === '')) {
      problems.push('Every player needs a name.');
    } else {
      const seen = new Set<string>();
      for (const name of players) {
        const key = name.trim().toLocaleLowerCase();
        if (seen.has(key)) problems.push(`Two players are called ${name.trim()}.`);
        seen.add(key);
      }
    }
    const count = players.length;
    if (
      opener !== undefined &&
      (typeof opener !== 'number' || !Number.isInteger(opener) || opener < 0 || opener >= count)
    ) {
      problems.push(`The opener must be a seat from 0 to ${count - 1}.`);
    }
  }
  problems.push(...ruleSetProblems(rules));
  return problems;
}
