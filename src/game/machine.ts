/**
 * The round machine: one game of Mia under a table's rules.
 *
 * States are the phases of a turn (see `Phase`); each state's `on` map lists the events it
 * takes, and its guards ask one question each (`guards.ts`), so `snapshot.can(event)` comes
 * from the machine alone. Sensor events are always accepted: a roll, look or lift where they
 * fit, else a warning. Every accepted step first pushes an undo frame; UNDO pops it and returns
 * to the phase it was taken in.
 */
import { and, assertEvent, assign, setup, type Actor, type SnapshotFrom } from 'xstate';
import { areDice } from '../rules';
import { blindPassAllowed, claimIsLegal, mayRoll, miaMayBeGivenUp, peekAllowed } from './guards';
import { claimed, initialContext, settled, settlementOf, undoFrame, undone, warned } from './steps';
import {
  PHASES,
  type GameContext,
  type GameEvent,
  type GameInput,
  type GameWarning,
  type Phase,
  type WarningCode,
} from './types';

/** The phases a step can be taken in (none is taken once the game is over). */
const STEP_PHASES = PHASES.filter((phase): phase is Exclude<Phase, 'over'> => phase !== 'over');

const machineSetup = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as GameInput,
    tags: {} as 'over',
  },
  guards: {
    /** Is the announced (or blind) claim legal for the player to act? */
    claimIsLegal: ({ context, event }) => {
      assertEvent(event, ['CLAIM', 'PASS_BLIND']);
      return claimIsLegal(context, event.score, event.type === 'CLAIM' ? 'rolled' : 'blind');
    },
    /** Does the table allow handing the cup on blind? */
    blindPassAllowed: ({ context }) => blindPassAllowed(context),
    /** May the player to act look under the cup to believe? */
    peekAllowed: ({ context }) => peekAllowed(context),
    /** May the player to act give up a life to the standing Mia? */
    miaMayBeGivenUp: ({ context }) => miaMayBeGivenUp(context),
    /** Are the entered dice two die faces? */
    diceAreValid: ({ event }) => {
      assertEvent(event, 'DICE');
      return areDice(event.dice);
    },
    /** May the player to act roll now? */
    mayRoll: ({ context }) => mayRoll(context),
    /** Has the roller already seen the dice? */
    hasLooked: ({ context }) => context.round.looked,
    /** Do the entered dice (or the Mia given up) end the game? */
    endsGame: ({ context, event }) => settlementOf(context, event).result !== null,
    /** Was the last step taken in this phase? */
    undoReturnsTo: ({ context }, params: { phase: Phase }) =>
      context.past.at(-1)?.phase === params.phase,
  },
  actions: {
    /** Push an undo frame of the game as it is before this step. */
    remember: assign(({ context }, params: { phase: Phase }) => ({
      past: [...context.past, undoFrame(context, params.phase)],
    })),
    /** Pop the last undo frame. */
    restorePrevious: assign(({ context }) => undone(context)),
    rollDice: assign({
      round: ({ context }) => ({ ...context.round, rolled: true, looked: false }),
    }),
    markLooked: assign({ round: ({ context }) => ({ ...context.round, looked: true }) }),
    recordClaim: assign(({ context, event }) => {
      assertEvent(event, ['CLAIM', 'PASS_BLIND']);
      return claimed(context, event.score, event.type === 'CLAIM' ? 'rolled' : 'blind');
    }),
    startLift: assign({
      round: ({ context }) => ({ ...context.round, lifter: context.turn, looked: true }),
    }),
    settleRound: assign(({ context, event }) => settled(context, event)),
    /**
     * A sensor event that fits the moment but changes nothing: the lid closing, the roller
     * looking again, the cup still shaking before anyone looked.
     */
    absorbSensor: () => {},
    warn: assign(({ context, event }, params: { code: WarningCode; phase: Phase }) =>
      warned(context, params.code, event.type as GameWarning['event'], params.phase),
    ),
  },
});

type Action = 'rollDice' | 'markLooked' | 'recordClaim' | 'startLift' | 'settleRound';

/** Builders of one phase's transitions, which know the phase: each phase is named once. */
function toolsFor(phase: Phase) {
  const remember = { type: 'remember', params: { phase } } as const;
  return {
    /** An accepted step: push an undo frame, act, and go to `target` (or stay). */
    step: (target: Phase | null, action: Action) =>
      target === null ? { actions: [remember, action] } : { target, actions: [remember, action] },
    /** A sensor event that fits no rule here: a warning, not a step. */
    warn: (code: WarningCode) => ({ actions: { type: 'warn', params: { code, phase } } as const }),
  };
}
type Tools = ReturnType<typeof toolsFor>;

/** A phase's state: a leaf (no `states` of its own), so `snapshot.value` is a `Phase`. */
type StateConfig = Omit<
  NonNullable<Parameters<typeof machineSetup.createMachine>[0]['states']>[string],
  'states'
>;

/** Every phase's state, built with its own tools. */
function byPhase(
  builders: Record<Phase, (tools: Tools) => StateConfig>,
): Record<Phase, StateConfig> {
  const states = Object.entries(builders).map(([phase, build]) => [
    phase,
    build(toolsFor(phase as Phase)),
  ]);
  return Object.fromEntries(states) as Record<Phase, StateConfig>;
}

const absorb = { actions: 'absorbSensor' } as const;

/** The transitions that settle a round: to `over` when it ends the game, else a new round. */
const settle = (step: Tools['step'], guard: 'miaMayBeGivenUp' | 'diceAreValid') => [
  { guard: and([guard, 'endsGame']), ...step('over', 'settleRound') },
  { guard, ...step('opening', 'settleRound') },
];

export const gameMachine = machineSetup.createMachine({
  id: 'mia',
  context: ({ input }) => initialContext(input),
  initial: 'opening',
  on: {
    UNDO: STEP_PHASES.map((phase) => ({
      guard: { type: 'undoReturnsTo' as const, params: { phase } },
      target: `.${phase}`,
      actions: 'restorePrevious' as const,
    })),
  },
  states: byPhase({
    opening: ({ step, warn }) => ({
      on: {
        ROLL: step('rolled', 'rollDice'),
        'CUP.SHAKE': step('rolled', 'rollDice'),
        'CUP.LID_OPEN': warn('lid-before-roll'),
        'CUP.LID_CLOSED': absorb,
      },
    }),
    rolled: ({ step, warn }) => ({
      on: {
        CLAIM: { guard: 'claimIsLegal', ...step('facing', 'recordClaim') },
        // Still shaking before anyone looked: the same roll goes on.
        'CUP.SHAKE': [{ guard: 'hasLooked', ...warn('shake-after-look') }, absorb],
        // Looking again changes nothing.
        'CUP.LID_OPEN': [{ guard: 'hasLooked', ...absorb }, step(null, 'markLooked')],
        'CUP.LID_CLOSED': absorb,
      },
    }),
    peeked: ({ step }) => ({
      on: {
        ROLL: step('rolled', 'rollDice'),
        'CUP.SHAKE': step('rolled', 'rollDice'),
        CLAIM: { guard: 'claimIsLegal', ...step('facing', 'recordClaim') },
        // Looking again changes nothing.
        'CUP.LID_OPEN': absorb,
        'CUP.LID_CLOSED': absorb,
      },
    }),
    facing: ({ step, warn }) => ({
      on: {
        ROLL: { guard: 'mayRoll', ...step('rolled', 'rollDice') },
        PEEK: { guard: 'peekAllowed', ...step('peeked', 'markLooked') },
        PASS_BLIND: {
          guard: and(['blindPassAllowed', 'claimIsLegal']),
          ...step('facing', 'recordClaim'),
        },
        LIFT: step('lifting', 'startLift'),
        ACCEPT_MIA: settle(step, 'miaMayBeGivenUp'),
        'CUP.SHAKE': [{ guard: 'mayRoll', ...step('rolled', 'rollDice') }, warn('shake-at-mia')],
        // Where believers look, a lid lifted on a claim is a peek; else (and on a Mia) a lift.
        'CUP.LID_OPEN': [
          { guard: 'peekAllowed', ...step('peeked', 'markLooked') },
          step('lifting', 'startLift'),
        ],
        'CUP.LID_CLOSED': absorb,
      },
    }),
    lifting: ({ step, warn }) => ({
      on: {
        DICE: settle(step, 'diceAreValid'),
        'CUP.SHAKE': warn('shake-while-lifting'),
        'CUP.LID_OPEN': absorb,
        'CUP.LID_CLOSED': absorb,
      },
    }),
    over: ({ warn }) => ({
      tags: ['over'] as const,
      on: {
        'CUP.SHAKE': warn('sensor-after-game'),
        'CUP.LID_OPEN': warn('sensor-after-game'),
        'CUP.LID_CLOSED': absorb,
      },
    }),
  }),
});

export type GameActor = Actor<typeof gameMachine>;
export type GameSnapshot = SnapshotFrom<typeof gameMachine>;
