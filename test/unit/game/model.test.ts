/**
 * Model-based coverage with xstate/graph: the shortest paths to every reachable (abstracted)
 * state, under rule sets that between them switch on every feature, reach every state of the
 * machine and take every one of its transitions. Through XState's public API only:
 * `getNextTransitions` lists the transitions of a state, `machine.getTransitionData` names
 * the ones an event takes. `MIA_MODEL_LIVES` sets the starting lives (more: a larger graph).
 */
import { describe, expect, it } from 'vitest';
import { getNextTransitions, type AnyTransitionDefinition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  firstCallerOf,
  gameMachine,
  presets,
  type GameEvent,
  type GameInput,
  type GameSnapshot as Snapshot,
  type RuleSet,
} from '../../../src/game';
import { legalClaims } from '../../../src/rules';
import { runs } from '../random';

const LIVES = runs('MIA_MODEL_LIVES', 1);

/** A few events of each type: the weakest legal claim, a Mia, a true and a false lift. */
function candidates(snapshot: Snapshot): GameEvent[] {
  const { context } = snapshot;
  const firstCalledStanding =
    context.claim !== null && firstCallerOf(context, context.claim) === context.turn;
  const situation = { standing: context.claim, firstCalledStanding };
  const rolled = legalClaims({ ...situation, kind: 'rolled' }, context.rules);
  const blind = legalClaims({ ...situation, kind: 'blind' }, context.rules);
  const some = (scores: number[]) => [...new Set([scores.at(-1), scores[0]])].filter(Boolean);
  return [
    { type: 'ROLL' },
    { type: 'PEEK' },
    ...some(rolled).map((score) => ({ type: 'CLAIM' as const, score: score! })),
    ...some(blind).map((score) => ({ type: 'PASS_BLIND' as const, score: score! })),
    { type: 'LIFT' },
    { type: 'DICE', dice: [2, 1] },
    { type: 'DICE', dice: [3, 1] },
    { type: 'ACCEPT_MIA' },
    { type: 'UNDO' },
    { type: 'CUP.SHAKE' },
    { type: 'CUP.LID_OPEN' },
    { type: 'CUP.LID_CLOSED' },
  ];
}

/** Everything that decides what can happen next (not the full undo stack or warnings). */
function abstraction(snapshot: Snapshot): string {
  const { context: c } = snapshot;
  return JSON.stringify([
    snapshot.value,
    c.claim,
    c.turn,
    c.players.map((p) => p.lives),
    c.round.rolled,
    c.round.looked,
    c.claim !== null && firstCallerOf(c, c.claim) === c.turn,
    c.past.at(-1)?.phase ?? null,
    c.warnings.length > 0,
  ]);
}

const variants: [string, RuleSet][] = [
  ['longhall', { ...presets.longhall, startingLives: LIVES + 1 }],
  ['pub', { ...presets.pub, startingLives: LIVES }],
  ['lizumo', { ...presets.lizumo, startingLives: LIVES + 1 }],
];

describe('model-based coverage', () => {
  it(
    'reaches every state and takes every transition of the machine',
    { timeout: 300_000 * LIVES }, // a hang limit: minutes on a busy 2-core machine
    () => {
      const taken = new Set<AnyTransitionDefinition>();
      const all = new Map<AnyTransitionDefinition, string>();
      const reached = new Set<string>();
      let pathCount = 0;
      for (const [, rules] of variants) {
        const input: GameInput = { players: ['Ann', 'Bo'], rules };
        const paths = getShortestPaths(gameMachine, {
          input,
          events: candidates,
          serializeState: abstraction,
        });
        pathCount += paths.length;
        for (const { state } of paths) {
          reached.add(String(state.value));
          for (const t of getNextTransitions(state)) {
            all.set(t, `${t.source.key} ${t.eventType} #${t.source.on[t.eventType].indexOf(t)}`);
          }
          // From every reachable state, every candidate event: every edge, not only the paths.
          for (const event of candidates(state)) {
            for (const t of gameMachine.getTransitionData(state, event)) taken.add(t);
          }
        }
      }
      const allStates = Object.keys(gameMachine.root.states);
      expect([...reached].sort()).toEqual([...allStates].sort());

      const missed = [...all].filter(([t]) => !taken.has(t)).map(([, where]) => where);
      expect(missed).toEqual([]);
      expect(all.size).toBeGreaterThan(30);
      expect(pathCount).toBeGreaterThan(100);
    },
  );
});
