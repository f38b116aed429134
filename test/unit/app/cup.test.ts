/**
 * The app machine's cup: which cup, opened once the first screen is up and again for each
 * choice; its moves spelled as the round machine's events (PROTOCOL.md 6); and the time of the
 * last step by hand, which the cup reads and which a cup move does not change.
 */
import { describe, expect, it, vi } from 'vitest';
import { cupMove, firstCup, firstView, localHandSteps } from '../../../src/app';
import { SHORT, TO_THE_END, expectEveryTransition, pages, play, sensed, type App } from './helpers';

const { taken, page, atTable } = pages('app-cup');

/** The table, in a game. */
async function inGame(app?: App): Promise<App> {
  const table = app ?? (await atTable());
  table.send({ type: 'START', input: SHORT });
  await table.shows('game');
  return table;
}

/** Until the cup in use is the `n`th one opened. */
const bound = (app: App, n: number) =>
  app.until((s) => s.matches({ cup: 'open' }) && s.context.cup === app.cups[n - 1]?.binding);

describe('which cup', () => {
  it('the one the address asks for, else the one chosen last, else a Bluetooth cup', () => {
    expect(firstCup('sim', 'bluetooth')).toBe('simulated');
    expect(firstCup('ble', 'simulated')).toBe('bluetooth');
    expect(firstCup(null, 'simulated')).toBe('simulated');
    expect(firstCup(null, null)).toBe('bluetooth');
  });

  it("the page shows which before the machine is there (the simulated cup's panel has its room)", () => {
    expect(firstView(false, false, 'simulated').cupKind).toBe('simulated');
    expect(firstView(true, false, 'bluetooth').cupKind).toBe('bluetooth');
  });
});

describe('which cup event is which move', () => {
  it.each([
    ['shake_started', { type: 'CUP.SHAKE' }],
    ['lid_opened', { type: 'CUP.LID_OPEN' }],
    ['lid_closed', { type: 'CUP.LID_CLOSED' }],
    ['shake_ended', null],
  ] as const)('%s is %o', (type, move) => {
    expect(cupMove(sensed(type))).toEqual(move);
  });

  it('nothing else the cup says is a move', () => {
    expect(cupMove({ type: 'battery', percent: 80 })).toBeNull();
    expect(cupMove({ type: 'connection', status: { phase: 'connected' } })).toBeNull();
  });
});

describe("the app's cup", () => {
  it('opens once the first screen is up, the chosen one, and starts', async () => {
    const app = page({ cup: 'bluetooth' });
    expect(app.cups).toEqual([]);
    app.send({ type: 'SHOWN' });
    await bound(app, 1);
    expect(app.cups[0]).toMatchObject({ kind: 'bluetooth', started: true });
    expect(app.view.cup).toBe(app.cups[0]!.binding);
  });

  it("plays the cup's moves in the game; a shake's end and moves off the table change nothing", async () => {
    const app = await atTable();
    app.send({ type: 'SHOWN' });
    await bound(app, 1);
    const cup = app.cups[0]!;
    cup.emit(sensed('shake_started')); // no game yet
    await inGame(app);
    cup.emit(sensed('shake_started'));
    expect(app.game.getSnapshot().value).toBe('rolled');
    cup.emit(sensed('shake_ended'));
    cup.emit(sensed('lid_opened'));
    cup.emit(sensed('lid_closed'));
    expect(app.game.getSnapshot().context.round.looked).toBe(true);
    expect(app.game.getSnapshot().context.past).toHaveLength(2); // the roll and the look
  });

  it('a tap is a step by hand, kept and told to the cup; a cup move is not', async () => {
    const app = await inGame();
    app.send({ type: 'SHOWN' });
    await bound(app, 1);
    const cup = app.cups[0]!;
    expect(cup.movedOnAt()).toBe(-Infinity);
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    try {
      play(app, { type: 'ROLL' });
      expect(app.handSteps.stored).toBe(1_000);
      expect(cup.movedOnAt()).toBe(1_000);
      vi.setSystemTime(2_000);
      play(app, { type: 'CLAIM', score: 43 });
      expect(cup.movedOnAt()).toBe(2_000);
      vi.setSystemTime(3_000);
      cup.emit(sensed('shake_started'));
      expect(app.game.getSnapshot().value).toBe('rolled');
      expect(cup.movedOnAt()).toBe(2_000);
      expect(app.handSteps.stored).toBe(2_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a lost cup is retried without end while a game is played, not before nor after', async () => {
    const app = await atTable();
    app.send({ type: 'SHOWN' });
    await bound(app, 1);
    const cup = app.cups[0]!;
    expect(cup.keepTrying()).toBe(false); // the new-game screen: a tap brings it back
    await inGame(app);
    expect(cup.keepTrying()).toBe(true);
    play(app, ...TO_THE_END);
    await app.shows('gameOver');
    expect(cup.keepTrying()).toBe(false);
  });

  it('the time of the last step by hand comes back after a reload', async () => {
    const reloaded = page({ handStepAt: 5_000 });
    reloaded.send({ type: 'SHOWN' });
    await bound(reloaded, 1);
    expect(reloaded.cups[0]!.movedOnAt()).toBe(5_000);
  });

  it('the time is kept in localStorage, and without storage for the page only', () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    });
    try {
      expect(localHandSteps.read()).toBe(-Infinity);
      localHandSteps.write(7_000);
      expect(localHandSteps.read()).toBe(7_000);
    } finally {
      vi.unstubAllGlobals();
    }
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    try {
      expect(localHandSteps.read()).toBe(-Infinity);
      expect(() => localHandSteps.write(8_000)).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('another cup replaces the one in use once it is open; the choice is kept', async () => {
    const app = await inGame();
    app.send({ type: 'SHOWN' });
    await bound(app, 1);
    expect(app.view.cupKind).toBe('simulated');
    app.send({ type: 'CUP.CHOOSE', kind: 'bluetooth' });
    await bound(app, 2);
    expect(app.view.cupKind).toBe('bluetooth');
    expect(app.remembered).toEqual(['bluetooth']);
    expect(app.cups.map((cup) => [cup.kind, cup.disposed])).toEqual([
      ['simulated', true],
      ['bluetooth', false],
    ]);
    app.cups[0]!.emit(sensed('shake_started')); // the old cup is not heard any more
    expect(app.game.getSnapshot().value).toBe('opening');
    app.cups[1]!.emit(sensed('shake_started'));
    expect(app.game.getSnapshot().value).toBe('rolled');
  });

  it('a choice made while the last one opens: the cup opened for the last one is let go', async () => {
    const opening: (() => void)[] = [];
    const app = page({
      openCup: (kind, options) =>
        new Promise((resolve) => opening.push(() => resolve(app.openFake(kind, options)))),
    });
    app.send({ type: 'CUP.CHOOSE', kind: 'bluetooth' }); // before the first screen: at once
    app.send({ type: 'CUP.CHOOSE', kind: 'simulated' });
    opening[1]!();
    await bound(app, 1);
    opening[0]!();
    await vi.waitFor(() => expect(app.cups[1]?.disposed).toBe(true));
    expect(app.view.cup).toBe(app.cups[0]!.binding);
    expect(app.cups.map((cup) => cup.kind)).toEqual(['simulated', 'bluetooth']);
  });

  it('a cup that cannot be opened or started: said, and play goes on by touch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = page({ openCup: () => Promise.reject(new Error('no chunk')) });
    failing.send({ type: 'SHOWN' });
    await failing.until((s) => s.matches({ cup: 'idle' }) && warn.mock.calls.length > 0);
    const stuck = page({ startCup: () => Promise.reject(new Error('no adapter')) });
    stuck.send({ type: 'SHOWN' });
    await bound(stuck, 1);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls.map(([what]) => what)).toEqual([
      'Mia Cup could not open the cup:',
      'Mia Cup could not start the cup:',
    ]);
    warn.mockRestore();
  });
});

describe('these stories', () => {
  it("take every transition of the cup's", () => {
    expectEveryTransition(taken, 'cup');
  });
});
