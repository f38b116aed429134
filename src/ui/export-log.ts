/**
 * The full log of a game as a JSON document, for export: the stored record (input and every
 * step; it restores the game exactly, through the same reader as stored games), and the game
 * in words for people; and the problems the app noted on this device (an update that had to
 * wait, for example), for whoever looks into what happened.
 */
import { problems } from '../data';
import type { GameActor, StoredGame } from '../game';
import { verdictText } from './text/verdict';

export function gameLog(actor: GameActor, record: StoredGame) {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  const names = context.players.map((p) => p.name);
  return {
    app: 'mia-cup',
    ...record,
    exportedAt: new Date().toISOString(),
    phase: snapshot.value,
    over: snapshot.hasTag('over'),
    players: context.players,
    rules: context.rules,
    result: context.result,
    rounds: context.history.map((round) => ({
      ...round,
      players: round.claims.map((c) => names[c.seat]),
      summary: verdictText(round.settlement, names, round.number + 1),
    })),
    currentRound: context.round,
    warnings: context.warnings,
    problems: problems(),
  };
}
