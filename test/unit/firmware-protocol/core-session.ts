/**
 * The session language of `mia_host session` (firmware-protocol/reference/tools/mia_session.c,
 * where the commands and answers are listed), run on the WebAssembly build (CupCore) instead:
 * the same board around the same core, so the answers must be the same lines. Change both
 * together.
 */
import {
  decodeConfig,
  encodeConfig,
  fromHex,
  toHex,
  type Config,
} from '../../../firmware-protocol/codec';
import {
  CupCore,
  type CoreCharacteristic,
  type CupHooks,
  type CupSetup,
} from '../../../firmware-protocol/wasm';

const CONFIG_PERSIST = 0x20;
const DEVICE_ID = fromHex('4d69614375700001');
const CHARACTERISTICS: readonly string[] = ['events', 'state', 'reply', 'telemetry'];

/** The host tools' random bytes (trace_random_bytes): xorshift32 (13, 17, 5), top byte. */
export function xorshiftBytes(state: { x: number }, buf: Uint8Array): void {
  for (let i = 0; i < buf.length; i++) {
    let x = state.x;
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    state.x = x;
    buf[i] = x >>> 24;
  }
}

class UnknownCommand extends Error {}

/** A peer's address as the session language gives it: 6 bytes as hex. */
const peer = (hex: string | undefined) => !!hex && /^([0-9a-f]{2}){6}$/i.test(hex);

export class CoreSession {
  private core: CupCore | null = null;
  private setup: CupSetup | null = null;
  private readonly rng = { x: 0 };
  private now = 0;
  /** The board's flash. */
  private key: Uint8Array | null = null;
  private config: Config | null = null;
  private out: string[] = [];

  /** Runs one command line; returns its answer lines (without the closing "."). */
  async run(line: string): Promise<string[]> {
    this.out = [];
    const w = line.trim().split(/\s+/);
    try {
      if (w[0] === 'boot' && w.length >= 2) await this.boot(w);
      else if (!this.core || !this.untimed(this.core, w)) this.timed(w);
      this.drain();
    } catch (error) {
      if (!(error instanceof UnknownCommand)) throw error;
      this.out.push(`error ${w[0]}`);
    }
    return this.out;
  }

  private async boot(w: string[]): Promise<void> {
    this.now = Number(w[1]) >>> 0;
    this.rng.x = 0x6d2b79f5;
    this.key = null;
    this.config = null;
    let capabilities = 0x7f;
    let accelRateHz = 100;
    let hooks = 15;
    let lid: CupSetup['lid'] = { mode: 'digital', invert: false };
    let woke = false;
    let protocolMinor = 0;
    for (const option of w.slice(2)) {
      const [name, value = ''] = option.split('=');
      if (name === 'seed') this.rng.x = Number(value) >>> 0;
      else if (name === 'caps') capabilities = Number(value);
      else if (name === 'rate') accelRateHz = Number(value);
      else if (name === 'hooks') hooks = Number(value);
      else if (name === 'lid') {
        const [mode, invert, openLevel, closedLevel] = value.split(':').map(Number);
        lid =
          mode === 1
            ? { mode: 'analog', invert: invert !== 0, openLevel, closedLevel }
            : { mode: 'digital', invert: invert !== 0 };
      } else if (name === 'owner') this.key = fromHex(value);
      else if (name === 'config') {
        const decoded = decodeConfig(fromHex(value));
        this.config = decoded.ok ? decoded.value : null;
      } else if (name === 'minor') protocolMinor = Number(value);
      else if (name === 'woke') woke = true;
      else throw new UnknownCommand();
    }
    this.core = await CupCore.create(this.hooks(hooks));
    this.setup = {
      firmware: { major: 1, minor: 0, patch: 0 },
      capabilities,
      deviceId: DEVICE_ID,
      accelRateHz,
      lid,
      ownerKey: null,
      wokeFromSleep: false,
      protocolMinor,
      storedConfig: null,
    };
    this.init(this.core, woke);
  }

  private hooks(present: number): CupHooks {
    const hooks: CupHooks = {};
    if (present & 1) hooks.random = (buf) => xorshiftBytes(this.rng, buf);
    if (present & 2) hooks.identify = (pattern, ms) => this.out.push(`identify ${pattern} ${ms}`);
    if (present & 4) {
      hooks.configChanged = (config) => {
        this.config = config;
        this.out.push(`config-changed ${toHex(encodeConfig(config))}`);
      };
    }
    if (present & 8) {
      hooks.ownerChanged = (key) => {
        this.key = key;
        this.out.push(`owner-changed ${key ? toHex(key) : 'none'}`);
      };
    }
    return hooks;
  }

  private init(core: CupCore, woke: boolean): void {
    const setup = this.setup!;
    const persist = (setup.capabilities & CONFIG_PERSIST) !== 0;
    core.init(
      {
        ...setup,
        ownerKey: this.key,
        wokeFromSleep: woke,
        storedConfig: persist ? this.config : null,
      },
      this.now,
    );
  }

  /** A command without a time; false when it is not one. */
  private untimed(core: CupCore, w: string[]): boolean {
    const [c, a, b] = w;
    if (c === 'sub' && w.length === 3 && CHARACTERISTICS.includes(a)) {
      core.subscribe(a as CoreCharacteristic, Number(b) !== 0);
    } else if (c === 'battery' && w.length === 3) {
      core.setBattery(Number(a) & 0xff, Number(b) !== 0);
    } else if (c === 'forget' && w.length === 1) core.forgetOwner();
    else if (c === 'info' && w.length === 1) this.out.push(`info ${toHex(core.readInfo())}`);
    else if (c === 'advert' && w.length === 1) this.out.push(`advert ${toHex(core.readAdvert())}`);
    else if (c === 'busy' && w.length === 1) this.out.push(`busy ${core.busy() ? 1 : 0}`);
    else if (c === 'smp' && w.length === 1) this.out.push(`smp ${core.smpAllowed ? 1 : 0}`);
    else return false;
    return true;
  }

  /** A command with a time, which becomes the session's time. */
  private timed(w: string[]): void {
    const core = this.core;
    if (!core || w.length < 2) throw new UnknownCommand();
    const [c, , ...args] = w;
    const t = Number(w[1]) >>> 0;
    const n = args.map(Number);
    if (c === 'wait' && args.length === 1) return this.wait(core, t, n[0]);
    const before = this.now;
    this.now = t;
    if (c === 'reboot' && (args.length === 0 || (args.length === 1 && args[0] === 'woke'))) {
      this.init(core, args.length === 1);
    } else if (c === 'accel' && args.length === 3) core.accel(t, n[0], n[1], n[2]);
    else if (c === 'fifo' && args.length >= 3 && args.length % 3 === 0 && args.length <= 96) {
      const samples: [number, number, number][] = [];
      for (let i = 0; i < n.length; i += 3) samples.push([n[i], n[i + 1], n[i + 2]]);
      core.accelFifo(t, samples);
    } else if (c === 'lid' && args.length === 1) core.lid(t, n[0]);
    else if (c === 'tick' && args.length === 0) core.tick(t);
    else if (c === 'button' && args.length === 0) core.claimButton(t);
    else if (c === 'connect' && (args.length === 1 || peer(args[1]))) {
      core.connected(t, n[0] !== 0, args[1] ? fromHex(args[1]) : null);
    } else if (c === 'write' && args.length === 1) {
      this.out.push(`att ${core.controlWrite(t, fromHex(args[0]))}`);
    } else if (c === 'state' && args.length === 0) {
      this.out.push(`state ${toHex(core.readState(t))}`);
    } else if (c === 'may-sleep' && args.length === 0) {
      this.out.push(`may-sleep ${core.maySleep(t) ? 1 : 0}`);
    } else {
      this.now = before;
      throw new UnknownCommand();
    }
  }

  private wait(core: CupCore, t: number, step: number): void {
    if (!(step > 0) || (t - this.now) >>> 0 >= 0x80000000) throw new UnknownCommand();
    while ((t - this.now) >>> 0 > step) {
      this.now = (this.now + step) >>> 0;
      core.tick(this.now);
      this.drain();
    }
    this.now = t;
    core.tick(t);
  }

  /** What a board does after each call: send what is due, end a link that must end. */
  private drain(): void {
    const core = this.core;
    if (!core) return;
    for (let n = core.nextNotification(this.now); n; n = core.nextNotification(this.now)) {
      this.out.push(`notify ${n.chr} ${toHex(n.frame)}`);
    }
    if (core.shouldDisconnect(this.now)) {
      this.out.push('drop');
      core.connected(this.now, false);
    }
  }
}
