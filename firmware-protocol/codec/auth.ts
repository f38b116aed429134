/**
 * The owner's proof of protocol 1.1 (PROTOCOL.md 4.4, `auth_prove`): the first 16 bytes of
 * HMAC-SHA256(owner key, challenge). Uses WebCrypto (`globalThis.crypto`), present in browsers
 * and in Node 20, so the codec stays free of DOM and Node imports. Protocol 1.2's values are in
 * `keys.ts`.
 */
import { AUTH_BYTES } from './constants';
import { fromHex, toHex } from './bytes';

/** A new random owner key, 16 bytes as hex (a 1.1 claim sends it). */
export function newOwnerKey(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(AUTH_BYTES)));
}

/**
 * An owner key as a WebCrypto HMAC-SHA256 key, not extractable: it can prove, it cannot be
 * read back (PROTOCOL.md 6).
 */
export function importOwnerKey(key: string | Uint8Array): Promise<CryptoKey> {
  const raw = typeof key === 'string' ? fromHex(key) : key;
  return globalThis.crypto.subtle.importKey(
    'raw',
    new Uint8Array(raw),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** The first `n` bytes of HMAC-SHA256(key, the parts joined). */
export async function macBytes(
  key: CryptoKey,
  parts: readonly (Uint8Array | string)[],
  n: number,
): Promise<Uint8Array> {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const message = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  chunks.reduce((at, c) => (message.set(c, at), at + c.length), 0);
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, message);
  return new Uint8Array(mac, 0, n).slice();
}

/** The 1.1 answer to `challenge` (16 bytes as hex) under `key` (hex or a key), as hex. */
export async function proofAnswer(key: string | CryptoKey, challenge: string): Promise<string> {
  const hmacKey = typeof key === 'string' ? await importOwnerKey(key) : key;
  return toHex(await macBytes(hmacKey, [fromHex(challenge)], AUTH_BYTES));
}
