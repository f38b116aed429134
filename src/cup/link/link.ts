/**
 * One GATT link to a cup: connect with a timeout (disconnecting a connect that succeeds late),
 * fetch the services and characteristics again, listen and start notifications before any
 * Control write, and run every GATT operation through one queue. Control requests get a request
 * id and wait for their Reply. `close()` removes every listener with the reference it added,
 * rejects what is queued and what waits for a Reply.
 */
import { ControlChannel, type ControlArgs, type ReplyTo, type Session } from './control-channel';
import { batteryOf, readDeviceInformation } from './device-reads';
import { characteristic } from './discover';
import { CupDisconnectedError, CupRequestError } from '../errors';
import type { DeviceInformation } from '../events';
import {
  valueOf,
  type GattCharacteristicLike,
  type GattDeviceLike,
  type GattListener,
  type GattServerLike,
} from './gatt';
import { GattQueue } from './queue';
import { withTimeout } from './timeout';

/** What the link hands on: every notified (or read) value, by characteristic. */
export interface LinkFrames {
  events(value: DataView): void;
  state(value: DataView): void;
  reply(value: DataView): void;
  battery(value: DataView): void;
}

export interface LinkTimeouts {
  connectMs: number;
  requestMs: number;
  replyMs: number;
}

/** Connect attempts per device: a connect that succeeds after its timeout is dropped unless a
 * newer attempt on the same device is under way (it would share the GATT server). */
const attempts = new WeakMap<GattDeviceLike, number>();

export class CupLink {
  private readonly queue: GattQueue;
  private readonly control: ControlChannel;
  private readonly listeners: [GattCharacteristicLike, GattListener][] = [];
  private closed = false;
  private info!: GattCharacteristicLike;
  private state!: GattCharacteristicLike;
  private controlPoint!: GattCharacteristicLike;

  private constructor(
    readonly device: GattDeviceLike,
    private readonly server: GattServerLike,
    timeouts: LinkTimeouts,
    private readonly frames: LinkFrames,
  ) {
    this.queue = new GattQueue(timeouts.requestMs);
    this.control = new ControlChannel(timeouts.replyMs);
  }

  /**
   * Connect, discover and subscribe. `signal` aborts it (the link is closed and the promise
   * rejects with `CupDisconnectedError`).
   */
  static async open(
    device: GattDeviceLike,
    timeouts: LinkTimeouts,
    frames: LinkFrames,
    signal: AbortSignal,
  ): Promise<CupLink> {
    const gatt = device.gatt;
    if (!gatt) throw new Error('This device has no GATT server.');
    const attempt = (attempts.get(device) ?? 0) + 1;
    attempts.set(device, attempt);
    const server = await withTimeout(gatt.connect(), timeouts.connectMs, 'connect', () => {
      if (attempts.get(device) === attempt) gatt.disconnect();
    });
    const link = new CupLink(device, server, timeouts, frames);
    const onAbort = () => link.close();
    signal.addEventListener('abort', onAbort);
    try {
      await link.subscribe();
      if (signal.aborted) throw new CupDisconnectedError('Superseded.');
      return link;
    } catch (error) {
      link.close();
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  readInfo(): Promise<DataView> {
    return this.run('read info', () => this.info.readValue());
  }

  /** Read State; the value also reaches `frames.state` (as a notification would). */
  readState(): Promise<DataView> {
    return this.run('read state', () => this.state.readValue());
  }

  readDeviceInformation(): Promise<DeviceInformation> {
    return readDeviceInformation(this.server, (what, run) => this.run(what, run));
  }

  /** Battery Service: follow the level, and read it; undefined when the cup has none. */
  async startBattery(): Promise<number | undefined> {
    try {
      const level = await this.run('battery level', () => characteristic(this.server, 'battery'));
      this.listen(level, this.frames.battery);
      await this.run('battery notifications', () => level.startNotifications()).catch(rethrowDrop);
      return batteryOf(await this.run('read battery', () => level.readValue()));
    } catch (error) {
      rethrowDrop(error);
      return undefined;
    }
  }

  /**
   * Any other GATT work on this link's server (another service, such as a firmware update's),
   * in the link's queue so that it never overlaps the link's own operations.
   */
  gatt<T>(
    what: string,
    run: (server: GattServerLike) => Promise<T>,
    timeoutMs?: number,
  ): Promise<T> {
    if (this.closed) return Promise.reject(new CupDisconnectedError('The cup is not connected.'));
    return this.queue.run(what, () => run(this.server), timeoutMs);
  }

  /** The session (1.2) the requests that change the cup are sealed with, once proven. */
  set session(session: Session | null) {
    this.control.session = session;
  }

  get sealed(): boolean {
    return this.control.session !== null;
  }

  /**
   * A Control request; resolves with its `ok` Reply, rejects with the error status. `replyMs`:
   * a Reply that comes later than usual (a claim waits for a person at the cup).
   */
  request<Op extends ControlArgs['op']>(
    args: Extract<ControlArgs, { op: Op }>,
    replyMs?: number,
  ): Promise<ReplyTo<Op>> {
    if (this.closed) return Promise.reject(new CupDisconnectedError('The cup is not connected.'));
    const reply = this.control.request(
      args,
      (frame) =>
        this.run(`write ${args.op}`, () =>
          this.controlPoint.writeValueWithResponse(new Uint8Array(frame)),
        ),
      replyMs,
    );
    return reply.then((r) => {
      if (r.op !== args.op) throw new CupRequestError(args.op, 'a wrong reply');
      return r as ReplyTo<Op>;
    });
  }

  /**
   * A Control write of exactly these bytes, malformed or not (the conformance check's requests);
   * its Reply, if any, arrives as a frame. Rejects with the write's error (an ATT error).
   */
  writeControl(frame: Uint8Array): Promise<void> {
    if (this.closed) return Promise.reject(new CupDisconnectedError('The cup is not connected.'));
    return this.run('write control', () =>
      this.controlPoint.writeValueWithResponse(new Uint8Array(frame)),
    );
  }

  /** A Reply frame arrived (decoded by the owner of the link). */
  receiveReply(reply: Parameters<ControlChannel['receive']>[0]): void {
    this.control.receive(reply);
  }

  /** Drop everything this link holds; `disconnect` also ends the GATT connection. */
  close(disconnect = false): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.rejectAll(new CupDisconnectedError());
    this.control.rejectAll();
    for (const [c, listener] of this.listeners.splice(0)) {
      c.removeEventListener('characteristicvaluechanged', listener);
    }
    if (disconnect && this.device.gatt?.connected) this.device.gatt.disconnect();
  }

  private async subscribe(): Promise<void> {
    const char = (name: 'info' | 'events' | 'state' | 'control' | 'reply') =>
      this.run(name, () => characteristic(this.server, name));
    this.info = await char('info');
    const events = await char('events');
    this.state = await char('state');
    this.controlPoint = await char('control');
    const reply = await char('reply');
    this.listen(events, this.frames.events);
    this.listen(this.state, this.frames.state);
    this.listen(reply, this.frames.reply);
    for (const c of [events, this.state, reply]) {
      await this.run('start notifications', () => c.startNotifications());
    }
  }

  private listen(c: GattCharacteristicLike, handle: (value: DataView) => void): void {
    const listener: GattListener = (event) => {
      const value = valueOf(event);
      if (value && !this.closed) handle(value);
    };
    c.addEventListener('characteristicvaluechanged', listener);
    this.listeners.push([c, listener]);
  }

  private run<T>(what: string, operation: () => Promise<T>): Promise<T> {
    return this.queue.run(what, operation);
  }
}

function rethrowDrop(error: unknown): void {
  if (error instanceof CupDisconnectedError) throw error;
}
