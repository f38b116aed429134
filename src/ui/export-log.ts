/** The full log of a game as a JSON document, for export. */
import { SCHEMA_VERSION, type GameActor, type GameInput } from '../game';
import { verdictText } from './text/verdict';

export function gameLog(actor: GameActor, input: GameInput) {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  const names = context.players.map((p) => p.name);
  return {
    app: 'mia-cup',
    schema: SCHEMA_VERSION,
    exportedAt: new Date().toISOString(),
    input,
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
    /** The machine's persisted snapshot: restores the game exactly. */
    snapshot: actor.getPersistedSnapshot(),
  };
}
