/**
 * An element's view of the game's storage state (`storageContext`): re-renders the host when
 * it changes.
 */
import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { StorageState, StorageWatch } from '../data';
import { storageContext } from './context';

const CALM: StorageState = { status: { state: 'stored' }, persistence: 'unknown' };

export class StorageController implements ReactiveController {
  private watch: StorageWatch | undefined;
  private stop: (() => void) | null = null;
  private connected = false;

  constructor(private readonly host: ReactiveElement) {
    new ContextConsumer(host, {
      context: storageContext,
      subscribe: true,
      callback: (watch) => {
        this.watch = watch;
        this.listen();
      },
    });
    host.addController(this);
  }

  get value(): StorageState {
    return this.watch?.value ?? CALM;
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

  private listen(): void {
    this.stop?.();
    this.stop = null;
    if (!this.connected || !this.watch) return;
    this.stop = this.watch.subscribe(() => this.host.requestUpdate());
    this.host.requestUpdate();
  }
}
