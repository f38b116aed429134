/** Places at the end of a game in words, shared places (ties) included. */
import { msg, str } from '@lit/localize';
import type { RuleSet } from '../../rules';
import { namesText } from './formatters';
import { placesInWords } from './rules';

/** A player's place, "Place 2", or "Place 2 (shared)" where others share it. */
export function placeText(place: number, shared: boolean): string {
  return shared ? msg(str`Place ${place} (shared)`) : msg(str`Place ${place}`);
}

/** The places shared by more than one player: each place with its seats, best first. */
export function sharedPlaces(places: readonly number[]): [number, number[]][] {
  const by = new Map<number, number[]>();
  places.forEach((place, seat) => by.set(place, [...(by.get(place) ?? []), seat]));
  return [...by].filter(([, seats]) => seats.length > 1).sort(([a], [b]) => a - b);
}

/** Why players share a place, where they do, with the rule that says so; null: no tie. */
export function tiesText(
  places: readonly number[],
  names: readonly string[],
  rules: RuleSet,
): string | null {
  const ties = sharedPlaces(places);
  if (ties.length === 0) return null;
  const lines = ties.map(([place, seats]) => {
    const who = namesText(seats.map((seat) => names[seat]));
    return msg(str`${who} share place ${place}.`);
  });
  return `${lines.join(' ')} ${placesInWords(rules)}`;
}
