/**
 * A cup for the update flow's unit tests: the SMP server model behind a pipe, with a link that
 * can drop and come back after a delay on the fake clock, and a reset that restarts the cup
 * through its bootloader.
 */
import { CupDisconnectedError, CupTimeoutError } from '../../../../src/cup';
import type { SmpPipe } from '../../../../src/cup/smp/client';
import { SimSmpServer, type SimSmpOptions } from '../../../../src/cup/smp/sim-server';
import type { UpdateCup } from '../../../../src/cup/smp';

export class FakeCup implements UpdateCup {
  readonly server: SimSmpServer;
  /** ATT values the app wrote. */
  readonly written: Uint8Array[] = [];
  /** How long the cup is away after a drop or a reset, fake ms. */
  awayMs = 1_000;
  /** The cup ignores requests (it hangs) while true. */
  silent = false;
  /** After a reset, the cup never comes back. */
  staysAway = false;
  drops = 0;
  private up = true;
  private link: { onValue: (v: Uint8Array) => void; closed: (e: Error) => void } | null = null;
  private waiters: (() => void)[] = [];

  constructor(options: SimSmpOptions) {
    this.server = new SimSmpServer(options);
    this.server.send = (value) => {
      const link = this.link;
      if (this.up && link) setTimeout(() => link.onValue(value), 1);
    };
    this.server.onReset = () =>
      setTimeout(() => {
        this.drop(this.staysAway);
        this.server.restart();
      }, 5);
  }

  ready(): boolean {
    return this.up;
  }

  until(want: boolean, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.up === want) return resolve();
      const timer = setTimeout(() => reject(new CupTimeoutError('fake cup', ms)), ms);
      const check = () => {
        if (this.up !== want) return void this.waiters.push(check);
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(check);
    });
  }

  async open(): Promise<SmpPipe> {
    if (!this.up) throw new CupDisconnectedError();
    return {
      write: async (value) => {
        if (!this.up) throw new CupDisconnectedError();
        this.written.push(value.slice());
        if (!this.silent) this.server.write(value);
      },
      listen: (onValue, closed) => {
        const link = { onValue, closed };
        this.link = link;
        return () => {
          if (this.link === link) this.link = null;
        };
      },
    };
  }

  /** The link drops; the cup is back `awayMs` later (unless `forever`). */
  drop(forever = false): void {
    if (!this.up) return;
    this.drops++;
    this.up = false;
    this.server.disconnect();
    const link = this.link;
    this.link = null;
    link?.closed(new CupDisconnectedError());
    this.wake();
    if (!forever) {
      setTimeout(() => {
        this.up = true;
        this.wake();
      }, this.awayMs);
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
