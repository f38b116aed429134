import { expect } from 'vitest';
import { createActor } from 'xstate';
import {
  SCOREBOARD_SCHEMA,
  gameMachine,
  groupKey,
  refusal,
  presets,
  type GameEvent,
  type GameInput,
  type GameResultRecord,
  type RuleSet,
} from '../../../src/game';

export type Game = ReturnType<typeof newGame>;

/** A started game actor with a `send` that insists every event is accepted. */
export function newGame(rules: RuleSet, players = ['Ann', 'Bo', 'Cy'], opener?: number) {
  const actor = createActor(gameMachine, { input: { players, rules, opener } }).start();
  const play = (...events: GameEvent[]) => {
    for (const event of events) {
      const snapshot = actor.getSnapshot();
      expect(refusal(snapshot, event), JSON.stringify(event)).toBeNull();
      expect(snapshot.can(event), JSON.stringify(event)).toBe(true);
      actor.send(event);
    }
  };
  const refused = (event: GameEvent) => {
    const before = actor.getSnapshot();
    expect(before.can(event), JSON.stringify(event)).toBe(false);
    const why = refusal(before, event);
    actor.send(event);
    expect(actor.getSnapshot()).toBe(before);
    return why;
  };
  return {
    actor,
    play,
    refused,
    get snapshot() {
      return actor.getSnapshot();
    },
    get context() {
      return actor.getSnapshot().context;
    },
    get lives() {
      return actor.getSnapshot().context.players.map((p) => p.lives);
    },
  };
}

export const roll = (score: number): GameEvent[] => [{ type: 'ROLL' }, { type: 'CLAIM', score }];
export const blind = (score: number): GameEvent => ({ type: 'PASS_BLIND', score });
export const liftWith = (a: number, b: number): GameEvent[] => [
  { type: 'LIFT' },
  { type: 'DICE', dice: [a, b] },
];

/** A scoreboard result of these players, with these places, ended at minute `id`. */
export const resultAt = (
  players: string[],
  placements: number[],
  id: string,
): GameResultRecord => ({
  schema: SCOREBOARD_SCHEMA,
  id,
  group: groupKey(players),
  players,
  placements,
  endedAt: `2026-11-29T20:0${id}:00.000Z`,
});

/** The players and rules of the worked example of 000 (longhall). */
export const example000: GameInput = {
  players: ['Erik', 'Snorri', 'Olaf'],
  rules: presets.longhall,
};

/** Round 1 of the worked example of 000, up to the lift (dice not yet shown). */
export function midLift() {
  const actor = createActor(gameMachine, { input: example000 }).start();
  const events: GameEvent[] = [...roll(54), ...roll(61), blind(61), { type: 'LIFT' }];
  for (const event of events) actor.send(event);
  return actor;
}
