import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { gameMachine, presets, type GameEvent } from '../../../src/game';

const start = () =>
  createActor(gameMachine, {
    input: { players: ['Erik', 'Snorri', 'Olaf'], rules: presets.longhall },
  }).start();

const lives = (actor: ReturnType<typeof start>) =>
  actor.getSnapshot().context.players.map((p) => p.lives);

describe('the worked example of seed 000 (longhall)', () => {
  it('replays event by event to Erik out, Snorri 3, Olaf 2, Olaf to open round 4', () => {
    const actor = start();
    const send = (...events: GameEvent[]) => {
      for (const event of events) {
        expect(actor.getSnapshot().can(event), JSON.stringify(event)).toBe(true);
        actor.send(event);
      }
    };
    const ERIK = 0;
    const SNORRI = 1;
    const OLAF = 2;

    // Round 1: Erik 54, Snorri rolls 41 says 61, Olaf passes blind 61, Erik lifts.
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 54 });
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 61 });
    send({ type: 'PASS_BLIND', score: 61 });
    expect(actor.getSnapshot().context.turn).toBe(ERIK);
    send({ type: 'LIFT' }, { type: 'DICE', dice: [1, 4] });
    let out = actor.getSnapshot().context.lastOutcome!;
    expect(out.verdict.loser).toBe(OLAF);
    expect(out.livesLost).toBe(1);
    expect(lives(actor)).toEqual([3, 3, 2]);
    expect(actor.getSnapshot().context.turn).toBe(OLAF);

    // Round 2: Olaf 44, Erik lifts, 44 >= 44.
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 44 });
    send({ type: 'LIFT' }, { type: 'DICE', dice: [4, 4] });
    out = actor.getSnapshot().context.lastOutcome!;
    expect(out.verdict.loser).toBe(ERIK);
    expect(lives(actor)).toEqual([2, 3, 2]);
    expect(actor.getSnapshot().context.turn).toBe(OLAF);

    // Round 3.
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 63 }); // Olaf
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 65 }); // Erik
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 22 }); // Snorri
    send({ type: 'PASS_BLIND', score: 22 }); // Olaf
    send({ type: 'PASS_BLIND', score: 22 }); // Erik
    expect(actor.getSnapshot().context.turn).toBe(SNORRI);
    expect(actor.getSnapshot().can({ type: 'PASS_BLIND', score: 22 })).toBe(false);
    send({ type: 'ROLL' }, { type: 'CLAIM', score: 11 }); // Snorri rolled 21, says 11
    send({ type: 'PASS_BLIND', score: 11 }); // Olaf
    send({ type: 'LIFT' }, { type: 'DICE', dice: [2, 1] }); // Erik
    out = actor.getSnapshot().context.lastOutcome!;
    expect(out.verdict.loser).toBe(ERIK);
    expect(out.livesLost).toBe(2);
    expect(out.verdict.twoLivesBecause).toBe('mia-under-cup');
    expect(out.eliminated).toBe(true);
    expect(lives(actor)).toEqual([0, 3, 2]);
    const snap = actor.getSnapshot();
    expect(snap.context.turn).toBe(OLAF);
    expect(snap.context.claim).toBeNull();
    expect(snap.context.round.number).toBe(4);
    expect(snap.hasTag('over')).toBe(false);
    expect(snap.value).toBe('opening');
  });
});
