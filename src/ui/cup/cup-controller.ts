/**
 * Bridges a `CupConnection` to a Lit element: re-renders on every snapshot change, and once a
 * second while a reconnect countdown runs. Subscribes in `hostConnected`, unsubscribes in
 * `hostDisconnected`, with the same function references.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CupConnection, CupSnapshot } from '../../cup';

export class CupController implements ReactiveController {
  private connection: CupConnection | undefined;
  private stop: (() => void) | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private connected = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  get snapshot(): CupSnapshot | undefined {
    return this.connection?.snapshot;
  }

  /** Follow another connection (the element's property changed). */
  set(connection: CupConnection | undefined): void {
    if (connection === this.connection) return;
    this.unsubscribe();
    this.connection = connection;
    if (this.connected) this.subscribe();
  }

  hostConnected(): void {
    this.connected = true;
    this.subscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe();
  }

  private readonly onChange = (snapshot: CupSnapshot): void => {
    this.tick(snapshot);
    this.host.requestUpdate();
  };

  private subscribe(): void {
    if (!this.connection || this.stop) return;
    this.stop = this.connection.watch(this.onChange);
    this.tick(this.connection.snapshot);
    this.host.requestUpdate();
  }

  private unsubscribe(): void {
    this.stop?.();
    this.stop = null;
    this.tick(undefined);
  }

  /** A one-second timer while "reconnecting in N s" is on screen. */
  private tick(snapshot: CupSnapshot | undefined): void {
    const counting = snapshot?.status.phase === 'reconnecting';
    if (counting && !this.ticker) {
      this.ticker = setInterval(() => this.host.requestUpdate(), 1_000);
    } else if (!counting && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }
}
