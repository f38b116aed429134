/**
 * `npm run bench`: how fast the round machine takes events, and how big a stored game grows.
 * Prints figures; asserts nothing.
 */
import { bench, describe } from 'vitest';
import { createActor } from 'xstate';
import { gameMachine, presets, type GameEvent } from '../../src/game';

/** A fixed, realistic round: open, believe twice, lift, settle (the claim is a bluff). */
const ROUND: GameEvent[] = [
  { type: 'ROLL' },
  { type: 'CLAIM', score: 43 },
  { type: 'ROLL' },
  { type: 'CLAIM', score: 54 },
  { type: 'PASS_BLIND', score: 62 },
  { type: 'LIFT' },
  { type: 'DICE', dice: [3, 1] },
];

function longGame(rounds: number) {
  const rules = { ...presets.box, startingLives: 20 };
  const players = Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`);
  const actor = createActor(gameMachine, { input: { players, rules } }).start();
  for (let r = 0; r < rounds && !actor.getSnapshot().hasTag('over'); r += 1) {
    for (const event of ROUND) actor.send(event);
  }
  return actor;
}

for (const rounds of [10, 50, 150]) {
  const bytes = JSON.stringify(longGame(rounds).getPersistedSnapshot()).length;
  console.log(
    `stored_game_bytes rounds=${rounds} bytes=${bytes} per_round=${Math.round(bytes / rounds)}`,
  );
}

describe('round machine', () => {
  bench('a 7-event round (10 players)', () => {
    longGame(1);
  });
  bench('50 rounds, 350 events', () => {
    longGame(50);
  });
  bench('persist and restore after 50 rounds', () => {
    const stored = JSON.parse(JSON.stringify(longGame(50).getPersistedSnapshot()));
    createActor(gameMachine, { snapshot: stored, input: undefined }).start();
  });
});
