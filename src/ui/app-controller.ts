/**
 * Bridges the app machine (`src/app`) to <mia-app>: the view of each snapshot, with an update
 * asked for only when the view changes. The machine loads after the first screen (it brings
 * xstate): until `main.ts` hands it over, the page shows the view it was made with, and the
 * events sent meanwhile wait for it.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { AppActor, AppEvent } from '../app';
import { firstView, sameView, viewOf, type AppView } from '../app/view';
import type { TableViewActor } from '../game';

export class AppController implements ReactiveController {
  private actor: AppActor | null = null;
  private waiting: AppEvent[] = [];
  private stop: (() => void) | null = null;

  constructor(
    private readonly host: ReactiveElement,
    /** What the page shows now. */
    public view: AppView,
  ) {
    host.addController(this);
  }

  /**
   * Before the machine is there: show the table drawn from the stored game's view (when the
   * loading text shows), until `painted` says it is on screen.
   */
  async draw(drawn: TableViewActor, painted: () => Promise<void>): Promise<void> {
    if (this.actor || this.view.screen !== 'loading') return;
    this.view = firstView(true, this.view.checking, this.view.cupKind, drawn);
    this.host.requestUpdate();
    await painted();
  }

  /** Follow the machine, started, and send it what waited for it. */
  follow(actor: AppActor): void {
    this.actor = actor;
    this.hostConnected();
    for (const event of this.waiting.splice(0)) actor.send(event);
  }

  /**
   * The view of the machine as it is now: an actor it invokes runs before the page is told of
   * the state it was invoked in.
   */
  get latest(): AppView {
    return this.actor ? viewOf(this.actor.getSnapshot()) : this.view;
  }

  send(event: AppEvent): void {
    if (this.actor) this.actor.send(event);
    else this.waiting.push(event);
  }

  hostConnected(): void {
    const actor = this.actor;
    if (!actor || this.stop) return;
    const subscription = actor.subscribe(() => this.show(actor));
    this.stop = () => subscription.unsubscribe();
    this.show(actor);
  }

  hostDisconnected(): void {
    this.stop?.();
    this.stop = null;
  }

  private show(actor: AppActor): void {
    const view = viewOf(actor.getSnapshot());
    if (sameView(view, this.view)) return;
    this.view = view;
    this.host.requestUpdate();
  }
}
