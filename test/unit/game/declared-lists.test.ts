/**
 * The phases and event types are declared once, as lists (`types.ts`): the types come from them,
 * and so do the checks of a stored game (`stored-check.ts`). These tests tie the lists to the
 * machine, so that a state or event added to one and not the other fails here.
 */
import { describe, expect, it } from 'vitest';
import { decodeStoredGame, gameMachine, recordOf, type GameEvent } from '../../../src/game';
import { EVENT_TYPES, PHASES } from '../../../src/game/types';
import { example000 as input, midLift } from './helpers';

/** A step of each type, with what it carries. */
const STEPS: Record<GameEvent['type'], GameEvent> = {
  ROLL: { type: 'ROLL' },
  PEEK: { type: 'PEEK' },
  CLAIM: { type: 'CLAIM', score: 31 },
  PASS_BLIND: { type: 'PASS_BLIND', score: 31 },
  LIFT: { type: 'LIFT' },
  DICE: { type: 'DICE', dice: [3, 1] },
  ACCEPT_MIA: { type: 'ACCEPT_MIA' },
  UNDO: { type: 'UNDO' },
  'CUP.SHAKE': { type: 'CUP.SHAKE' },
  'CUP.LID_OPEN': { type: 'CUP.LID_OPEN' },
  'CUP.LID_CLOSED': { type: 'CUP.LID_CLOSED' },
};

const withSteps = (steps: unknown[]) => ({ ...recordOf(midLift(), input), steps });

describe('the declared lists', () => {
  it("are the machine's states and the events it takes", () => {
    expect(Object.keys(gameMachine.states).sort()).toEqual([...PHASES].sort());
    const taken = new Set(gameMachine.root.events);
    expect([...taken].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('are what a stored log is checked against: every declared type is read, no other', () => {
    for (const type of EVENT_TYPES) {
      expect(decodeStoredGame(withSteps([STEPS[type]])).kind, type).toBe('ok');
    }
    for (const step of [{ type: 'SHAKE' }, { type: 'CUP' }, { type: 'roll' }, {}]) {
      expect(decodeStoredGame(withSteps([step])).kind, JSON.stringify(step)).toBe('unreadable');
    }
  });

  it('check what each type carries', () => {
    for (const step of [
      { type: 'CLAIM' },
      { type: 'CLAIM', score: 70 },
      { type: 'PASS_BLIND', score: '31' },
      { type: 'DICE', dice: [3] },
      { type: 'DICE', dice: [3, -1] },
    ]) {
      expect(decodeStoredGame(withSteps([step])).kind, JSON.stringify(step)).toBe('unreadable');
    }
  });

  it('check the phase of a stored snapshot and of each undo frame', () => {
    const good = JSON.parse(JSON.stringify(recordOf(midLift(), input)));
    for (const phase of PHASES) {
      const base = { ...good.base, value: phase };
      expect(decodeStoredGame({ ...good, base }).kind, phase).toBe('ok');
    }
    const frames = good.base.context.past;
    expect(frames.length).toBeGreaterThan(0);
    const past = (phase: string) => frames.map((f: object) => ({ ...f, phase }));
    const framed = (phase: string) => ({
      ...good,
      base: { ...good.base, context: { ...good.base.context, past: past(phase) } },
    });
    expect(decodeStoredGame(framed('facing')).kind).toBe('ok');
    expect(decodeStoredGame(framed('over')).kind).toBe('unreadable');
    expect(decodeStoredGame(framed('dancing')).kind).toBe('unreadable');
  });
});
