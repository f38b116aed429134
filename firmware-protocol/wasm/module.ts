/**
 * The reference core's WebAssembly module (mia_wasm.c, built by build.sh): compiled once, one
 * instance per cup (core.ts), and the shape of its imports and exports.
 *
 * The module comes inlined, as base64 in the generated `mia-core-wasm.ts`, rather than fetched
 * from `new URL('./mia-core.wasm', import.meta.url)`: the same import then works in Vite (dev
 * and build, where it is part of the precached JS), in Vitest and on Playwright's Node side, none
 * of which needs a loader, a fetch of a file: URL or a Node-only branch. The cost is about a
 * third more bytes than the binary (20 KB of JS, 10 KB gzipped). Compiling it needs
 * `'wasm-unsafe-eval'` in the page's script-src.
 */
import { MIA_CORE_WASM } from './mia-core-wasm';

/** Pointers are byte offsets into the instance's memory; flags and lengths are u32. */
export interface CoreExports {
  memory: WebAssembly.Memory;
  /** The first byte after the module's data and stack: a caller's memory starts here. */
  __heap_base: WebAssembly.Global;
  mia_wasm_cup_size(): number;
  mia_wasm_cup_align(): number;
  mia_wasm_init(
    cup: number,
    fw: number,
    capabilities: number,
    deviceId: number,
    accelRateHz: number,
    lid: number,
    openLevel: number,
    closedLevel: number,
    ownerKey: number,
    wokeFromSleep: number,
    minor: number,
    config: number,
    hooks: number,
    nowMs: number,
  ): void;
  mia_wasm_accel(cup: number, nowMs: number, x: number, y: number, z: number): void;
  mia_wasm_accel_fifo(cup: number, lastMs: number, xyz: number, n: number): void;
  mia_wasm_lid(cup: number, nowMs: number, reading: number): void;
  mia_wasm_tick(cup: number, nowMs: number): void;
  mia_wasm_set_battery(cup: number, percent: number, charging: number): void;
  /** peer: the central's 6-byte address, or 0 when not known. */
  mia_wasm_connected(cup: number, nowMs: number, connected: number, peer: number): void;
  mia_wasm_subscribe(cup: number, chr: number, on: number): void;
  mia_wasm_control_write(cup: number, nowMs: number, buf: number, len: number): number;
  mia_wasm_should_disconnect(cup: number, nowMs: number): number;
  mia_wasm_forget_owner(cup: number): void;
  mia_wasm_claim_button(cup: number, nowMs: number): void;
  mia_wasm_claim_waiting(cup: number): number;
  mia_wasm_smp_allowed(cup: number): number;
  mia_wasm_read_info(cup: number, out: number): number;
  mia_wasm_read_state(cup: number, nowMs: number, out: number): number;
  mia_wasm_read_advert(cup: number, out: number): number;
  /** The frame's length (0: none) | its characteristic (mia_chr) << 8. */
  mia_wasm_next_notification(cup: number, nowMs: number, out: number): number;
  mia_wasm_may_sleep(cup: number, nowMs: number): number;
  mia_wasm_busy(cup: number): number;
}

/** The board's hooks (module "mia"); `cup` is the pointer of the cup that calls. */
export interface CoreImports {
  random(cup: number, buf: number, len: number): void;
  identify(cup: number, pattern: number, durationMs: number): void;
  /** cfg: the new Config's 10-byte record. */
  config_changed(cup: number, cfg: number): void;
  /** key: the new 16-byte owner key, or 0 when the cup has no owner any more. */
  owner_changed(cup: number, key: number): void;
}

/** mia_wasm_init's `hooks` bits: the hooks a board has. */
export const HookBit = { random: 1, identify: 2, configChanged: 4, ownerChanged: 8 } as const;

let compiled: Promise<WebAssembly.Module> | undefined;

/** The compiled module, compiled on the first call (a failed compile is tried again). */
export function coreModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compile(
    Uint8Array.from(atob(MIA_CORE_WASM), (c) => c.charCodeAt(0)),
  ).catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** A new instance of the core, with its own memory. */
export async function instantiateCore(imports: CoreImports): Promise<CoreExports> {
  const instance = await WebAssembly.instantiate(await coreModule(), {
    mia: { ...imports },
  });
  return instance.exports as unknown as CoreExports;
}
