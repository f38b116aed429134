/** Where one cup and the buffers of its calls live in its instance's memory (core.ts). */
import { AUTH_BYTES, Length } from '../codec';
import type { CoreExports } from './module';

/** The most samples one accelFifo call takes. */
export const FIFO_MAX = 256;
/** The longest Control write (an ATT attribute value). */
export const WRITE_MAX = 512;
/** A Bluetooth device address (the central's, mia_cup_connected). */
export const PEER_BYTES = 6;

const align = (at: number, to: number): number => Math.ceil(at / to) * to;

/** Where the cup and the buffers live in the instance's memory. */
export interface Layout {
  cup: number;
  out: number;
  in: number;
  id: number;
  key: number;
  config: number;
  peer: number;
  fifo: number;
}

export function layOut(x: CoreExports): Layout {
  const cup = align(x.__heap_base.value as number, Math.max(8, x.mia_wasm_cup_align()));
  const out = align(cup + x.mia_wasm_cup_size(), 8);
  const input = out + 32;
  const id = input + WRITE_MAX;
  const key = id + 8;
  const config = key + AUTH_BYTES;
  const peer = config + Length.config;
  const fifo = align(peer + PEER_BYTES, 8);
  const end = fifo + FIFO_MAX * 6;
  const page = 65536;
  const missing = Math.ceil((end - x.memory.buffer.byteLength) / page);
  if (missing > 0) x.memory.grow(missing);
  return { cup, out, in: input, id, key, config, peer, fifo };
}
