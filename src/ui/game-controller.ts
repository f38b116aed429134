/**
 * Bridges the XState game actor to a Lit element: subscribes while the host is connected, and
 * asks for an update only when the selected slice of the snapshot changes. The actor comes from
 * a getter (usually a `@consume`d context property), so a new game's actor is picked up too.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Subscription } from 'xstate';
import type { GameActor, GameSnapshot } from './context';

export class GameController<T = GameSnapshot> implements ReactiveController {
  value: T | undefined;
  private actor: GameActor | undefined;
  private subscription: Subscription | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly getActor: () => GameActor | undefined,
    private readonly select: (snapshot: GameSnapshot) => T = (s) => s as T,
    private readonly equal: (a: T, b: T) => boolean = Object.is,
  ) {
    host.addController(this);
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
    this.actor = undefined;
  }

  private follow(): void {
    const actor = this.getActor();
    if (actor === this.actor) return;
    this.subscription?.unsubscribe();
    this.actor = actor;
    this.value = actor ? this.select(actor.getSnapshot()) : undefined;
    this.subscription = actor?.subscribe((snapshot) => {
      const next = this.select(snapshot);
      if (this.value !== undefined && this.equal(next, this.value)) return;
      this.value = next;
      this.host.requestUpdate();
    });
  }
}
