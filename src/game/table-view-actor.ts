/**
 * The table drawn from its stored view (`table-view.ts`) while the round machine loads: it
 * stands in for the game's actor, so the table's elements draw and offer what the machine
 * would, and it keeps the steps tapped meanwhile. Once the game is restored, `handOver` gives
 * them to it in order (each checked as the machine checks it: a refused one is reported with
 * its refusal), or drops them all when the restored game is not the table that was drawn (the
 * view was stale). No xstate here: it loads with the first screen.
 */
import type { GameActor, GameSnapshot } from './machine';
import { refusal, type Refusal } from './refusal';
import { showsTable, type StoredTableView, type TableView } from './table-view';
import type { GameEvent } from './types';

/** What became of the steps tapped on the drawn table. */
export interface HandedOver {
  /** Steps the game took. */
  applied: number;
  /** Why each refused step was refused, in the order tapped. */
  refused: Refusal[];
  /** Steps dropped because the game was not the table drawn (or never came). */
  dropped: number;
  /** The game's undo depth once they were given. */
  depth: number;
}

export class TableViewActor {
  /** The steps tapped on the drawn table, oldest first. */
  readonly taps: GameEvent[] = [];
  /** Resolves once the taps were handed over (or dropped). */
  readonly handedOver: Promise<HandedOver>;
  private settle!: (result: HandedOver) => void;
  private done = false;
  private readonly snapshot: Pick<GameSnapshot, 'value' | 'context' | 'can' | 'status'> & {
    hasTag(tag: string): boolean;
    matches(value: string): boolean;
  };

  constructor(
    readonly view: TableView,
    /** The view as stored: the restored game is compared with it. */
    private readonly stored: StoredTableView,
  ) {
    this.handedOver = new Promise((resolve) => (this.settle = resolve));
    this.snapshot = {
      value: view.phase,
      context: view.context,
      status: 'active',
      can: (event: GameEvent) => view.can(event),
      hasTag: () => false,
      matches: (value: string) => value === view.phase,
    };
  }

  /** The drawn table as the actor the table's elements follow (the subset they use). */
  asGame(): GameActor {
    return this as unknown as GameActor;
  }

  getSnapshot() {
    return this.snapshot;
  }

  /** The drawn table does not change: nothing to tell. */
  subscribe(): { unsubscribe(): void } {
    return { unsubscribe: () => undefined };
  }

  /** A step tapped: kept for the game, if it is one the table offers. */
  send(event: GameEvent): void {
    if (!this.done && this.view.can(event)) this.taps.push(event);
  }

  /**
   * Give the taps to the restored game, in order, if it is the table that was drawn; else drop
   * them. Once only: later calls (and taps) do nothing.
   */
  handOver(game: GameActor | null): HandedOver | null {
    if (this.done) return null;
    this.done = true;
    const taps = this.taps.splice(0);
    const result: HandedOver = { applied: 0, refused: [], dropped: 0, depth: 0 };
    const now = game?.getSnapshot();
    if (!game || !now || !showsTable(now, this.stored)) {
      result.dropped = taps.length;
    } else {
      for (const tap of taps) {
        const why = refusal(game.getSnapshot(), tap);
        if (why) result.refused.push(why);
        else {
          game.send(tap);
          result.applied += 1;
        }
      }
    }
    result.depth = game?.getSnapshot().context.past.length ?? 0;
    this.settle(result);
    return result;
  }
}
