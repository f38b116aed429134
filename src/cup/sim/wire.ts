/**
 * The simulated cup's radio, between the C core and the link: the board takes each frame the
 * core has to notify and hands it on, and passes each Control write in. Here, and only here,
 * the board may do what the core does not: pace a replay like a slow link, lose notifications
 * on air (tests), speak protocol 1.0 (a wrapper around the 1.1 core), and break the protocol on
 * purpose for the conformance check's tests (`CupFaults`).
 */
import {
  Capability,
  Opcode,
  decodeControl,
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  encodeEvent,
  encodeInfo,
  encodeReply,
  encodeState,
  type Reply,
} from '../../../firmware-protocol/codec';
import type { CoreNotification, CupCore } from '../../../firmware-protocol/wasm';
import type { CupFaults } from './faults';
import { breakReply } from './fault-replies';

export type NotifyCharacteristic = 'events' | 'state' | 'reply' | 'battery' | 'telemetry';

export interface WireHost {
  readonly core: CupCore;
  /** The core's time now (ms since boot). */
  time(): number;
  readonly oneZero: boolean;
  /** The protocol version this board says it speaks, when not the core's (1.0; a test's 2.x). */
  readonly protocol: { major: number; minor: number } | null;
  readonly faults: CupFaults;
  readonly replayPaceMs: number;
  /** A frame out to the link (dropped when nobody subscribed). */
  send(characteristic: NotifyCharacteristic, frame: Uint8Array): void;
}

const OWNERSHIP_AND_TELEMETRY = new Set<number>([
  Opcode.auth_challenge,
  Opcode.auth_prove,
  Opcode.claim,
  Opcode.release,
  Opcode.telemetry_start,
  Opcode.telemetry_stop,
]);

export class SimWire {
  /** Skip the live notification of the next N events (they stay in the log): makes a gap. */
  dropLive = 0;
  /**
   * The telemetry stream: whether one runs (from its start Reply to its `end` frame), and how
   * many of its next frames are lost on air (their numbers spent: the app sees a gap).
   */
  readonly telemetry = { running: false, dropNext: 0 };
  /** Events of a replay still to go out. */
  private replayLeft = 0;
  private paced: ReturnType<typeof setTimeout> | null = null;
  private lastRequestId: number | null = null;
  private previousRequestId: number | null = null;
  private stopAsked = false;

  constructor(private readonly host: WireHost) {}

  /** A replay is still going out. */
  get replaying(): boolean {
    return this.replayLeft > 0;
  }

  /** Hand on every frame the core has due (a paced replay stops here until its next turn). */
  pump(): void {
    const { core } = this.host;
    while (this.paced === null) {
      const next = core.nextNotification(this.host.time());
      if (!next) return;
      if (!this.out(next)) this.pace();
    }
  }

  /** A Write Request on Control: the ATT result (0: a Reply follows). */
  write(frame: Uint8Array): number {
    this.previousRequestId = this.lastRequestId;
    if (frame.length >= 2) this.lastRequestId = frame[1];
    const own = this.answerHere(frame);
    if (own) {
      this.pump(); // what the core had due goes first
      this.host.send('reply', encodeReply(own));
      return 0;
    }
    const { faults } = this.host;
    if (frame[0] === Opcode.replay_since && this.replaying && faults.noBusy) {
      return this.overlapReplay(frame);
    }
    const att = this.host.core.controlWrite(this.host.time(), this.rewrite(frame));
    this.pump();
    return att;
  }

  /** The link ended: a replay in flight and a stream end with it. */
  reset(): void {
    if (this.paced) clearTimeout(this.paced);
    this.paced = null;
    this.replayLeft = 0;
    this.telemetry.running = false;
    this.stopAsked = false;
  }

  /** Info as this board serves it (1.0: the 1.1 additions left out). */
  info(frame: Uint8Array): Uint8Array {
    const { protocol, oneZero } = this.host;
    const info = decodeInfo(frame);
    if (!protocol || !info.ok) return frame;
    const extras = oneZero ? Capability.telemetry | Capability.firmwareUpdate : 0;
    return encodeInfo({
      ...info.value,
      protocolMajor: protocol.major,
      protocolMinor: protocol.minor,
      capabilities: info.value.capabilities & ~extras,
    });
  }

  /** State as this board serves it (1.0: no boot id and no owner flags). */
  state(frame: Uint8Array): Uint8Array {
    if (!this.host.oneZero) return frame;
    const state = decodeState(frame);
    if (!state.ok) return frame;
    return encodeState({ ...state.value, owned: false, proven: false, bootId: null });
  }

  // ---------------------------------------------------------------------------------------

  /** A request this board answers itself, not the core: 1.0's unknown opcodes, faults. */
  private answerHere(frame: Uint8Array): Reply | null {
    const [opcode, requestId] = frame;
    if (frame.length < 2) return null;
    if (this.host.oneZero && OWNERSHIP_AND_TELEMETRY.has(opcode)) {
      const request = decodeControl(frame);
      return request.ok ? { op: request.value.op, requestId, status: 'unknown_opcode' } : null;
    }
    const { faults, core } = this.host;
    if (faults.tagUnchecked && core.proven && opcode === Opcode.write_config) {
      const r = decodeControl(frame.subarray(0, 12));
      if (r.ok && r.value.op === 'write_config') return { ...r.value, status: 'ok' };
    }
    const locked = core.owned && !core.proven;
    if (!locked) return null;
    const request = decodeControl(frame);
    if (!request.ok) return null;
    const r = request.value;
    if (faults.configWithoutProof && r.op === 'write_config') {
      return { op: r.op, requestId, status: 'ok', config: r.config };
    }
    if (faults.telemetryWithoutProof && r.op === 'telemetry_start') {
      return { op: r.op, requestId, status: 'ok', rateHz: 100, seconds: r.seconds };
    }
    if (faults.telemetryWithoutProof && r.op === 'telemetry_stop') {
      return { op: r.op, requestId, status: 'ok', frames: 0 };
    }
    return null;
  }

  /** replayIgnoresWrap: "since" compared as a plain number, so a wrapped one asks for nothing. */
  private rewrite(frame: Uint8Array): Uint8Array {
    if (!this.host.faults.replayIgnoresWrap || frame[0] !== Opcode.replay_since) return frame;
    if (frame.length !== 4) return frame;
    const since = frame[2] | (frame[3] << 8);
    const last = this.host.core.state(this.host.time()).lastSeq;
    if (since <= last) return frame;
    return Uint8Array.of(frame[0], frame[1], last & 0xff, last >> 8);
  }

  /** One frame out; false when a paced replay must wait for its next turn. */
  private out({ chr, frame }: CoreNotification): boolean {
    switch (chr) {
      case 'reply':
        return this.reply(frame);
      case 'events':
        return this.event(frame);
      case 'state':
        this.host.send('state', this.state(frame));
        return true;
      case 'telemetry':
        this.telemetryFrame(frame);
        return true;
    }
  }

  private reply(frame: Uint8Array): boolean {
    const decoded = decodeReply(frame);
    let out = frame;
    if (decoded.ok) {
      const reply = decoded.value;
      if (reply.op === 'replay_since' && reply.status === 'ok') this.replayLeft = reply.count;
      if (reply.op === 'telemetry_start' && reply.status === 'ok') this.telemetry.running = true;
      if (reply.op === 'telemetry_stop' && reply.status === 'ok') this.stopAsked = true;
      out = breakReply(this.host.faults, reply, frame, {
        previousRequestId: this.previousRequestId,
        owned: this.host.core.owned,
      });
    }
    this.host.send('reply', out);
    // The first replayed event goes one link interval after the Reply.
    return !(this.replaying && this.host.replayPaceMs > 0);
  }

  private event(frame: Uint8Array): boolean {
    if (this.replayLeft > 0) {
      this.replayLeft--;
      const skipped = this.host.faults.replaySkipsOne && this.replayLeft === 0;
      if (!skipped) this.host.send('events', this.eventFrame(frame));
      return !(this.replaying && this.host.replayPaceMs > 0);
    }
    if (this.dropLive > 0) this.dropLive--;
    else this.host.send('events', this.eventFrame(frame));
    return true;
  }

  /** 1.0: `booted` carries no boot id. */
  private eventFrame(frame: Uint8Array): Uint8Array {
    if (!this.host.oneZero || frame[0] !== 0x05) return frame;
    const event = decodeEvent(frame);
    return event.ok && event.value.type === 'booted'
      ? encodeEvent({ ...event.value, bootId: null })
      : frame;
  }

  private telemetryFrame(frame: Uint8Array): void {
    const end = frame[2] === 0x04;
    if (end) this.telemetry.running = false;
    const { faults } = this.host;
    if (end && this.stopAsked && faults.telemetryNoEnd) return;
    if (end) this.stopAsked = false;
    if (this.telemetry.dropNext > 0) {
      this.telemetry.dropNext--;
      return;
    }
    const out = frame.slice();
    if (faults.telemetryFromOne) {
      const seq = (out[0] | (out[1] << 8)) + 1;
      out[0] = seq & 0xff;
      out[1] = (seq >> 8) & 0xff;
    }
    this.host.send('telemetry', out);
  }

  private pace(): void {
    this.paced = setTimeout(() => {
      this.paced = null;
      this.pump();
    }, this.host.replayPaceMs);
  }

  /**
   * noBusy: a second replay while one runs is carried out rather than answered busy. The rest of
   * the first is taken from the core (so that it takes the second), and goes out after the
   * second's Reply, as a cup that runs both at once would send them.
   */
  private overlapReplay(frame: Uint8Array): number {
    if (this.paced) clearTimeout(this.paced);
    this.paced = null;
    const { core } = this.host;
    const rest: Uint8Array[] = [];
    while (this.replayLeft > 0) {
      const next = core.nextNotification(this.host.time());
      if (!next) break;
      if (next.chr !== 'events') this.out(next);
      else {
        rest.push(next.frame);
        this.replayLeft--;
      }
    }
    const att = core.controlWrite(this.host.time(), frame);
    const reply = core.nextNotification(this.host.time());
    const paced = reply ? !this.out(reply) : false;
    for (const event of rest) this.host.send('events', this.eventFrame(event));
    if (paced) this.pace();
    else this.pump();
    return att;
  }
}
