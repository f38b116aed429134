/**
 * An element's view of the device's preferences: follows the store from the preferences context
 * (or is given it, in the element that provides it) through a `StoreController`, so the host
 * re-renders after every change, and writes changes back through the store.
 */
import type { ReactiveElement } from 'lit';
import { PreferencesStore, type Preferences } from '../data';
import { preferencesContext } from './context';
import { StoreController } from './store-controller';

/** What an element shows before it is given a store (never stored). */
const FALLBACK = new PreferencesStore(null);

export class PreferencesController {
  private readonly follow: StoreController<PreferencesStore>;

  /** `onChange` runs after every change of the store's preferences. */
  constructor(
    host: ReactiveElement,
    options: { store?: PreferencesStore; onChange?: (preferences: Preferences) => void } = {},
  ) {
    const { store, onChange } = options;
    this.follow = new StoreController(
      host,
      store ? { store } : { context: preferencesContext },
      onChange && (() => onChange(this.value)),
    );
  }

  get value(): Preferences {
    return (this.follow.store ?? FALLBACK).value;
  }

  update(patch: Partial<Preferences>): void {
    this.follow.store?.update(patch);
  }
}
