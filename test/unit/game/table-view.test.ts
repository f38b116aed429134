/**
 * The stored table view draws the table the machine would: for random games of every preset
 * (with sensor events and undo), the view read back agrees with the live snapshot on every field
 * the table shows, and on what the machine takes (`can`) for every event a table could send. A
 * view of another game, of another format, of a game over or with bad fields is not drawn.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  gameMachine,
  presets,
  PRESET_IDS,
  TABLE_VIEW_FIELDS,
  TABLE_VIEW_VERSION,
  readTableView,
  tableViewOf,
  type GameEvent,
  type GameInput,
  type GameSnapshot,
} from '../../../src/game';
import { ALL_SCORES } from '../../../src/rules';
import { runs } from '../random';
import { SENSORS, handStep, random } from './random-play';

const GAMES = runs('MIA_RANDOM_GAMES', 6);
const ID = '0123456789abcdef';

/** Every event a table could send, for `can`. */
const EVERY_EVENT: GameEvent[] = [
  ...(['ROLL', 'PEEK', 'LIFT', 'ACCEPT_MIA', 'UNDO'] as const).map((type) => ({ type })),
  ...ALL_SCORES.flatMap((score) => [
    { type: 'CLAIM' as const, score },
    { type: 'PASS_BLIND' as const, score },
  ]),
  { type: 'CLAIM', score: 7 },
  { type: 'DICE', dice: [2, 1] },
  { type: 'DICE', dice: [6, 6] },
  { type: 'DICE', dice: [0, 7] },
  ...SENSORS,
];

/** What the table's elements read of a snapshot. */
const shown = (s: Pick<GameSnapshot, 'context'>) => {
  const { context: c } = s;
  return {
    players: c.players,
    turn: c.turn,
    claim: c.claim,
    round: c.round,
    lastOutcome: c.lastOutcome,
    warnings: c.warnings.filter((w) => w.round === c.round.number),
    depth: c.past.length,
  };
};

function expectSameTable(snapshot: GameSnapshot, input: GameInput, at: number) {
  const stored = structuredClone(tableViewOf(snapshot, ID, at));
  const view = readTableView(stored, ID, input);
  if (snapshot.hasTag('over')) {
    expect(view).toBeNull();
    return;
  }
  expect(view).not.toBeNull();
  expect(view!.phase).toBe(snapshot.value);
  expect(view!.at).toBe(at);
  expect(shown(view!)).toEqual(shown(snapshot));
  for (const event of EVERY_EVENT)
    expect([event, view!.can(event)]).toEqual([event, snapshot.can(event)]);
}

describe('the stored table view', () => {
  for (const preset of PRESET_IDS) {
    it(`draws the table the machine would, in random ${preset} games`, () => {
      for (let game = 0; game < GAMES; game++) {
        const rnd = random(game * 7919 + preset.length);
        const players = Array.from({ length: rnd.int(2, 6) }, (_, i) => `P${i}`);
        const input: GameInput = { players, rules: presets[preset] };
        const actor = createActor(gameMachine, { input }).start();
        let at = 0;
        for (let step = 0; step < 400 && !actor.getSnapshot().hasTag('over'); step++) {
          const snapshot = actor.getSnapshot();
          const event = rnd.next() < 0.08 ? rnd.pick(SENSORS) : handStep(snapshot, rnd, 0.06);
          actor.send(event);
          at += 1;
          expectSameTable(actor.getSnapshot(), input, at);
        }
        actor.stop();
      }
    });
  }

  const input: GameInput = { players: ['Ann', 'Bo', 'Cy'], rules: presets[PRESET_IDS[0]] };
  const fresh = () => createActor(gameMachine, { input }).start().getSnapshot();

  it('is small: under 100 bytes for a round under way with an outcome behind it', () => {
    const actor = createActor(gameMachine, { input }).start();
    for (const event of [
      { type: 'ROLL' },
      { type: 'CLAIM', score: 54 },
      { type: 'LIFT' },
      { type: 'DICE', dice: [3, 1] },
      { type: 'ROLL' },
      { type: 'CLAIM', score: 62 },
    ] as GameEvent[])
      actor.send(event);
    const bytes = JSON.stringify(tableViewOf(actor.getSnapshot(), ID, 6)).length;
    expect(bytes).toBeLessThan(100);
  });

  it('is not drawn for another game, another format, or fields out of range', () => {
    const good = tableViewOf(fresh(), ID, 0);
    const edited = (changes: Partial<Record<(typeof TABLE_VIEW_FIELDS)[number], unknown>>) =>
      TABLE_VIEW_FIELDS.map((name, i) => (name in changes ? changes[name] : good[i]));
    expect(readTableView(good, ID, input)).not.toBeNull();
    expect(readTableView(good, 'fedcba9876543210', input)).toBeNull();
    expect(readTableView(edited({ v: TABLE_VIEW_VERSION - 1 }), ID, input)).toBeNull();
    expect(readTableView(edited({ t: 3 }), ID, input)).toBeNull();
    expect(readTableView(edited({ l: [3, 3] }), ID, input)).toBeNull();
    expect(readTableView(edited({ c: 7 }), ID, input)).toBeNull();
    expect(readTableView(edited({ k: [0, 54, 0] }), ID, input)).toBeNull();
    expect(readTableView(edited({ p: 5 }), ID, input)).toBeNull();
    for (const raw of [null, undefined, 'view', 3, [], good.slice(1), { v: TABLE_VIEW_VERSION }]) {
      expect(readTableView(raw, ID, input)).toBeNull();
    }
  });
});
