/**
 * Bridges the XState game actor to a Lit element: takes the actor from the game context (or
 * from a getter, for the element that provides it), subscribes while the host is connected,
 * and asks for an update only when the selected slice of the snapshot changes. A new game's
 * actor is picked up too.
 */
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { Subscription } from 'xstate';
import type { GameActor, GameSnapshot } from '../game';
import { actorContext } from './context';

export interface GameControllerOptions<T> {
  /** The slice of the snapshot the element shows (default: all of it). */
  select?: (snapshot: GameSnapshot) => T;
  equal?: (a: T, b: T) => boolean;
  /** Where the actor comes from (default: the game context). */
  actor?: () => GameActor | undefined;
}

export class GameController<T = GameSnapshot> implements ReactiveController {
  value: T | undefined;
  private followed: GameActor | undefined;
  private subscription: Subscription | undefined;
  private readonly getActor: () => GameActor | undefined;
  private readonly select: (snapshot: GameSnapshot) => T;
  private readonly equal: (a: T, b: T) => boolean;

  constructor(
    private readonly host: ReactiveElement,
    options: GameControllerOptions<T> = {},
  ) {
    const consumer = options.actor
      ? null
      : new ContextConsumer(host, { context: actorContext, subscribe: true });
    this.getActor = options.actor ?? (() => consumer?.value);
    this.select = options.select ?? ((s) => s as T);
    this.equal = options.equal ?? Object.is;
    host.addController(this);
  }

  /** The actor followed: send it events. */
  get actor(): GameActor | undefined {
    return this.getActor();
  }

  hostConnected(): void {
    this.follow();
  }

  /** Runs before each render: follows a swapped actor. */
  hostUpdate(): void {
    this.follow();
  }

  hostDisconnected(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.followed = undefined;
  }

  private follow(): void {
    const actor = this.getActor();
    if (actor === this.followed) return;
    this.subscription?.unsubscribe();
    this.followed = actor;
    this.value = actor ? this.select(actor.getSnapshot()) : undefined;
    this.subscription = actor?.subscribe((snapshot) => {
      const next = this.select(snapshot);
      if (this.value !== undefined && this.equal(next, this.value)) return;
      this.value = next;
      this.host.requestUpdate();
    });
  }
}
