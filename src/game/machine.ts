/**
 * The round machine: one game of Mia under a table's rules.
 *
 * States are the phases of a turn (see `Phase`). Table events are guarded by `refusal()` so that
 * `snapshot.can(event)` is true exactly when the event would be accepted; sensor events are always
 * accepted and act as a roll, look or lift where they fit, else they add a warning. Every accepted
 * step first pushes an undo frame; UNDO pops it and returns to the phase it was taken in.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import {
  applyVerdict,
  settleLift,
  settleMiaAccepted,
  isMia,
  nextSeatInPlay,
  type ClaimKind,
  type Dice,
  type Settlement,
} from '../rules';
import { refusal } from './legality';
import { inputProblems } from './input';
import type {
  GameContext,
  GameEvent,
  GameInput,
  GameWarning,
  Phase,
  Round,
  UndoFrame,
  WarningCode,
} from './types';

/** The phases a step can be taken in (none is taken once the game is over). */
const STEP_PHASES = ['opening', 'rolled', 'peeked', 'facing', 'lifting'] as const;

const WARNING_MESSAGES: Record<WarningCode, string> = {
  'shake-while-lifting': 'The cup was shaken while the lifted dice were awaited.',
  'shake-after-look': 'The cup was shaken again after the roller looked.',
  'shake-at-mia': 'The cup was shaken, but a Mia can only be lifted or given up.',
  'lid-before-roll': 'The lid was opened before anyone rolled.',
  'sensor-after-game': 'The cup was used after the game ended.',
};

function newRound(number: number, opener: number): Round {
  return { number, opener, claims: [], rolled: false, looked: false, lifter: null };
}

function initialContext(given: GameInput | undefined): GameContext {
  const problems = inputProblems(given);
  if (problems.length > 0) throw new Error(`Cannot start the game: ${problems.join(' ')}`);
  const input = given!;
  const opener = input.opener ?? 0;
  return {
    rules: { ...input.rules },
    players: input.players.map((name) => ({ name: name.trim(), lives: input.rules.startingLives })),
    turn: opener,
    claim: null,
    round: newRound(1, opener),
    history: [],
    lastOutcome: null,
    result: null,
    warnings: [],
    past: [],
  };
}

const lastClaimer = (context: GameContext): number => context.round.claims.at(-1)!.seat;

/** The settlement a DICE or ACCEPT_MIA event would bring (guards and actions share it). */
function settlementOf(context: GameContext, event: GameEvent): Settlement {
  const verdict =
    event.type === 'DICE'
      ? settleLift(
          {
            lifter: context.turn,
            claimer: lastClaimer(context),
            claim: context.claim!,
            dice: event.dice as Dice,
          },
          context.rules,
        )
      : settleMiaAccepted({
          accepter: context.turn,
          claimer: lastClaimer(context),
          claim: context.claim!,
        });
  return applyVerdict(
    verdict,
    context.players.map((p) => p.lives),
    context.rules,
  );
}

const nextInPlay = (context: GameContext, from: number): number =>
  nextSeatInPlay(
    from,
    context.players.map((p) => p.lives),
  );

const allowed = ({ context, event }: { context: GameContext; event: GameEvent }, phase: Phase) =>
  refusal({ value: phase, context }, event) === null;

const machineSetup = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as GameInput,
  },
  guards: {
    /** Would the table accept this event in this phase? (see `refusal`) */
    isAllowedIn: (args, params: { phase: Phase }) => allowed(args, params.phase),
    /** Is the player to act allowed to roll now? */
    mayRoll: ({ context }) => context.claim === null || !isMia(context.claim),
    /** Has the roller already seen the dice? */
    hasLooked: ({ context }) => context.round.looked,
    /** Does looking under the cup here mean believing (a peek) rather than a lift? */
    lookIsPeek: ({ context }) =>
      context.rules.believerLooks && context.claim !== null && !isMia(context.claim),
    /** Do the entered dice (or the Mia given up) end the game? */
    endsGame: ({ context, event }) => settlementOf(context, event).result !== null,
    /** Was the last step taken in this phase? */
    undoReturnsTo: ({ context }, params: { phase: Phase }) =>
      context.past.at(-1)?.phase === params.phase,
  },
  actions: {
    /** Push an undo frame of the game as it is before this step. */
    remember: assign(({ context }, params: { phase: Phase }) => {
      const frame: UndoFrame = {
        phase: params.phase,
        lives: context.players.map((p) => p.lives),
        turn: context.turn,
        claim: context.claim,
        round: context.round,
        historyLength: context.history.length,
        warningsLength: context.warnings.length,
      };
      return { past: [...context.past, frame] };
    }),
    /** Pop the last undo frame. The last outcome and result are those of the last round kept. */
    restorePrevious: assign(({ context }) => {
      const frame = context.past.at(-1)!;
      const history = context.history.slice(0, frame.historyLength);
      const lastOutcome = history.at(-1)?.settlement ?? null;
      return {
        players: context.players.map((p, seat) => ({ ...p, lives: frame.lives[seat] })),
        turn: frame.turn,
        claim: frame.claim,
        round: frame.round,
        lastOutcome,
        result: lastOutcome?.result ?? null,
        history,
        warnings: context.warnings.slice(0, frame.warningsLength),
        past: context.past.slice(0, -1),
      };
    }),
    rollDice: assign({
      round: ({ context }) => ({ ...context.round, rolled: true, looked: false }),
    }),
    markLooked: assign({ round: ({ context }) => ({ ...context.round, looked: true }) }),
    recordClaim: assign(({ context, event }, params: { kind: ClaimKind }) => {
      assertEvent(event, ['CLAIM', 'PASS_BLIND']);
      const kept = params.kind === 'rolled' && !context.round.rolled;
      return {
        claim: event.score,
        turn: nextInPlay(context, context.turn),
        round: {
          ...context.round,
          claims: [
            ...context.round.claims,
            { seat: context.turn, score: event.score, kind: params.kind, kept },
          ],
          rolled: false,
          looked: false,
        },
      };
    }),
    startLift: assign({
      round: ({ context }) => ({ ...context.round, lifter: context.turn, looked: true }),
    }),
    settleRound: assign(({ context, event }) => {
      const settlement = settlementOf(context, event);
      const players = context.players.map((p, seat) => ({ ...p, lives: settlement.lives[seat] }));
      const record = {
        number: context.round.number,
        opener: context.round.opener,
        claims: context.round.claims,
        settlement,
      };
      const base = { players, history: [...context.history, record], lastOutcome: settlement };
      if (settlement.result) return { ...base, result: settlement.result };
      const opener = settlement.nextOpener!;
      return {
        ...base,
        turn: opener,
        claim: null,
        round: newRound(context.round.number + 1, opener),
      };
    }),
    /**
     * A sensor event that fits the moment but changes nothing: the lid closing, the roller
     * looking again, the cup still shaking before anyone looked.
     */
    absorbSensor: () => {},
    warn: assign(({ context, event }, params: { code: WarningCode; phase: Phase }) => {
      const warning: GameWarning = {
        code: params.code,
        event: event.type as GameWarning['event'],
        phase: params.phase,
        turn: context.turn,
        round: context.round.number,
        message: WARNING_MESSAGES[params.code],
      };
      return { warnings: [...context.warnings, warning] };
    }),
  },
});

/** The transitions that settle a round: to `over` when it ends the game, else a new round. */
function settle(phase: 'facing' | 'lifting') {
  const isAllowed = { type: 'isAllowedIn', params: { phase } } as const;
  const actions = [{ type: 'remember', params: { phase } } as const, 'settleRound' as const];
  return [
    { guard: and([isAllowed, 'endsGame']), target: 'over', actions },
    { guard: isAllowed, target: 'opening', actions },
  ];
}

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
  states: {
    opening: {
      on: {
        ROLL: {
          target: 'rolled',
          actions: [{ type: 'remember', params: { phase: 'opening' } }, 'rollDice'],
        },
        'CUP.SHAKE': {
          target: 'rolled',
          actions: [{ type: 'remember', params: { phase: 'opening' } }, 'rollDice'],
        },
        'CUP.LID_OPEN': {
          actions: { type: 'warn', params: { code: 'lid-before-roll', phase: 'opening' } },
        },
        'CUP.LID_CLOSED': { actions: 'absorbSensor' },
      },
    },
    rolled: {
      on: {
        CLAIM: {
          guard: { type: 'isAllowedIn', params: { phase: 'rolled' } },
          target: 'facing',
          actions: [
            { type: 'remember', params: { phase: 'rolled' } },
            { type: 'recordClaim', params: { kind: 'rolled' } },
          ],
        },
        'CUP.SHAKE': [
          {
            guard: 'hasLooked',
            actions: { type: 'warn', params: { code: 'shake-after-look', phase: 'rolled' } },
          },
          // Still shaking before anyone looked: the same roll goes on.
          { actions: 'absorbSensor' },
        ],
        'CUP.LID_OPEN': [
          // Looking again changes nothing.
          { guard: 'hasLooked', actions: 'absorbSensor' },
          { actions: [{ type: 'remember', params: { phase: 'rolled' } }, 'markLooked'] },
        ],
        'CUP.LID_CLOSED': { actions: 'absorbSensor' },
      },
    },
    peeked: {
      on: {
        ROLL: {
          target: 'rolled',
          actions: [{ type: 'remember', params: { phase: 'peeked' } }, 'rollDice'],
        },
        'CUP.SHAKE': {
          target: 'rolled',
          actions: [{ type: 'remember', params: { phase: 'peeked' } }, 'rollDice'],
        },
        CLAIM: {
          guard: { type: 'isAllowedIn', params: { phase: 'peeked' } },
          target: 'facing',
          actions: [
            { type: 'remember', params: { phase: 'peeked' } },
            { type: 'recordClaim', params: { kind: 'rolled' } },
          ],
        },
        // Looking again changes nothing.
        'CUP.LID_OPEN': { actions: 'absorbSensor' },
        'CUP.LID_CLOSED': { actions: 'absorbSensor' },
      },
    },
    facing: {
      on: {
        ROLL: {
          guard: 'mayRoll',
          target: 'rolled',
          actions: [{ type: 'remember', params: { phase: 'facing' } }, 'rollDice'],
        },
        PEEK: {
          guard: { type: 'isAllowedIn', params: { phase: 'facing' } },
          target: 'peeked',
          actions: [{ type: 'remember', params: { phase: 'facing' } }, 'markLooked'],
        },
        PASS_BLIND: {
          guard: { type: 'isAllowedIn', params: { phase: 'facing' } },
          target: 'facing',
          actions: [
            { type: 'remember', params: { phase: 'facing' } },
            { type: 'recordClaim', params: { kind: 'blind' } },
          ],
        },
        LIFT: {
          target: 'lifting',
          actions: [{ type: 'remember', params: { phase: 'facing' } }, 'startLift'],
        },
        ACCEPT_MIA: settle('facing'),
        'CUP.SHAKE': [
          {
            guard: 'mayRoll',
            target: 'rolled',
            actions: [{ type: 'remember', params: { phase: 'facing' } }, 'rollDice'],
          },
          { actions: { type: 'warn', params: { code: 'shake-at-mia', phase: 'facing' } } },
        ],
        'CUP.LID_OPEN': [
          {
            guard: 'lookIsPeek',
            target: 'peeked',
            actions: [{ type: 'remember', params: { phase: 'facing' } }, 'markLooked'],
          },
          {
            target: 'lifting',
            actions: [{ type: 'remember', params: { phase: 'facing' } }, 'startLift'],
          },
        ],
        'CUP.LID_CLOSED': { actions: 'absorbSensor' },
      },
    },
    lifting: {
      on: {
        DICE: settle('lifting'),
        'CUP.SHAKE': {
          actions: { type: 'warn', params: { code: 'shake-while-lifting', phase: 'lifting' } },
        },
        'CUP.LID_OPEN': { actions: 'absorbSensor' },
        'CUP.LID_CLOSED': { actions: 'absorbSensor' },
      },
    },
    over: {
      tags: ['over'],
      on: {
        'CUP.SHAKE': {
          actions: { type: 'warn', params: { code: 'sensor-after-game', phase: 'over' } },
        },
        'CUP.LID_OPEN': {
          actions: { type: 'warn', params: { code: 'sensor-after-game', phase: 'over' } },
        },
        'CUP.LID_CLOSED': { actions: 'absorbSensor' },
      },
    },
  },
});
