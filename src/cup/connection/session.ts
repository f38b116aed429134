/**
 * What the connection's steps share, for `CupConnection`: the chosen device, the link and the
 * cup's Info and State once read, the event stream, and the steps themselves (find a remembered
 * cup, open the link, prove ownership, sync). Frames from the link are decoded here and go to
 * the stream and the snapshot.
 */
import {
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  readProtocolVersion,
  shortCode,
  PROTOCOL_MAJOR,
  type CupState,
  type Info,
  type Rejection,
} from '../../../firmware-protocol/codec';
import { decodeBattery } from '../link/device-reads';
import { deviceText } from '../device-text';
import type { FrameSource } from '../events';
import { EventStream } from './event-stream';
import type { GattDeviceLike, GattListener } from '../link/gatt';
import { CupLink, type LinkTimeouts } from '../link/link';
import { CupRefusedError } from './machine';
import type { CupMemory, KnownCup } from './memory';
import type { OwnerKeyStore } from './keys';
import { establishOwnership, type Overrule } from './ownership';
import { findRemembered } from './restore';
import type { CupSnapshotStore } from './snapshot';
import type { CupTransport } from '../link/transport';

export interface SessionOptions {
  transport: CupTransport;
  memory: CupMemory;
  keys: OwnerKeyStore;
  store: CupSnapshotStore;
  timeouts: LinkTimeouts;
  searchTimeoutMs: number;
  movedOnAt: () => number;
  now: () => number;
  /** The device's GATT link dropped. */
  linkLost: () => void;
}

/** What one open link knows: the link, the cup's Info and first State, whether it claimed it. */
interface Opened {
  link: CupLink;
  info: Info;
  state: CupState;
  claimed?: boolean;
}

export class CupSession {
  device: GattDeviceLike | null = null;
  private readonly stream: EventStream;
  /** The link being set up or in use (its Info and State once read). */
  private linked: CupLink | null = null;
  private opened: Opened | null = null;
  /** The cup whose events the stream follows (its device id). */
  private tracked: string | null = null;
  /** State frames go to the stream once the link's cup is known. */
  private streaming = false;
  /** Remembered cups that refused this app during this page's life. */
  private readonly skipped = new Set<string>();
  private searching: string | null = null;
  /** What the player let through for the next proof of this device (`allow`). */
  private allowed: { deviceId: string; what: Overrule } | null = null;
  /** The device id of the last cup refused. */
  private refused: string | null = null;

  constructor(private readonly options: SessionOptions) {
    this.stream = new EventStream({
      apply: (event) => this.options.store.sensor(event),
      warn: (warning) => this.options.store.warn(warning),
      replay: (since) => this.link().request({ op: 'replay_since', sinceSeq: since }),
      advanced: (position) => this.keep(position),
      movedOnAt: options.movedOnAt,
      now: options.now,
    });
  }

  /** The cup's device id while a link is open. */
  get deviceId(): string | null {
    return this.opened?.info.deviceId ?? null;
  }

  /** A remembered cup that advertises (after a reload), or null. */
  async search(signal: AbortSignal): Promise<GattDeviceLike | null> {
    const found = await findRemembered(
      this.options.transport,
      this.options.memory,
      this.skipped,
      this.options.searchTimeoutMs,
      signal,
    );
    this.searching = found?.cup.deviceId ?? null;
    return found?.device ?? null;
  }

  /** The cup found by `search` refused this app: do not try it again on this page. */
  skipRemembered(): void {
    if (this.searching) this.skipped.add(this.searching);
  }

  async open(signal: AbortSignal): Promise<void> {
    const device = this.device;
    if (!device) throw new Error('No cup chosen.');
    this.stream.hold();
    const link = await CupLink.open(device, this.options.timeouts, this.frames, signal);
    this.linked = link;
    this.stream.setLinked(true);
    const infoValue = await link.readInfo();
    const info = decodeInfo(infoValue);
    if (!info.ok) {
      this.malformed('info', info);
      const found = info.reason === 'unsupported_version' ? readProtocolVersion(infoValue) : null;
      throw new CupRefusedError({
        kind: 'version',
        found: found ?? null,
        supported: PROTOCOL_MAJOR,
      });
    }
    this.follow(info.value);
    this.streaming = true;
    // Web Bluetooth fires `characteristicvaluechanged` for a read too: the State listener
    // applies it (restart check, clock); here it only decides the next steps.
    const state = decodeState(await link.readState());
    if (!state.ok) throw new Error(`The cup's State is unreadable: ${state.detail}`);
    this.opened = { link, info: info.value, state: state.value };
    this.options.store.patch({
      info: info.value,
      name: device.name ? deviceText(device.name) || null : null,
      code: shortCode(info.value.deviceId),
    });
  }

  /** The player overrules a refusal of this device, for its next proof only. */
  allow(what: Overrule): void {
    this.allowed = this.refused ? { deviceId: this.refused, what } : null;
  }

  async prove(): Promise<void> {
    const { link, info, state } = this.current();
    const allowed = this.allowed?.deviceId === info.deviceId ? this.allowed.what : null;
    this.allowed = null;
    this.refused = info.deviceId;
    const { session, keyHeld, ...proven } = await establishOwnership({
      request: (args, replyMs) => link.request(args, replyMs),
      info,
      state,
      keys: this.options.keys,
      allow: allowed,
      claiming: (claiming) => this.options.store.patch({ claiming }),
    });
    this.refused = null;
    this.current().claimed = proven.claimed;
    link.session = session;
    this.options.memory.put({ ...this.record(info), keyHeld });
    this.options.store.patch(proven);
  }

  async sync(): Promise<void> {
    const { link, info } = this.current();
    const device = await link.readDeviceInformation();
    const battery = await link.startBattery();
    this.options.store.details(info, device, battery);
    const state = decodeState(await link.readState());
    const newest = state.ok ? state.value.lastSeq : (this.stream.lastSeen ?? 0);
    this.stream.release(newest, state.ok ? this.countFrom(state.value) : newest);
    const record = this.record(info);
    this.options.memory.put(record);
    this.options.store.patch({ remembered: { name: record.name } });
    this.link()
      .request({ op: 'read_config' })
      .then(({ config }) => this.options.store.config(config))
      .catch(() => {}); // the panel shows the Config once it comes
  }

  /**
   * With nothing known of this cup, its moves count from this link's start (the State read when
   * it opened): what was done while the link proved itself was logged, not notified, and is
   * replayed. After a claim, from the claim on (the lift that confirmed it is no move); after a
   * restart meanwhile, from now.
   */
  private countFrom(now: CupState): number {
    const { state: first, claimed } = this.current();
    return claimed || first.bootId !== now.bootId ? now.lastSeq : first.lastSeq;
  }

  // ---------------------------------------------------------------------------------------
  // Link and frames

  private readonly frames = {
    events: (value: DataView) => {
      const decoded = decodeEvent(value);
      if (decoded.ok) this.stream.offer(decoded.value);
      else this.malformed('events', decoded);
    },
    state: (value: DataView) => {
      const decoded = decodeState(value);
      if (!decoded.ok) return this.malformed('state', decoded);
      if (this.streaming) this.stream.state(decoded.value);
      this.options.store.state(decoded.value);
    },
    reply: (value: DataView) => {
      const decoded = decodeReply(value);
      if (decoded.ok) this.linked?.receiveReply(decoded.value);
      else this.malformed('reply', decoded);
    },
    battery: (value: DataView) => {
      const decoded = decodeBattery(value);
      if (decoded.ok) this.options.store.battery(decoded.value);
      else this.malformed('battery', decoded);
    },
  };

  private readonly onDisconnected: GattListener = () => this.options.linkLost();

  /** Follow this device's drops (one cup at a time). */
  adopt(device: GattDeviceLike | null): void {
    if (this.device === device) return;
    this.device?.removeEventListener('gattserverdisconnected', this.onDisconnected);
    if (this.device?.gatt?.connected) this.device.gatt.disconnect();
    this.device = device;
    device?.addEventListener('gattserverdisconnected', this.onDisconnected);
  }

  /**
   * A tool used the cup alone (the conformance check): what it made the cup do is not the
   * game's, so the next link starts from the cup's newest event instead of replaying.
   */
  startFresh(): void {
    const known = this.tracked ? this.options.memory.get(this.tracked) : undefined;
    if (known) this.options.memory.put({ ...known, bootId: null, lastSeq: null });
    this.tracked = null;
  }

  /** Go on from where this device last left the followed cup's events (`CupConnection.catchUp`). */
  catchUp(): void {
    const known = this.tracked ? this.options.memory.get(this.tracked) : undefined;
    if (known) this.stream.resume({ bootId: known.bootId, lastSeq: known.lastSeq });
  }

  closeLink(): void {
    const link = this.linked;
    this.linked = null;
    this.opened = null;
    this.streaming = false;
    this.stream.setLinked(false);
    link?.close(true);
    if (!link && this.device?.gatt?.connected) this.device.gatt.disconnect();
    this.options.store.linkClosed();
  }

  current(): Opened {
    if (!this.opened) throw new Error('The cup is not connected.');
    return this.opened;
  }

  link(): CupLink {
    return this.current().link;
  }

  /** Keep the sequence count per cup: another cup starts from what is remembered of it. */
  private follow(info: Info): void {
    if (this.tracked === info.deviceId) return;
    this.tracked = info.deviceId;
    const known = this.options.memory.get(info.deviceId);
    this.stream.follow(known ? { bootId: known.bootId, lastSeq: known.lastSeq } : null);
  }

  /** What the app remembers of the cup now. */
  private record(info: Info): KnownCup {
    const known = this.options.memory.get(info.deviceId);
    return {
      deviceId: info.deviceId,
      webId: this.device?.id ?? known?.webId ?? null,
      name: `Mia Cup ${shortCode(info.deviceId)}`,
      minor: info.protocolMinor,
      keyHeld: known?.keyHeld ?? false,
      ...(known?.legacyKey ? { legacyKey: known.legacyKey } : {}),
      ...this.stream.position,
      usedAt: Date.now(),
    };
  }

  /** The stream moved on: remember where, for the next visit. */
  private keep(position: { bootId: number | null; lastSeq: number | null }): void {
    const known = this.tracked ? this.options.memory.get(this.tracked) : undefined;
    if (known) this.options.memory.put({ ...known, ...position });
  }

  private malformed(source: FrameSource, rejection: Rejection): void {
    this.options.store.malformed(source, rejection);
  }
}
