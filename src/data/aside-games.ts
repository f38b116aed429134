/**
 * Games set aside: kept rather than replaced, listed, to be resumed (or downloaded, or let go).
 * A game is set aside when a new one starts while it runs, and when this page found another
 * game stored that it had not read. The store keeps them (`aside:<id>` in `games`); the page
 * also keeps in memory those it set aside itself, whole, so that none of this evening's games
 * is lost while storage fails.
 */
import { readStoredGame, type StoredGame } from '../game';
import type { GameStore } from './game-store';

/** A game set aside: its record for download, and what says which game it was. */
export interface AsideGame {
  key: string;
  raw: unknown;
  /** Its players, or null when the record does not read (it cannot be resumed). */
  players: string[] | null;
  startedAt: string | null;
  /** The round it was in (null when it does not read). */
  round: number | null;
  /** It ended (a game set aside by an older version may have). */
  over: boolean;
}

/** The key a game is set aside under. */
export const asideKey = (id: string): string => `aside:${id}`;

/** What a set-aside record says of its game. */
export function describeAside(key: string, raw: unknown): AsideGame {
  const read = readStoredGame(raw);
  if (read.kind !== 'ok')
    return { key, raw, players: null, startedAt: null, round: null, over: false };
  const snapshot = read.actor.getSnapshot();
  read.actor.stop();
  const { input, startedAt } = read.game;
  return {
    key,
    raw,
    players: input.players,
    startedAt: startedAt ?? null,
    round: snapshot.context.round.number,
    over: snapshot.hasTag('over'),
  };
}

/** The set-aside games of a session: those in its store, and those it set aside itself. */
export class AsideShelf {
  /** The games this page set aside, whole, by key: kept while storage fails too. */
  private readonly kept = new Map<string, StoredGame>();

  /** `store`: the session's open store, if any. */
  constructor(private readonly store: () => GameStore | null) {}

  /** Keep a game set aside (the store sets it aside when the next game's head is written). */
  keep(record: StoredGame, id: string): void {
    this.kept.set(asideKey(record.id ?? id), record);
  }

  /** A set-aside game's record: the page's own copy (the newest), else the stored one. */
  async raw(key: string): Promise<unknown> {
    if (this.kept.has(key)) return this.kept.get(key);
    return (await this.stored()).find((game) => game.key === key)?.raw;
  }

  /**
   * The games to list: those stored and those kept here, but not the current game (resumed
   * while its stored copy could not be taken back); the newest first.
   */
  async list(currentId: string): Promise<AsideGame[]> {
    const all = new Map<string, unknown>(
      (await this.stored().catch(() => [])).map(({ key, raw }) => [key, raw]),
    );
    for (const [key, record] of this.kept) all.set(key, record);
    all.delete(asideKey(currentId));
    return [...all]
      .map(([key, raw]) => describeAside(key, raw))
      .sort((a, b) => (b.startedAt ?? '').localeCompare(a.startedAt ?? ''));
  }

  /** A game is no longer aside here (resumed, or let go). */
  drop(key: string): void {
    this.kept.delete(key);
  }

  private async stored(): Promise<{ key: string; raw: unknown }[]> {
    const store = this.store();
    return store && !store.lost ? store.asideGames() : [];
  }
}
