/**
 * The owner's proof (PROTOCOL.md 4.4, `auth_prove`): the first 16 bytes of
 * HMAC-SHA256(owner key, challenge). Uses WebCrypto (`globalThis.crypto`), present in browsers
 * and in Node 20, so the codec stays free of DOM and Node imports.
 */
import { AUTH_BYTES } from './constants';
import { fromHex, toHex } from './bytes';

/** A new random owner key, 16 bytes as hex. */
export function newOwnerKey(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(AUTH_BYTES)));
}

/** The answer to `challenge` under `key` (both 16 bytes as hex), as hex. */
export async function proofAnswer(key: string, challenge: string): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const hmacKey = await subtle.importKey(
    'raw',
    new Uint8Array(fromHex(key)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await subtle.sign('HMAC', hmacKey, new Uint8Array(fromHex(challenge)));
  return toHex(new Uint8Array(mac, 0, AUTH_BYTES));
}
