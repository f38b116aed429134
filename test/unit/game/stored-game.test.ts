/**
 * Stored games, pure: checking a record without trusting it, reading the records earlier
 * versions wrote, and restoring a game from its log. The fixtures are records exactly as
 * versions 1, 2 and 3 wrote them: a longhall game mid-lift with two warnings, and a pub game of
 * three rounds with warnings and an undo (`stored-game-v2-rounds.json`, written by version 2);
 * and a log of 72 steps with a checkpoint at 64, whose cup said the same thing twice or three
 * times between steps (`stored-game-v4.json`, written by version 4).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  SCHEMA_VERSION,
  decodeStoredGame,
  gameMachine,
  readStoredGame,
  recordOf,
  type GameEvent,
} from '../../../src/game';
import v1 from './fixtures/stored-game-v1.json';
import v2 from './fixtures/stored-game-v2.json';
import v2Rounds from './fixtures/stored-game-v2-rounds.json';
import v3 from './fixtures/stored-game-v3.json';
import v4 from './fixtures/stored-game-v4.json';
import { example000 as input, midLift, roll, blind } from './helpers';

/** The game a fixture holds, played on: Erik shows 41, so Olaf's blind 61 was a bluff. */
function playOn(raw: unknown) {
  const read = readStoredGame(raw);
  if (read.kind !== 'ok') throw new Error(`unreadable: ${JSON.stringify(read)}`);
  const { actor, game } = read;
  expect(actor.getSnapshot().value).toBe('lifting');
  actor.send({ type: 'DICE', dice: [1, 4] });
  return { game, context: actor.getSnapshot().context };
}

/** A snapshot of version 4 or before as version 5 has it: each warning counted once. */
const counted = <S extends { context: { warnings: object[] } }>(snapshot: S) => ({
  ...snapshot,
  context: {
    ...snapshot.context,
    warnings: snapshot.context.warnings.map((w) => ({ ...w, count: 1 })),
  },
});

describe('records of earlier versions', () => {
  it('reads a record of version 3: its snapshot becomes the base of an empty log', () => {
    expect(SCHEMA_VERSION).toBe(5);
    const { game, context } = playOn(v3);
    expect(game).toMatchObject({ schema: 5, id: 'game-1', input: v3.input, steps: [] });
    expect(game.base).toEqual(counted(v3.snapshot));
    expect(context.players.map((p) => p.lives)).toEqual([3, 3, 2]);
    expect(context.warnings.map((w) => w.code)).toEqual(['lid-before-roll', 'shake-while-lifting']);
  });

  it('brings a record of version 1 up to date: warnings lose their words', () => {
    expect(v1.snapshot.context.warnings[0]).toHaveProperty('message');
    const { game, context } = playOn(v1);
    expect(game.base).toEqual(counted(v3.snapshot));
    expect(context.warnings[0]).toEqual({
      code: 'lid-before-roll',
      event: 'CUP.LID_OPEN',
      phase: 'opening',
      turn: 0,
      round: 1,
      count: 1,
    });
  });

  it("brings a record of version 2 up to date: the rules get the tradition's player limit", () => {
    expect(v2.input.rules).not.toHaveProperty('maxPlayers');
    const { game, context } = playOn(v2);
    expect(game.base).toEqual(counted(v3.snapshot));
    expect(game.input.rules.maxPlayers).toBe(16);
    expect(context.rules.maxPlayers).toBe(16);
  });

  it('reads a log of version 4: its warnings counted once, from its checkpoint or its steps', () => {
    const read = readStoredGame(v4);
    if (read.kind !== 'ok') throw new Error('unreadable');
    expect(read.game).toMatchObject({ schema: 5, id: 'game-4', steps: v4.steps });
    expect(read.checkpoint?.at).toBe(64);
    const { context } = read.actor.getSnapshot();
    expect(read.actor.getSnapshot().value).toBe('lifting');
    expect(context.players.map((p) => p.lives)).toEqual([4, 4, 2]);
    // Each warning version 4 made at once is counted once; those after the checkpoint, counted.
    expect(context.warnings.slice(0, 3)).toMatchObject([{ count: 1 }, { count: 1 }, { count: 1 }]);
    expect(context.warnings.at(-1)).toMatchObject({ code: 'shake-while-lifting', count: 2 });
    // Without its checkpoint, the log alone tells the same game, the repeats counted.
    const alone = readStoredGame({ ...v4, checkpoints: [] });
    if (alone.kind !== 'ok') throw new Error('unreadable');
    const replayed = alone.actor.getSnapshot().context;
    expect(replayed.players).toEqual(context.players);
    expect(replayed.warnings[0]).toMatchObject({ code: 'lid-before-roll', count: 3 });
    expect(replayed.warnings.reduce((sum, w) => sum + w.count, 0)).toBe(21);
  });

  it('opens a longer game written by version 2 exactly, and undo reaches back into it', () => {
    const read = readStoredGame(v2Rounds);
    if (read.kind !== 'ok') throw new Error('unreadable');
    const { actor } = read;
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe(v2Rounds.snapshot.value);
    const played = { ...context, rules: v2Rounds.snapshot.context.rules };
    expect(JSON.parse(JSON.stringify(played))).toEqual(counted(v2Rounds.snapshot).context);
    expect(context.history).toHaveLength(3);
    for (let i = 0; i < context.past.length; i += 1) actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.history).toEqual([]);
    expect(actor.getSnapshot().context.players.every((p) => p.lives === 6)).toBe(true);
  });
});

describe('the log', () => {
  const events: GameEvent[] = [...roll(54), ...roll(61), blind(61), { type: 'LIFT' }];

  it('restores a game from its input and steps, undo included, exactly', () => {
    const actor = createActor(gameMachine, { input }).start();
    const steps = [...events, { type: 'UNDO' }, { type: 'LIFT' }] as GameEvent[];
    for (const step of steps) actor.send(step);
    const read = readStoredGame({ schema: 4, id: 'g', input, base: null, steps });
    expect(read.kind).toBe('ok');
    if (read.kind !== 'ok') return;
    expect(read.actor.getSnapshot().value).toBe('lifting');
    expect(read.actor.getSnapshot().context).toEqual(actor.getSnapshot().context);
  });

  it('a step the game does not take makes the record unreadable, with its raw data', () => {
    const raw = { schema: 4, input, base: null, steps: [...events, { type: 'ROLL' }] };
    expect(readStoredGame(raw)).toMatchObject({ kind: 'unreadable', reason: 'corrupt', raw });
  });

  it('writes what it reads: a snapshot record restores to the same game', () => {
    const record = JSON.parse(JSON.stringify(recordOf(midLift(), input, 'x')));
    const read = readStoredGame(record);
    if (read.kind !== 'ok') throw new Error('unreadable');
    expect(recordOf(read.actor, input, 'x')).toEqual(record);
  });
});

describe('unreadable data', () => {
  const good = () => JSON.parse(JSON.stringify(recordOf(midLift(), input)));

  it.each([
    ['a string', 'garbage'],
    ['no schema', { input, base: {} }],
    ['an old unknown schema', { ...good(), schema: 0 }],
    ['bad players', { ...good(), input: { ...input, players: ['Solo'] } }],
    ['a version 2 record without its snapshot', { schema: 2, input, snapshot: null }],
    ['an unknown phase', { ...good(), base: { ...good().base, value: 'dancing' } }],
    ['no steps', { ...good(), steps: 'many' }],
    ['a step of no kind', { ...good(), steps: [{ type: 'JUMP' }] }],
    [
      'broken rules',
      { ...good(), base: { ...good().base, context: { ...good().base.context, rules: {} } } },
    ],
  ])('reports %s as corrupt, keeping the raw data', (_, raw) => {
    const result = decodeStoredGame(raw);
    expect(result).toMatchObject({ kind: 'unreadable', reason: 'corrupt', raw });
  });

  type Fields = Record<string, unknown>;
  type Crafted = {
    warnings: Fields[];
    history: { settlement: Fields & { verdict: Fields } }[];
    lastOutcome: { verdict: Fields };
    result: unknown;
  };
  /** A record of round 1 settled (Olaf's blind 61 lifted over 41) and a cup's warning. */
  const settled = () => {
    const actor = midLift();
    actor.send({ type: 'DICE', dice: [1, 4] });
    actor.send({ type: 'CUP.LID_OPEN' }); // before anyone rolled in round 2
    return JSON.parse(JSON.stringify(recordOf(actor, input)));
  };
  /** The settled record with its context changed by `change` (a crafted record). */
  const crafted = (change: (context: Crafted) => void) => {
    const raw = settled();
    change(raw.base.context);
    return raw;
  };

  it('reads the settled record it crafts from (else the cases below prove nothing)', () => {
    expect(decodeStoredGame(settled()).kind).toBe('ok');
  });

  it.each([
    ['a warning of an unknown code', (c) => (c.warnings[0].code = 'free-beer')],
    ['a warning of a table event', (c) => (c.warnings[0].event = 'LIFT')],
    ['a warning at no seat', (c) => (c.warnings[0].turn = 7)],
    ['a warning counted 0 times', (c) => (c.warnings[0].count = 0)],
    ['a verdict of no kind', (c) => (c.history[0].settlement.verdict.kind = 'duel')],
    ['a verdict with an unknown reason', (c) => (c.lastOutcome.verdict.twoLivesBecause = '<b>')],
    ['a verdict against no seat', (c) => (c.history[0].settlement.verdict.loser = 5)],
    ['a verdict of three lives', (c) => (c.history[0].settlement.verdict.penalty = 3)],
    ['a verdict with words for dice', (c) => (c.history[0].settlement.verdict.dice = ['x', 1])],
    ['a settlement taking ten lives', (c) => (c.history[0].settlement.livesLost = 10)],
    ['a next opener at no seat', (c) => (c.history[0].settlement.nextOpener = -1)],
    ['a result of no kind', (c) => (c.result = { kind: 'draw' })],
  ] as [string, (c: Crafted) => void][])('refuses a crafted record with %s', (_, change) => {
    const raw = crafted(change);
    expect(decodeStoredGame(raw)).toMatchObject({ kind: 'unreadable', reason: 'corrupt', raw });
  });

  it('reports a record of a newer schema as newer', () => {
    const raw = { ...good(), schema: SCHEMA_VERSION + 1 };
    expect(decodeStoredGame(raw)).toMatchObject({ kind: 'unreadable', reason: 'newer', raw });
  });
});
