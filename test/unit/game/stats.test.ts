import { describe, expect, it } from 'vitest';
import { presets } from '../../../src/game';
import { livesOverRounds, placements, playerStats } from '../../../src/game/stats';
import { blind, liftWith, newGame, roll } from './helpers';

/** The worked example of seed 000, recorded through the machine. */
function seed000() {
  const g = newGame(presets.longhall, ['Erik', 'Snorri', 'Olaf']);
  g.play(...roll(54), ...roll(61), blind(61), ...liftWith(1, 4));
  g.play(...roll(44), ...liftWith(4, 4));
  g.play(...roll(63), ...roll(65), ...roll(22), blind(22), blind(22), ...roll(11), blind(11));
  g.play(...liftWith(2, 1));
  return g;
}

describe('statistics from a recorded game', () => {
  it('tell the story of seed 000', () => {
    const [erik, snorri, olaf] = playerStats(seed000().context);
    expect(erik).toMatchObject({
      liftsMade: 3,
      liftsWon: 1,
      timesCaught: 0,
      blindPasses: 1,
      livesLost: { caught: 0, wrongLift: 3, miaGivenUp: 0 },
    });
    // Snorri claimed 61 on 41 and Olaf's blind pass took the blame; he rolled Mia and said 11.
    expect(snorri).toMatchObject({ bluffsSurvived: 1, liesLow: 1, miasRolled: 1, timesCaught: 0 });
    expect(olaf).toMatchObject({
      timesCaught: 1,
      blindPasses: 3,
      livesLost: { caught: 1, wrongLift: 0, miaGivenUp: 0 },
    });
  });

  it('chart lives over rounds, one line per player', () => {
    expect(livesOverRounds(seed000().context)).toEqual([
      [3, 3, 2, 0],
      [3, 3, 3, 3],
      [3, 2, 2, 2],
    ]);
  });

  it('count Mias claimed and given up', () => {
    const g = newGame(presets.pub);
    g.play(...roll(21), { type: 'ACCEPT_MIA' });
    const stats = playerStats(g.context);
    expect(stats[0].miasClaimed).toBe(1);
    expect(stats[1].livesLost.miaGivenUp).toBe(1);
  });

  it('place the winner first and the rest by lives, then by who went out later', () => {
    const g = newGame({ ...presets.lizumo, startingLives: 1 }, ['Ann', 'Bo', 'Cy', 'Di']);
    g.play(...roll(65), ...liftWith(6, 5)); // Bo out
    g.play({ type: 'UNDO' }, { type: 'UNDO' }, ...liftWith(3, 1)); // no: Ann out instead
    expect(g.context.players.map((p) => p.lives)).toEqual([0, 1, 1, 1]);
    g.play(...roll(43), ...liftWith(4, 3)); // Bo opened (loser out), Cy lifts and is out
    g.play(...roll(52), ...liftWith(6, 6)); // Di opens, Bo lifts and is out
    expect(g.context.result).toEqual({ kind: 'last-standing', winner: 3 });
    expect(placements(g.context)).toEqual([4, 2, 3, 1]);
  });

  it('place the first player out last where that loses the game', () => {
    const g = newGame({ ...presets.pub, startingLives: 1 });
    g.play(...roll(62), ...liftWith(6, 2));
    expect(g.context.result).toEqual({ kind: 'first-out', loser: 1 });
    expect(placements(g.context)[1]).toBe(3);
  });

  it('let players equal on lives share a place, and skip the places after them', () => {
    const g = newGame({ ...presets.pub, startingLives: 2 }, ['Ann', 'Bo', 'Cy', 'Di']);
    g.play(...roll(62), ...liftWith(6, 2)); // Bo lifts a true 62: Bo loses a life
    g.play(...roll(43), ...liftWith(3, 1)); // Cy opens and bluffed: Cy loses one
    g.play(...roll(54), ...liftWith(5, 4)); // Di opens, Ann lifts a true 54: Ann loses one
    g.play(...roll(65), ...liftWith(3, 1)); // Bo opens and bluffed: Bo is out first
    expect(g.context.result).toEqual({ kind: 'first-out', loser: 1 });
    expect(g.context.players.map((p) => p.lives)).toEqual([1, 0, 1, 2]);
    expect(placements(g.context)).toEqual([2, 4, 2, 1]);
  });
});

describe('statistics at the end of a game', () => {
  it('count the last round once, though it is also still the current round', () => {
    const g = newGame({ ...presets.box, startingLives: 1 }, ['Ann', 'Bo']);
    g.play(...roll(53), blind(61), ...liftWith(5, 3));
    expect(g.snapshot.hasTag('over')).toBe(true);
    expect(playerStats(g.context)[1].blindPasses).toBe(1);
  });
});
