/**
 * An element's view of a store it follows (the device's preferences, the storage state, the
 * session scoreboard): takes the store from its context (or is given it, in the element that
 * provides it), listens while the host is connected, and re-renders the host after every
 * change of the store and when the store itself changes.
 */
import { ContextConsumer, type Context } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';

/** What a store offers to be followed. */
export interface Subscribable {
  /** Call `listener` after every change; returns the way to stop. */
  subscribe(listener: () => void): () => void;
}

export type StoreSource<S> =
  /** The store itself, for the element that provides it (it cannot consume its own context). */
  | { store: S }
  /** The context that provides the store. */
  | { context: Context<unknown, S | undefined> };

export class StoreController<S extends Subscribable> implements ReactiveController {
  private followed: S | undefined;
  private stop: (() => void) | null = null;
  private connected = false;

  /** `onChange` runs after every change of the store, before the host updates. */
  constructor(
    private readonly host: ReactiveElement,
    source: StoreSource<S>,
    private readonly onChange?: () => void,
  ) {
    if ('store' in source) {
      this.followed = source.store;
    } else {
      new ContextConsumer(host, {
        context: source.context,
        subscribe: true,
        callback: (store) => this.use(store),
      });
    }
    host.addController(this);
  }

  /** The store followed; undefined until its context provides one. */
  get store(): S | undefined {
    return this.followed;
  }

  hostConnected(): void {
    this.connected = true;
    this.listen();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop?.();
    this.stop = null;
  }

  private use(store: S | undefined): void {
    if (store === this.followed) return;
    this.stop?.();
    this.stop = null;
    this.followed = store;
    this.listen();
    this.host.requestUpdate();
  }

  /** Listen to the store while connected; what it holds may have changed meanwhile. */
  private listen(): void {
    if (!this.connected || this.stop || !this.followed) return;
    this.stop = this.followed.subscribe(() => {
      this.onChange?.();
      this.host.requestUpdate();
    });
    this.host.requestUpdate();
  }
}
