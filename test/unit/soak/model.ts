/**
 * The soak's pure model of the evening: the game the table plays (its players and rules, every
 * step it took, and the game they make, replayed by the round machine alone, with no storage,
 * page or cup around it), and the result of every game that ended. A step is what the game
 * session stores: an event that changed the game (a move, an undo, a cup warning), a warning
 * counted again being a repeat of the step that raised it.
 */
import { createActor } from 'xstate';
import {
  gameMachine,
  resultOf,
  stepKind,
  type GameActor,
  type GameEvent,
  type GameInput,
  type GameResultRecord,
  type GameSnapshot,
  type LoggedStep,
  type StepKind,
} from '../../../src/game';

export class Model {
  input: GameInput | null = null;
  /** The game's id, as the table's session gave it. */
  id = '';
  steps: LoggedStep[] = [];
  /** Where the current run of warnings began (a warning said again repeats its step there). */
  private warningsFrom = 0;
  /** Every game that ended (and was not undone), by id. */
  readonly results = new Map<string, GameResultRecord>();
  /** Every game of the evening, by id: its players and rules, and its steps. */
  private readonly games = new Map<string, { input: GameInput; steps: LoggedStep[] }>();
  private actor: GameActor | null = null;

  start(input: GameInput, id: string, steps: readonly LoggedStep[] = []): void {
    this.actor?.stop();
    this.input = input;
    this.id = id;
    this.steps = [];
    this.warningsFrom = 0;
    this.games.set(id, { input, steps: this.steps });
    this.actor = createActor(gameMachine, { input }).start();
    for (const { repeat = 1, ...step } of steps) {
      for (let i = 0; i < repeat; i += 1) this.send(step as GameEvent);
    }
  }

  /**
   * Back to game `id` as it was after the `stored` steps: what a page that went away left stored
   * while storage failed (the rest of its steps were never stored, as the page said). Throws
   * unless the model knows that game, played so far in that order.
   */
  rollBack(id: string, stored: readonly LoggedStep[]): number {
    const game = this.games.get(id);
    const events = sent(stored);
    const played = game ? sent(game.steps) : [];
    if (!game || JSON.stringify(played.slice(0, events.length)) !== JSON.stringify(events)) {
      throw new Error(`stored: game ${id} with events the table never played in this order`);
    }
    const lost = (id === this.id ? played.length : 0) - events.length;
    this.start(game.input, id, events);
    return lost;
  }

  /** No game (none was stored: the new-game screen). */
  clear(): void {
    this.actor?.stop();
    this.actor = null;
    this.input = null;
    this.id = '';
    this.steps = [];
    this.warningsFrom = 0;
  }

  get snapshot(): GameSnapshot | null {
    return this.actor?.getSnapshot() ?? null;
  }

  get over(): boolean {
    return this.snapshot?.hasTag('over') ?? false;
  }

  /** The table sent the game `event`: a step if it changed the game. */
  send(event: GameEvent): void {
    const actor = this.actor;
    if (!actor) throw new Error(`${event.type} with no game`);
    const before = actor.getSnapshot();
    actor.send(event);
    const after = actor.getSnapshot();
    if (after.value === before.value && after.context === before.context) return;
    this.log(event, stepKind(before, after));
    const result = resultOf(this.id, after.context);
    if (result) this.results.set(this.id, result);
    else this.results.delete(this.id);
  }

  /** As the game's log keeps it: a warning counted again repeats the step that raised it. */
  private log(event: GameEvent, kind: StepKind): void {
    let raised = -1;
    for (let i = this.steps.length - 1; kind === 'counted' && i >= this.warningsFrom; i -= 1) {
      if (this.steps[i].type === event.type) {
        raised = i;
        break;
      }
    }
    if (raised >= 0) {
      const step = this.steps[raised];
      this.steps[raised] = { ...step, repeat: (step.repeat ?? 1) + 1 };
      return;
    }
    this.steps.push(event);
    if (kind === 'step') this.warningsFrom = this.steps.length;
  }

  stop(): void {
    this.actor?.stop();
  }
}

/**
 * The events a log sends the game, each repeat spelled out: the same for any two logs of one
 * game (the game's log also starts a new step for a warning said again after a restore or a
 * checkpoint, where the model repeats the one before).
 */
export const sent = (steps: readonly LoggedStep[]): GameEvent[] =>
  steps.flatMap(({ repeat = 1, ...step }) => Array<GameEvent>(repeat).fill(step as GameEvent));

/** What a game snapshot shows (its phase and everything it holds). */
export const shown = (snapshot: GameSnapshot | null | undefined) =>
  snapshot ? { value: snapshot.value, context: snapshot.context } : null;
