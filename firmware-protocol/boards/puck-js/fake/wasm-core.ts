/**
 * The board's core in Node: the WebAssembly build of the same C sources (CupCore) standing in for
 * the blob the Puck runs through E.nativeCall. Its random bytes come from the fake's E.hwRand,
 * as the Puck's pool does.
 */
import { decodeConfig, encodeConfig } from '../../../codec';
import { CupCore } from '../../../wasm';
import type { BoardCore, CoreHooks, CoreSetup, Notification } from '../src/core';
import type { EApi } from '../src/espruino';

const CHRS = ['', 'events', 'state', 'reply', 'telemetry'] as const;

/**
 * One CupCore for a fake Puck's life; `makeCore` gives it to each cup the firmware starts. It
 * speaks the newest protocol, or `protocolMinor` 1 (1.1: a test of an app that speaks 1.1).
 */
export async function wasmCores(
  e: EApi,
  options: { protocolMinor?: number } = {},
): Promise<(hooks: CoreHooks) => BoardCore> {
  const target: { hooks: CoreHooks | null } = { hooks: null };
  const core = await CupCore.create({
    random: (buf) => {
      for (let i = 0; i < buf.length; i += 4) {
        const r = e.hwRand();
        for (let k = 0; k < 4 && i + k < buf.length; k++) buf[i + k] = (r >> (8 * k)) & 0xff;
      }
    },
    identify: (pattern, ms) => target.hooks?.identify(pattern, ms),
    configChanged: (config) => target.hooks?.configChanged(encodeConfig(config)),
    ownerChanged: (key) => target.hooks?.ownerChanged(key),
  });
  const board: BoardCore = {
    storageChanged: () => {},
    init(setup: CoreSetup, now: number) {
      const stored = setup.config ? decodeConfig(setup.config) : null;
      core.init(
        {
          firmware: setup.firmware,
          capabilities: setup.capabilities,
          deviceId: setup.deviceId,
          accelRateHz: setup.accelRateHz,
          lid: { mode: 'analog', invert: true, ...setup.lid },
          ownerKey: setup.ownerKey,
          wokeFromSleep: false,
          storedConfig: stored?.ok ? stored.value : null,
          protocolMinor: options.protocolMinor,
        },
        now,
      );
    },
    accel: (lastMs, samples) =>
      core.accelFifo(
        lastMs,
        samples.map((s) => [s[0], s[1], s[2]] as const),
      ),
    lid: (now, level) => core.lid(now, level),
    tick: (now) => core.tick(now),
    setBattery: (percent) => core.setBattery(percent, false),
    connected: (now, up, peer) => core.connected(now, up, peer ?? null),
    subscribe: (chr, on) => core.subscribe(CHRS[chr] as Exclude<(typeof CHRS)[number], ''>, on),
    controlWrite: (now, bytes) => core.controlWrite(now, bytes),
    shouldDisconnect: (now) => core.shouldDisconnect(now),
    readInfo: () => core.readInfo(),
    readState: (now) => core.readState(now),
    readAdvert: () => core.readAdvert(),
    next: (now): Notification | null => {
      const n = core.nextNotification(now);
      return n ? { chr: CHRS.indexOf(n.chr), frame: n.frame } : null;
    },
    maySleep: (now) => core.maySleep(now),
    busy: () => core.busy(),
    claimButton: (now) => core.claimButton(now),
  };
  return (hooks) => {
    target.hooks = hooks;
    return board;
  };
}
