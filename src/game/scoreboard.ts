/**
 * The session scoreboard, pure: every finished game with the same players (in any seat order),
 * so the table can see games won and average placement across a night. `groupKey`,
 * `resultOf`, `decodeResult`, `scoreboard`; the store that keeps results is `src/data`'s.
 */
import { placements } from './stats';
import type { GameContext } from './types';

/** The version of a stored result's shape. Raise it when that shape changes. */
export const SCOREBOARD_SCHEMA = 1;

/** One finished game, as the scoreboard keeps it. */
export interface GameResultRecord {
  schema: number;
  /** The game's id: recording the same game again replaces it. */
  id: string;
  /** The players' names, normalized and sorted: who sat at the table, in any order. */
  group: string;
  /** Names as entered, in seat order. */
  players: string[];
  /** Place per seat, 1 for the winner. */
  placements: number[];
  endedAt: string;
}

/** A player's line on the scoreboard. */
export interface ScoreLine {
  name: string;
  games: number;
  wins: number;
  /** Average place, 1 is best; null before any game was recorded. */
  averagePlace: number | null;
}

const normal = (name: string) => name.trim().toLocaleLowerCase();

/** The same players, whatever the seat order or the capitals. */
export function groupKey(players: readonly string[]): string {
  return players.map(normal).sort().join('\u001f');
}

/** The record of a finished game; null while the game is still on. */
export function resultOf(
  id: string,
  context: Pick<GameContext, 'players' | 'history' | 'result'>,
  endedAt: Date = new Date(),
): GameResultRecord | null {
  if (!context.result) return null;
  const players = context.players.map((p) => p.name);
  return {
    schema: SCOREBOARD_SCHEMA,
    id,
    group: groupKey(players),
    players,
    placements: placements(context),
    endedAt: endedAt.toISOString(),
  };
}

/** A stored result, checked; null for anything this version cannot read. */
export function decodeResult(raw: unknown): GameResultRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Partial<GameResultRecord>;
  const ok =
    r.schema === SCOREBOARD_SCHEMA &&
    typeof r.id === 'string' &&
    typeof r.group === 'string' &&
    typeof r.endedAt === 'string' &&
    Array.isArray(r.players) &&
    r.players.every((p) => typeof p === 'string') &&
    Array.isArray(r.placements) &&
    r.placements.length === r.players.length &&
    r.placements.every((p) => Number.isInteger(p) && p >= 1 && p <= r.players!.length) &&
    groupKey(r.players) === r.group;
  return ok ? (r as GameResultRecord) : null;
}

/**
 * Games, wins and average place for these players, from the results of their group (others
 * are ignored), best first: most wins, then best average place, then seat order.
 */
export function scoreboard(
  results: readonly GameResultRecord[],
  players: readonly string[],
): ScoreLine[] {
  const group = groupKey(players);
  const mine = results.filter((r) => r.group === group);
  const lines = players.map((name, seat) => {
    const places = mine.map((r) => {
      const at = r.players.findIndex((p) => normal(p) === normal(name));
      return r.placements[at];
    });
    const total = places.reduce((sum, p) => sum + p, 0);
    return {
      seat,
      line: {
        name,
        games: places.length,
        wins: places.filter((p) => p === 1).length,
        averagePlace: places.length ? total / places.length : null,
      },
    };
  });
  return lines
    .sort(
      (a, b) =>
        b.line.wins - a.line.wins ||
        (a.line.averagePlace ?? Infinity) - (b.line.averagePlace ?? Infinity) ||
        a.seat - b.seat,
    )
    .map((l) => l.line);
}
