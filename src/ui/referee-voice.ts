/**
 * The spoken referee: follows the game actor and, when the table has turned it on, says each
 * step worth saying (`text/spoken.ts`) in the table's language with a voice on the device
 * (`platform/speech.ts`). An undo stops what is being said, on or off.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Subscription } from 'xstate';
import type { GameActor, GameSnapshot, Phase } from '../game';
import { withWords } from './lazy';
import { getLocale } from './localize';
import { Speech } from './platform/speech';
import type { Moment } from './text/spoken';

/**
 * The referee's words load with the first game followed while the referee is on, or when it is
 * first needed: a table that never turns it on never loads them (nor, restoring a game, while
 * the table is being drawn).
 */
const words = () => withWords(() => import('./text/spoken'));

const momentOf = (snapshot: GameSnapshot): Moment => ({
  phase: snapshot.value as Phase,
  context: snapshot.context,
});

export interface RefereeVoiceOptions {
  /** The game being played (a new actor is followed from its current state: nothing said). */
  actor: () => GameActor | undefined;
  /** Is the spoken referee on? */
  on: () => boolean;
  speech?: Speech;
}

export class RefereeVoice implements ReactiveController {
  private readonly speech: Speech;
  private followed: GameActor | undefined;
  private subscription: Subscription | undefined;
  private last: Moment | undefined;
  private said: Promise<unknown> = Promise.resolve();

  constructor(
    host: ReactiveControllerHost,
    private readonly options: RefereeVoiceOptions,
  ) {
    this.speech = options.speech ?? new Speech();
    host.addController(this);
  }

  /** Stop what is being said (the referee was turned off). */
  stop(): void {
    this.speech.stop();
  }

  hostUpdated(): void {
    this.follow(this.options.actor());
  }

  hostDisconnected(): void {
    this.follow(undefined);
  }

  private follow(actor: GameActor | undefined): void {
    if (actor === this.followed) return;
    this.subscription?.unsubscribe();
    if (this.followed) this.speech.stop();
    this.followed = actor;
    this.last = actor ? momentOf(actor.getSnapshot()) : undefined;
    this.subscription = actor?.subscribe((snapshot) => this.step(momentOf(snapshot)));
    if (actor && this.options.on()) void words();
  }

  private step(after: Moment): void {
    const before = this.last;
    this.last = after;
    if (!before || after.context === before.context) return;
    if (after.context.past.length < before.context.past.length) {
      this.speech.stop();
      return;
    }
    if (!this.options.on()) return;
    const followed = this.followed;
    // In order, and not for a game no longer followed.
    this.said = this.said.then(async () => {
      const { announcement } = await words();
      const text = this.followed === followed ? announcement(before, after) : null;
      if (text) this.speech.say(text, getLocale());
    });
  }
}
