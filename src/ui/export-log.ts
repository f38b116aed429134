/**
 * The full log of a game as a JSON document, for export: the stored record (its input and every
 * step, as the store keeps them), the game in words for people, and the problems the app noted
 * on this device (an update that had to wait, for example), for whoever looks into what
 * happened. A copy to keep, read or share: the app has no import and never opens such a file.
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
