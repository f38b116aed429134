/**
 * E.nativeCall and E.getAddressOf for the fake Puck, backed by the blob's C (mia_puck.c and the
 * core) built as WebAssembly (build.sh wasm): the firmware's NativeCore then runs in Node as on
 * the Puck, block bytes and all. The limits are Espruino's: a signature of at most 4 arguments
 * of its types, ints passed as 32-bit integers; the address of a Storage file is where it is in
 * flash now (the fake Storage moves every file on every write, as a compaction may), so a
 * native function made before a write points at nothing after it; a Uint8Array's address is its
 * flat data, which `defragment()` moves (to a different alignment).
 */
import { readFileSync } from 'node:fs';
import type { NativeFunction } from '../src/espruino';
import type { FakeStorage } from './fake-espruino';

const RAM = 0x20002000;
const TYPES = /^(void|bool|int|float|double|Pin|JsVar)$/;

interface Region {
  array: Uint8Array;
  at: number; // fake address
}

export class NativeWasm {
  calls = 0;
  private readonly regions: Region[] = [];
  private next = RAM + 4; // the first buffer is 4 bytes off an 8-byte boundary

  private constructor(
    private readonly x: {
      memory: WebAssembly.Memory;
      __heap_base: WebAssembly.Global;
      mia_puck_call(block: number, op: number, a: number, b: number): number;
    },
    private readonly storage: FakeStorage,
  ) {}

  static async load(wasmFile: string, storage: FakeStorage): Promise<NativeWasm> {
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile));
    const x = instance.exports as unknown as NativeWasm['x'];
    x.memory.grow(2);
    return new NativeWasm(x, storage);
  }

  getAddressOf(v: unknown, flat: boolean): number {
    if (!flat) throw new Error('fake E.getAddressOf: only flat addresses');
    if (typeof v === 'string') return this.storage.addressOf(v);
    if (!(v instanceof Uint8Array)) return 0;
    let region = this.regions.find((r) => r.array === v);
    if (!region) {
      region = { array: v, at: this.next };
      this.regions.push(region);
      this.next += v.length + 64;
    }
    return region.at;
  }

  /** Espruino's defragmentation: every buffer's data moves (its address and alignment change). */
  defragment(): void {
    for (const r of this.regions) r.at += 0x1004;
  }

  nativeCall(addr: number, sig: string, data?: string): NativeFunction {
    if (data !== undefined) throw new Error('fake E.nativeCall: code in a string is not faked');
    const m = /^\s*(\w+)\s*\(([^)]*)\)\s*$/.exec(sig);
    const args = m && m[2].trim() ? m[2].split(',').map((s) => s.trim()) : [];
    if (!m || !TYPES.test(m[1]) || args.some((a) => !TYPES.test(a)) || args.length > 4) {
      throw new Error(`Error Parsing signature at argument number ${args.length}`);
    }
    if (sig.replace(/\s/g, '') !== 'int(int,int,int,int)') {
      throw new Error(`fake E.nativeCall: the blob's entry is int(int,int,int,int), not ${sig}`);
    }
    return (block, op, a, b) => {
      const code = this.storage.blobAddress();
      if ((addr & 1) !== 1 || code === 0 || (addr & ~1) !== code) {
        throw new Error(`fake E.nativeCall: no code at 0x${(addr & ~1).toString(16)}`);
      }
      return this.call(block | 0, op | 0, a | 0, b | 0);
    };
  }

  private call(block: number, op: number, a: number, b: number): number {
    const region = this.regions.find((r) => block >= r.at && block < r.at + r.array.length);
    if (!region) throw new Error(`fake E.nativeCall: 0x${block.toString(16)} is in no buffer`);
    this.calls++;
    // The buffer's fake address space maps onto the instance's memory past its own data.
    const base = (this.x.__heap_base.value as number) + 64;
    const wasmAt = base + (region.at - RAM);
    const mem = new Uint8Array(this.x.memory.buffer);
    mem.set(region.array, wasmAt);
    const result = this.x.mia_puck_call(wasmAt + (block - region.at), op, a, b);
    region.array.set(new Uint8Array(this.x.memory.buffer, wasmAt, region.array.length));
    return result | 0;
  }
}
