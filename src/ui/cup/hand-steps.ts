/**
 * When the table last took a step by hand (PROTOCOL.md 1.1, section 6: a cup event applies
 * unless a step was entered by hand after it happened). A reactive controller on the element
 * that holds the game's actor: it follows that actor, sends the cup's moves through `fromCup`,
 * and takes every other change of the game (a tap, a key, an undo) as a step by hand. The time
 * is kept across reloads: a cup that comes back after a reload must not overtake the table.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Subscription } from 'xstate';
import type { GameActor, SensorEvent } from '../../game';

const KEY = 'mia-cup.hand-step-at';

export class HandSteps implements ReactiveController {
  private followed: GameActor | undefined;
  private subscription: Subscription | undefined;
  private sending = false;
  private last: number;

  constructor(
    private readonly host: ReactiveControllerHost & { actor?: GameActor },
    private readonly now: () => number = () => Date.now(),
  ) {
    this.last = Number(safeStorage()?.getItem(KEY) ?? '') || -Infinity;
    host.addController(this);
  }

  /** App clock (ms) of the last step by hand; -Infinity when there was none. */
  get at(): number {
    return this.last;
  }

  /** A move the cup made: sent to the game, not counted as a step by hand. */
  fromCup(event: SensorEvent): void {
    this.sending = true;
    try {
      this.host.actor?.send(event);
    } finally {
      this.sending = false;
    }
  }

  hostUpdated(): void {
    this.follow(this.host.actor);
  }

  hostDisconnected(): void {
    this.follow(undefined);
  }

  private follow(actor: GameActor | undefined): void {
    if (actor === this.followed) return;
    this.subscription?.unsubscribe();
    this.followed = actor;
    let previous = actor?.getSnapshot();
    this.subscription = actor?.subscribe((snapshot) => {
      if (snapshot === previous) return;
      previous = snapshot;
      if (!this.sending) this.mark();
    });
  }

  private mark(): void {
    this.last = this.now();
    try {
      safeStorage()?.setItem(KEY, String(this.last));
    } catch {
      // Storage full or blocked: the time is kept for this page's life.
    }
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
