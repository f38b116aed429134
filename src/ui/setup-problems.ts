/** What stops a game from starting, in words (the new-game screen shows them). */
import { msg, str } from '@lit/localize';
import { MAX_PLAYERS, MIN_PLAYERS } from '../game';

export function setupProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  if (names.length < MIN_PLAYERS || names.length > MAX_PLAYERS) {
    problems.push(msg(str`A game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`));
  }
  if (names.some((n) => n.trim() === '')) problems.push(msg('Every player needs a name.'));
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLocaleLowerCase();
    if (key && seen.has(key)) problems.push(msg(str`Two players are called ${name.trim()}.`));
    seen.add(key);
  }
  return problems;
}
