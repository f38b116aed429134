/**
 * Random play of the round machine, shared by the random games (`random-games.test.ts`) and the
 * pub evening soak (`test/unit/soak`): a seeded random source, and the events a table could
 * send now, legal or not, with real and bad values.
 */
import { firstCallerOf, type GameEvent, type GameSnapshot } from '../../../src/game';
import { ALL_SCORES, legalClaims } from '../../../src/rules';
import { mulberry32 } from '../random';

export type Random = ReturnType<typeof random>;

export function random(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
  };
}

export const SENSORS: GameEvent[] = [
  { type: 'CUP.SHAKE' },
  { type: 'CUP.LID_OPEN' },
  { type: 'CUP.LID_CLOSED' },
];

/** Candidate table events now, legal or not: every kind of event, with real and bad values. */
export function candidates(snapshot: GameSnapshot, rnd: Random): GameEvent[] {
  const { context } = snapshot;
  const firstCalledStanding =
    context.claim !== null && firstCallerOf(context, context.claim) === context.turn;
  const situation = { standing: context.claim, firstCalledStanding };
  const claims = legalClaims({ ...situation, kind: 'rolled' }, context.rules);
  const blinds = legalClaims({ ...situation, kind: 'blind' }, context.rules);
  const die = () => 1 + Math.floor(rnd.next() * 6);
  return [
    { type: 'ROLL' },
    { type: 'PEEK' },
    { type: 'LIFT' },
    { type: 'ACCEPT_MIA' },
    { type: 'CLAIM', score: claims.length ? rnd.pick(claims) : rnd.pick(ALL_SCORES) },
    { type: 'PASS_BLIND', score: blinds.length ? rnd.pick(blinds) : rnd.pick(ALL_SCORES) },
    { type: 'CLAIM', score: rnd.pick(ALL_SCORES) },
    { type: 'DICE', dice: [die(), die()] },
    { type: 'DICE', dice: [0, 7] },
  ];
}

/** A legal step by hand now: mostly a move of the round, now and then an undo. */
export function handStep(snapshot: GameSnapshot, rnd: Random, undo = 0.04): GameEvent {
  if (rnd.next() < undo && snapshot.can({ type: 'UNDO' })) return { type: 'UNDO' };
  return rnd.pick(candidates(snapshot, rnd).filter((e) => snapshot.can(e)));
}
