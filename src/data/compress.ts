/**
 * Checkpoint segments as few bytes as the browser can make them: JSON, deflated where the
 * browser has `CompressionStream`, else as it is. `unpack` never throws: null for what it
 * cannot read.
 */

/** A packed value: deflated JSON bytes, or the value itself. */
export type Packed = { deflated: Uint8Array } | { json: unknown };

const canDeflate = (): boolean =>
  typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

async function through(bytes: Uint8Array, stream: GenericTransformStream): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

export async function pack(value: unknown): Promise<Packed> {
  if (!canDeflate()) return { json: value };
  try {
    const text = new TextEncoder().encode(JSON.stringify(value));
    return { deflated: await through(text, new CompressionStream('deflate-raw')) };
  } catch {
    return { json: value };
  }
}

export async function unpack(packed: unknown): Promise<unknown> {
  if (typeof packed !== 'object' || packed === null) return null;
  if ('json' in packed) return packed.json;
  if (!('deflated' in packed) || !(packed.deflated instanceof Uint8Array) || !canDeflate()) {
    return null;
  }
  try {
    const bytes = await through(packed.deflated, new DecompressionStream('deflate-raw'));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

/** About how many bytes a stored value takes: its JSON's length, binary data by its size. */
export function storedBytes(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength;
  if (value === undefined) return 0;
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + storedBytes(v), 2);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).reduce(
      (sum, [key, v]) => sum + key.length + 4 + storedBytes(v),
      2,
    );
  }
  return JSON.stringify(value)?.length ?? 0;
}
