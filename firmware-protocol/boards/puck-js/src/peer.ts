/**
 * The central's address as Espruino gives it on 'connect' ("aa:bb:cc:dd:ee:ff public", or
 * "... random"): its 6 bytes for the core, which keeps a stranger it dropped out for a while
 * (PROTOCOL.md 6 and 10.2). The bytes in the order written; the type is left out (a public and
 * a random address with the same bytes are one peer here). Anything else: null (unknown).
 */
export function peerAddress(text: unknown): Uint8Array | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(' ')[0].split(':');
  if (parts.length !== 6) return null;
  const bytes = new Uint8Array(6);
  for (let i = 0; i < 6; i++) {
    if (!/^[0-9a-f]{2}$/i.test(parts[i])) return null;
    bytes[i] = parseInt(parts[i], 16);
  }
  return bytes;
}
