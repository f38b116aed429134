/**
 * The simulated cup's firmware: the C reference core on a simulated board (`board.ts`), and
 * its radio: the link to the app, the frames the core has due handed on through `wire.ts`, a
 * drop the core asks for. Everything the protocol says (events, State, replays, ownership,
 * Config, telemetry, the detectors) is the core's. The simulated cup wraps it in a GATT layer;
 * the browser tests' emulated cups drive it over the DevTools protocol.
 */
import { Status } from '../../../firmware-protocol/codec';
import { CupCore, type CoreCharacteristic } from '../../../firmware-protocol/wasm';
import { SimBoard } from './board';
import { boardHooks } from './hooks';
import type { FirmwareOptions } from './options';
import { SimWire, type NotifyCharacteristic } from './wire';

export type { FirmwareOptions } from './options';
export type { NotifyCharacteristic } from './wire';

/** PROTOCOL.md 6: the core asks to drop an unproven connection after this long. */
const CORE_UNPROVEN_MS = 5_000;
/** PROTOCOL.md 6: the core drops a connection at its third denial. */
const DROP_AT_DENIALS = 3;

export class CupFirmware extends SimBoard {
  /** Every notification the link is to deliver. */
  notify: (characteristic: NotifyCharacteristic, frame: Uint8Array) => void = () => {};
  /** The cup ends the link (an unproven connection, too many wrong proofs). */
  drop: () => void = () => {};

  private readonly wire: SimWire;
  private linked = false;
  private connectedAt = 0;
  private timeUp = false;
  /** Denied Replies on this connection. */
  private denials = 0;
  private readonly subscribed = new Set<NotifyCharacteristic>();

  private constructor(core: CupCore, options: FirmwareOptions) {
    super(core, options);
    this.wire = new SimWire({
      core,
      time: () => this.sensors.latest,
      oneZero: !this.oneOne,
      protocol: options.protocol ?? null,
      faults: this.faults,
      replayPaceMs: options.replayPaceMs ?? 0,
      send: (c, frame) => this.send(c, frame),
    });
  }

  /** A cup booted with these options (the lid open at boot, if they say so). */
  static async create(options: FirmwareOptions = {}): Promise<CupFirmware> {
    const made: { board?: CupFirmware } = {};
    const core = await CupCore.create(boardHooks(made, options));
    const fw = new CupFirmware(core, { ...options });
    made.board = fw;
    fw.boot(options.lidOpenAtBoot ?? false, false);
    return fw;
  }

  /** Skip the live notification of the next N events (they stay in the log): makes a gap. */
  set dropLive(n: number) {
    this.wire.dropLive = n;
  }

  /** The telemetry stream: whether it runs, and frames to lose on air (tests). */
  get telemetry(): { readonly running: boolean; dropNext: number } {
    return this.wire.telemetry;
  }

  // Link ---------------------------------------------------------------------------------

  /**
   * The page connects, from `peer` (its 6-byte address; null: the board cannot tell). A peer
   * the cup dropped unproven a moment ago is refused: the link ends at once.
   */
  connect(peer: Uint8Array | null = null): void {
    this.advance();
    this.linked = true;
    this.connectedAt = this.sensors.latest;
    this.timeUp = false;
    this.denials = 0;
    this.core.connected(this.sensors.latest, true, peer);
    if (this.core.shouldDisconnect(this.sensors.latest)) return this.endLink();
    this.wire.pump();
    this.wake();
  }

  disconnect(): void {
    if (!this.linked) return;
    this.linked = false;
    this.advance();
    this.subscribed.clear();
    this.wire.reset();
    this.core.connected(this.sensors.latest, false);
  }

  /**
   * The time for an unproven connection is up (a test that keeps the cup's time): one the core
   * wants dropped ends now.
   */
  unprovenTimeUp(): void {
    this.timeUp = true;
    this.advance();
  }

  subscribe(characteristic: NotifyCharacteristic, on: boolean): void {
    this.advance();
    if (on) this.subscribed.add(characteristic);
    else this.subscribed.delete(characteristic);
    if (characteristic !== 'battery') {
      this.core.subscribe(characteristic as CoreCharacteristic, on);
      this.wire.pump();
    }
  }

  readInfo(): Uint8Array {
    return this.wire.info(this.core.readInfo());
  }

  readState(): Uint8Array {
    this.advance();
    return this.wire.state(this.core.readState(this.sensors.latest));
  }

  readBattery(): Uint8Array {
    return Uint8Array.of(this.battery);
  }

  /** A Control write: the ATT result (0 = success; the Reply goes out through `notify`). */
  write(frame: Uint8Array): number {
    this.advance();
    const due = this.linked && this.core.shouldDisconnect(this.sensors.latest);
    const att = this.wire.write(frame);
    // A third denial drops the link at once, after its Reply. A denial that leaves a connection
    // past the core's time for an unproven one (a proof lost late) is that time running out: it
    // waits as the board holds the time (a test's `unprovenDropMs`), like one due before.
    const t = this.sensors.latest;
    const late = t - this.connectedAt >= CORE_UNPROVEN_MS;
    const now = this.denials >= DROP_AT_DENIALS || (!due && !late);
    if (this.linked && now && this.core.shouldDisconnect(t)) this.endLink();
    else this.dropWhenDue();
    this.wake();
    return att;
  }

  // The radio, for the board -------------------------------------------------------------

  protected handOn(): void {
    this.wire.pump();
    this.dropWhenDue();
  }

  protected pump(): void {
    this.wire.pump();
  }

  protected batteryChanged(percent: number): void {
    this.send('battery', Uint8Array.of(percent));
    this.wire.pump();
  }

  protected restarting(): void {
    if (this.linked) this.endLink();
  }

  protected get linkBusy(): boolean {
    return this.linked || this.wire.replaying || this.wire.telemetry.running;
  }

  protected get replaying(): boolean {
    return this.wire.replaying;
  }

  /** A drop the core asks for by time: held while a test keeps the cup's time. */
  private dropWhenDue(): void {
    const t = this.sensors.latest;
    if (!this.linked || !this.core.shouldDisconnect(t)) return;
    const hold = Math.max(CORE_UNPROVEN_MS, this.options.unprovenDropMs ?? CORE_UNPROVEN_MS);
    if (this.timeUp || t - this.connectedAt >= hold) this.endLink();
  }

  private endLink(): void {
    this.disconnect();
    this.drop();
  }

  private send(characteristic: NotifyCharacteristic, frame: Uint8Array): void {
    if (characteristic === 'reply' && frame[2] === Status.denied) this.denials += 1;
    if (this.linked && this.subscribed.has(characteristic)) this.notify(characteristic, frame);
  }
}
