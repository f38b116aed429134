/**
 * Model-based coverage with xstate/graph: the shortest paths to every reachable (abstracted)
 * state, under rule sets that between them switch on every feature, reach every state of the
 * machine and take every one of its transitions.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyTransitionDefinition, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  firstCallerOf,
  gameMachine,
  presets,
  type GameEvent,
  type GameInput,
  type RuleSet,
} from '../../../src/game';
import { legalClaims } from '../../../src/rules';

type Snapshot = SnapshotFrom<typeof gameMachine>;

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
  ['longhall, 2 lives', { ...presets.longhall, startingLives: 2 }],
  ['pub, 1 life', { ...presets.pub, startingLives: 1 }],
  ['lizumo, 2 lives', { ...presets.lizumo, startingLives: 2 }],
];

describe('model-based coverage', () => {
  it('reaches every state and takes every transition of the machine', { timeout: 60_000 }, () => {
    const taken = new Set<AnyTransitionDefinition>();
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
      for (const path of paths) {
        reached.add(String(path.state.value));
        // From every reachable state, every candidate event: every edge, not only the paths.
        const persisted = gameMachine.getPersistedSnapshot(path.state);
        for (const event of candidates(path.state)) {
          const actor = createActor(gameMachine, {
            snapshot: persisted,
            input: undefined,
            inspect: (inspection) => {
              if (inspection.type === '@xstate.microstep') {
                for (const t of inspection._transitions) taken.add(t);
              }
            },
          }).start();
          actor.send(event);
          actor.stop();
        }
      }
    }
    const allStates = Object.keys(gameMachine.root.states);
    expect([...reached].sort()).toEqual([...allStates].sort());

    const all: { where: string; t: AnyTransitionDefinition }[] = [];
    const nodes = [gameMachine.root, ...Object.values(gameMachine.root.states)];
    for (const node of nodes) {
      for (const [eventType, list] of node.transitions) {
        list.forEach((t, i) => all.push({ where: `${node.key} ${eventType} #${i}`, t }));
      }
    }
    const missed = all.filter(({ t }) => !taken.has(t)).map(({ where }) => where);
    expect(missed).toEqual([]);
    expect(all.length).toBeGreaterThan(30);
    expect(pathCount).toBeGreaterThan(100);
  });
});
