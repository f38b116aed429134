/**
 * An element's view of the game's storage state (`storageContext`), through a
 * `StoreController`: re-renders the host when it changes.
 */
import type { ReactiveElement } from 'lit';
import type { StorageState, StorageWatch } from '../data';
import { storageContext } from './context';
import { StoreController } from './store-controller';

/** What an element shows before the storage state is provided. */
const CALM: StorageState = { status: { state: 'stored' }, persistence: 'unknown' };

export class StorageController {
  private readonly follow: StoreController<StorageWatch>;

  constructor(host: ReactiveElement) {
    this.follow = new StoreController(host, { context: storageContext });
  }

  get value(): StorageState {
    return this.follow.store?.value ?? CALM;
  }
}
