/**
 * Stored games, pure: checking a record without trusting it, reading the records earlier
 * versions wrote, and restoring a game from its log. The fixtures are records exactly as
 * versions 1, 2 and 3 wrote them: a longhall game mid-lift with two warnings, and a pub game of
 * three rounds with warnings and an undo (`stored-game-v2-rounds.json`, written by version 2).
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

describe('records of earlier versions', () => {
  it('reads a record of version 3: its snapshot becomes the base of an empty log', () => {
    expect(SCHEMA_VERSION).toBe(4);
    const { game, context } = playOn(v3);
    expect(game).toMatchObject({ schema: 4, id: 'game-1', input: v3.input, steps: [] });
    expect(game.base).toEqual(v3.snapshot);
    expect(context.players.map((p) => p.lives)).toEqual([3, 3, 2]);
    expect(context.warnings.map((w) => w.code)).toEqual(['lid-before-roll', 'shake-while-lifting']);
  });

  it('brings a record of version 1 up to date: warnings lose their words', () => {
    expect(v1.snapshot.context.warnings[0]).toHaveProperty('message');
    const { game, context } = playOn(v1);
    expect(game.base).toEqual(v3.snapshot);
    expect(context.warnings[0]).toEqual({
      code: 'lid-before-roll',
      event: 'CUP.LID_OPEN',
      phase: 'opening',
      turn: 0,
      round: 1,
    });
  });

  it("brings a record of version 2 up to date: the rules get the tradition's player limit", () => {
    expect(v2.input.rules).not.toHaveProperty('maxPlayers');
    const { game, context } = playOn(v2);
    expect(game.base).toEqual(v3.snapshot);
    expect(game.input.rules.maxPlayers).toBe(16);
    expect(context.rules.maxPlayers).toBe(16);
  });

  it('opens a longer game written by version 2 exactly, and undo reaches back into it', () => {
    const read = readStoredGame(v2Rounds);
    if (read.kind !== 'ok') throw new Error('unreadable');
    const { actor } = read;
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe(v2Rounds.snapshot.value);
    const played = { ...context, rules: v2Rounds.snapshot.context.rules };
    expect(JSON.parse(JSON.stringify(played))).toEqual(v2Rounds.snapshot.context);
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

  it('reports a record of a newer schema as newer', () => {
    const raw = { ...good(), schema: SCHEMA_VERSION + 1 };
    expect(decodeStoredGame(raw)).toMatchObject({ kind: 'unreadable', reason: 'newer', raw });
  });
});
