/**
 * Random games per preset (`MIA_RANDOM_GAMES` each, 1,000s in `npm run test:deep`), played to
 * the end through the machine's public contract, checking the invariants after every event,
 * and that every refusal's explanation is true of the game it refuses in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  firstCallerOf,
  gameMachine,
  presets,
  PRESET_IDS,
  refusal,
  type GameEvent,
  type GameSnapshot as Snapshot,
  type Refusal,
} from '../../../src/game';
import { areDice, isLegalClaim, isMia, isScore } from '../../../src/rules';
import { runs } from '../random';
import { SENSORS, candidates, random } from './random-play';

const GAMES_PER_PRESET = runs('MIA_RANDOM_GAMES', 40);
const MAX_EVENTS = 3000;

/**
 * What each refusal says about the game it was given in: the explanation agrees with the
 * machine when this holds for every event the machine refuses.
 */
function explanationHolds(why: Refusal, s: Snapshot, event: GameEvent): boolean {
  const { context: c, value: phase } = s;
  const score = 'score' in event ? event.score : NaN;
  const situation = (kind: 'rolled' | 'blind', firstCalledStanding: boolean) => ({
    standing: c.claim,
    kind,
    firstCalledStanding,
  });
  const kind = event.type === 'PASS_BLIND' ? 'blind' : 'rolled';
  switch (why.code) {
    case 'game-over':
      return s.hasTag('over');
    case 'awaiting-dice':
      return phase === 'lifting' && event.type !== 'DICE';
    case 'roll-first':
      return (phase === 'opening' || phase === 'facing') && !c.round.rolled;
    case 'already-rolled':
    case 'claim-first':
      return phase === 'rolled' && event.type !== 'CLAIM';
    case 'nothing-to-lift':
      return c.round.lifter === null && (c.claim === null || event.type === 'DICE');
    case 'already-believed':
      return phase === 'peeked';
    case 'mia-stands':
      return c.claim !== null && isMia(c.claim);
    case 'no-looking':
      return !c.rules.believerLooks && event.type === 'PEEK';
    case 'no-blind-pass':
      return c.rules.blindPass === 'off' && event.type === 'PASS_BLIND';
    case 'not-a-score':
      return !isScore(score) && why.score === score;
    case 'claim-too-low':
      return why.standing === c.claim && !isLegalClaim(score, situation(kind, false), c.rules);
    case 'must-raise':
      return (
        firstCallerOf(c, why.standing) === c.turn &&
        isLegalClaim(score, situation(kind, false), c.rules) &&
        !isLegalClaim(score, situation(kind, true), c.rules)
      );
    case 'not-a-mia':
      return c.claim !== null && !isMia(c.claim) && event.type === 'ACCEPT_MIA';
    case 'no-mia-accept':
      return !c.rules.miaAccept && event.type === 'ACCEPT_MIA';
    case 'bad-dice':
      return event.type === 'DICE' && !areDice(event.dice);
    case 'nothing-to-undo':
      return c.past.length === 0 && event.type === 'UNDO';
  }
}

const totalLives = (s: Snapshot) => s.context.players.reduce((sum, p) => sum + p.lives, 0);

function playOneGame(presetId: (typeof PRESET_IDS)[number], seed: number) {
  const rnd = random(seed);
  const players = ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].slice(0, 2 + Math.floor(rnd.next() * 4));
  const rules = { ...presets[presetId], startingLives: 1 + Math.floor(rnd.next() * 3) };
  const input = { players, rules, opener: Math.floor(rnd.next() * players.length) };
  const actor = createActor(gameMachine, { input }).start();
  const stack: Snapshot[] = [];
  const copyAt = Math.floor(rnd.next() * 40);
  let copy: ReturnType<typeof createActor<typeof gameMachine>> | null = null;

  for (let i = 0; i < MAX_EVENTS && !actor.getSnapshot().hasTag('over'); i += 1) {
    if (i === copyAt) {
      const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
      copy = createActor(gameMachine, { snapshot: stored, input: undefined }).start();
    }
    const before = actor.getSnapshot();
    const options = candidates(before, rnd);
    // can() agrees with refusal() and with what the machine does, for a random candidate,
    // and the refusal's explanation is true of the game.
    const probe = rnd.pick(options);
    const accepted = before.can(probe);
    const why = refusal(before, probe);
    expect(accepted).toBe(why === null);
    if (why) {
      expect(explanationHolds(why, before, probe), JSON.stringify([why, probe])).toBe(true);
      actor.send(probe);
      copy?.send(probe);
      expect(actor.getSnapshot()).toBe(before);
    }

    let event: GameEvent;
    const roll = rnd.next();
    if (roll < 0.04 && before.can({ type: 'UNDO' })) event = { type: 'UNDO' };
    else if (roll < 0.12) event = rnd.pick(SENSORS);
    else event = rnd.pick(options.filter((e) => before.can(e)));
    expect(before.can(event)).toBe(true);
    actor.send(event);
    copy?.send(event);
    const after = actor.getSnapshot();

    if (event.type === 'UNDO') {
      const previous = stack.pop()!;
      expect(after.value).toBe(previous.value);
      expect(after.context).toEqual(previous.context);
      continue;
    }
    if (after.context.past.length > before.context.past.length) stack.push(before);
    // Lives only fall; a settled round takes 1 or 2 from exactly one player, never below 0.
    const lost = before.context.players.map(
      (p, seat) => p.lives - after.context.players[seat].lives,
    );
    expect(Math.min(...lost)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...after.context.players.map((p) => p.lives))).toBeGreaterThanOrEqual(0);
    if (after.context.history.length > before.context.history.length) {
      const settlement = after.context.lastOutcome!;
      expect(lost.filter((l) => l > 0)).toEqual([settlement.livesLost]);
      expect(lost[settlement.verdict.loser]).toBe(settlement.livesLost);
      expect([1, 2]).toContain(settlement.verdict.penalty);
    } else {
      expect(totalLives(after)).toBe(totalLives(before));
    }
  }

  const end = actor.getSnapshot();
  expect(end.hasTag('over')).toBe(true);
  const result = end.context.result!;
  const alive = end.context.players.filter((p) => p.lives > 0).length;
  if (rules.end === 'last-standing') {
    expect(result.kind).toBe('last-standing');
    expect(alive).toBe(1);
    if (result.kind === 'last-standing')
      expect(end.context.players[result.winner].lives).toBeGreaterThan(0);
  } else {
    expect(result.kind).toBe('first-out');
    expect(alive).toBe(players.length - 1);
    if (result.kind === 'first-out') expect(end.context.players[result.loser].lives).toBe(0);
  }
  if (copy) {
    expect(copy.getSnapshot().value).toBe(end.value);
    expect(copy.getSnapshot().context).toEqual(end.context);
  }
}

describe('random games', () => {
  for (const presetId of PRESET_IDS) {
    it(
      `${presetId}: ${GAMES_PER_PRESET} games keep every invariant`,
      { timeout: 300_000 + GAMES_PER_PRESET * 100 },
      () => {
        fc.assert(
          fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) =>
            playOneGame(presetId, seed),
          ),
          { numRuns: GAMES_PER_PRESET },
        );
      },
    );
  }
});
