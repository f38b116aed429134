/**
 * Stored games, pure: checking a record without trusting it, and reading the records earlier
 * versions wrote. The fixtures are records exactly as versions 1, 2 and 3 wrote them: a
 * longhall game mid-lift, with two warnings.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, decodeStoredGame, recordOf, restoreGame } from '../../../src/game';
import v1 from './fixtures/stored-game-v1.json';
import v2 from './fixtures/stored-game-v2.json';
import v3 from './fixtures/stored-game-v3.json';
import { example000 as input, midLift } from './helpers';

/** The game a fixture holds, played on: Erik shows 41, so Olaf's blind 61 was a bluff. */
function playOn(raw: unknown) {
  const loaded = decodeStoredGame(raw);
  expect(loaded.kind).toBe('ok');
  if (loaded.kind !== 'ok') throw new Error('unreadable');
  const actor = restoreGame(loaded.game);
  expect(actor.getSnapshot().value).toBe('lifting');
  actor.send({ type: 'DICE', dice: [1, 4] });
  return { game: loaded.game, context: actor.getSnapshot().context };
}

describe('records of earlier versions', () => {
  it('reads a record as this version writes it (schema 3)', () => {
    expect(v3.schema).toBe(SCHEMA_VERSION);
    const { game, context } = playOn(v3);
    expect(game).toEqual(v3);
    expect(context.players.map((p) => p.lives)).toEqual([3, 3, 2]);
    expect(context.warnings.map((w) => w.code)).toEqual(['lid-before-roll', 'shake-while-lifting']);
  });

  it('brings a record of version 1 up to date: warnings lose their words', () => {
    expect(v1.snapshot.context.warnings[0]).toHaveProperty('message');
    const { game, context } = playOn(v1);
    expect(game).toEqual(v3);
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
    expect(game).toEqual(v3);
    expect(game.input.rules.maxPlayers).toBe(16);
    expect(context.rules.maxPlayers).toBe(16);
    const adjusted = { ...v2.input.rules, startingLives: 5 };
    const other = decodeStoredGame({ ...v2, input: { ...v2.input, rules: adjusted } });
    expect(other.kind === 'ok' && other.game.input.rules.maxPlayers).toBe(10);
  });

  it('writes what it reads: a restored game stores the same record again', () => {
    const { game } = playOn(v3);
    const again = recordOf(restoreGame(game), game.input, game.id);
    expect({ ...again, savedAt: v3.savedAt }).toEqual(v3);
  });
});

describe('unreadable data', () => {
  const good = () => JSON.parse(JSON.stringify(recordOf(midLift(), input)));

  it.each([
    ['a string', 'garbage'],
    ['no schema', { input, snapshot: {} }],
    ['an old unknown schema', { ...good(), schema: 0 }],
    ['bad players', { ...good(), input: { ...input, players: ['Solo'] } }],
    ['a missing snapshot', { ...good(), snapshot: null }],
    ['an unknown phase', { ...good(), snapshot: { ...good().snapshot, value: 'dancing' } }],
    [
      'broken rules',
      {
        ...good(),
        snapshot: { ...good().snapshot, context: { ...good().snapshot.context, rules: {} } },
      },
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
