/** A booted CupCore and the app's side of it, for wasm-core.test.ts. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import {
  decodeEvent,
  decodeReply,
  encodeControl,
  fromHex,
  toHex,
  type ControlRequest,
  type CupEvent,
  type DecodeResult,
  type Reply,
} from '../../../firmware-protocol/codec';
import { CupCore, type CupHooks, type CupSetup } from '../../../firmware-protocol/wasm';
import { parseTrace } from '../../../src/cup/telemetry/trace-file';
import { xorshiftBytes } from './core-session';

export const SETUP: CupSetup = {
  firmware: { major: 2, minor: 3, patch: 4 },
  capabilities: 0x7f,
  deviceId: fromHex('a1b2c3d4e5f63f2a'),
  accelRateHz: 100,
  lid: { mode: 'digital', invert: false },
  ownerKey: null,
  wokeFromSleep: false,
  storedConfig: null,
};

export function ok<T>(result: DecodeResult<T>): T {
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
  return result.value;
}

/** A booted cup with a seeded random hook (unless hooks say otherwise). */
export async function boot(
  hooks: CupHooks = {},
  setup: Partial<CupSetup> = {},
  seed = 1,
): Promise<CupCore> {
  const rng = { x: seed };
  const core = await CupCore.create({ random: (buf) => xorshiftBytes(rng, buf), ...hooks });
  core.init({ ...SETUP, ...setup }, 0);
  return core;
}

/** Connects (from `peer`, a 6-byte address, if given) and subscribes like the app does. */
export function connect(core: CupCore, now: number, peer: Uint8Array | null = null): void {
  core.connected(now, true, peer);
  for (const chr of ['reply', 'events', 'state', 'telemetry'] as const) core.subscribe(chr, true);
}

/** Every notification due at `now`, decoded by characteristic. */
export function drain(core: CupCore, now: number) {
  const out = { replies: [] as Reply[], events: [] as CupEvent[], frames: [] as string[] };
  for (let n = core.nextNotification(now); n; n = core.nextNotification(now)) {
    out.frames.push(`${n.chr} ${toHex(n.frame)}`);
    if (n.chr === 'reply') out.replies.push(ok(decodeReply(n.frame)));
    if (n.chr === 'events') out.events.push(ok(decodeEvent(n.frame)));
  }
  return out;
}

/** A Control write and what the cup sends right after it. */
export function exchange(core: CupCore, now: number, request: ControlRequest) {
  expect(core.controlWrite(now, encodeControl(request))).toBe(0);
  return drain(core, now);
}

/** A Control write's Reply. */
export function write(core: CupCore, now: number, request: ControlRequest): Reply {
  return exchange(core, now, request).replies[0];
}

/** Feeds a trace file's rows (digital lid) as the board would, and returns the events. */
export function feed(core: CupCore, name: string): CupEvent[] {
  const trace = parseTrace(readFileSync(`firmware-protocol/reference/traces/${name}`, 'utf8'));
  const events: CupEvent[] = [];
  let t = 0;
  for (const row of trace.rows) {
    t = row.t;
    if (row.accel) core.accel(t, row.accel.x, row.accel.y, row.accel.z);
    if (row.lid !== undefined) core.lid(t, row.lid);
    core.tick(t);
    events.push(...drain(core, t).events);
  }
  for (const end = t + 2000; t < end; t += 10) {
    core.tick(t);
    events.push(...drain(core, t).events);
  }
  return events;
}
