/**
 * An element's view of the device's preferences: takes the store from the preferences context
 * (or is given it, in the element that provides it), re-renders the host after every change,
 * and writes changes back through the store.
 */
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import { PreferencesStore, type Preferences } from '../data';
import { preferencesContext } from './context';

/** What an element shows before it is given a store (never stored). */
const FALLBACK = new PreferencesStore(null);

export class PreferencesController implements ReactiveController {
  private store: PreferencesStore | undefined;
  private stop: (() => void) | null = null;
  private connected = false;
  private readonly onChange?: (preferences: Preferences) => void;

  /** `onChange` runs after every change of the store's preferences. */
  constructor(
    private readonly host: ReactiveElement,
    options: { store?: PreferencesStore; onChange?: (preferences: Preferences) => void } = {},
  ) {
    this.onChange = options.onChange;
    this.store = options.store;
    if (!options.store) {
      new ContextConsumer(host, {
        context: preferencesContext,
        subscribe: true,
        callback: (store) => this.use(store),
      });
    }
    host.addController(this);
  }

  get value(): Preferences {
    return (this.store ?? FALLBACK).value;
  }

  update(patch: Partial<Preferences>): void {
    this.store?.update(patch);
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

  private use(store: PreferencesStore | undefined): void {
    if (store === this.store) return;
    this.stop?.();
    this.stop = null;
    this.store = store;
    this.listen();
    this.host.requestUpdate();
  }

  private listen(): void {
    if (!this.connected || this.stop || !this.store) return;
    this.stop = this.store.subscribe((preferences) => {
      this.onChange?.(preferences);
      this.host.requestUpdate();
    });
  }
}
