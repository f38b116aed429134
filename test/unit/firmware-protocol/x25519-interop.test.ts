/**
 * X25519 of the C reference core (firmware-protocol/reference/src/mia_x25519.c, groundwork for
 * protocol 1.2's owner key agreement) against WebCrypto's X25519 as Node implements it: the
 * app will run the same WebCrypto calls in the browser.
 *
 * The C harness (tools/mia_x25519_host.c, built for the run by test/unit/host-tools.ts) answers
 * `base <scalar>` with the public key and `shared <scalar> <point>` with the shared secret and
 * its status (0, or -1 for an all-zero secret), all 32 bytes in hex, little-endian: WebCrypto's
 * "raw" public keys, and the private scalar as the JWK's `d`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../../firmware-protocol/codec';

const reference = fileURLToPath(new URL('../../../firmware-protocol/reference/', import.meta.url));
const host = `${reference}build/mia_x25519_host`;
const subtle = globalThis.crypto.subtle;
const ROUNDS = 50;

/** One answer line of the C harness per request line. */
function askC(requests: string[]): string[] {
  const output = execFileSync(host, { input: requests.join('\n') + '\n' }).toString();
  const answers = output.trim().split('\n');
  expect(answers).toHaveLength(requests.length);
  return answers;
}

interface WebKey {
  privateKey: CryptoKey;
  scalar: string; // the private key's 32 bytes (JWK `d`), hex
  publicRaw: string; // hex
}

async function webKeyPair(): Promise<WebKey> {
  const pair = (await subtle.generateKey({ name: 'X25519' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const jwk = await subtle.exportKey('jwk', pair.privateKey);
  const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
  return {
    privateKey: pair.privateKey,
    scalar: toHex(new Uint8Array(Buffer.from(jwk.d ?? '', 'base64url'))),
    publicRaw: toHex(raw),
  };
}

/** WebCrypto's shared secret of our private key and a peer's raw public key (hex). */
async function webShared(privateKey: CryptoKey, peerHex: string): Promise<string> {
  const peer = await subtle.importKey('raw', new Uint8Array(fromHex(peerHex)), 'X25519', true, []);
  const bits = await subtle.deriveBits({ name: 'X25519', public: peer }, privateKey, 256);
  return toHex(new Uint8Array(bits));
}

function randomScalar(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

describe('X25519: the C core and WebCrypto', () => {
  it('give the same public key for the same private key', async () => {
    const keys = await Promise.all(Array.from({ length: ROUNDS }, webKeyPair));
    const answers = askC(keys.map((k) => `base ${k.scalar}`));
    expect(answers).toEqual(keys.map((k) => k.publicRaw));
  });

  it(`agree on the shared secret, ${ROUNDS} random key pairs on each side`, async () => {
    const web = await Promise.all(Array.from({ length: ROUNDS }, webKeyPair));
    const cScalars = web.map(randomScalar);
    const cPublic = askC(cScalars.map((s) => `base ${s}`));
    const cShared = askC(cScalars.map((s, i) => `shared ${s} ${web[i].publicRaw}`));
    const webSide = await Promise.all(web.map((k, i) => webShared(k.privateKey, cPublic[i])));
    expect(cShared).toEqual(webSide.map((secret) => `${secret} 0`));
    expect(new Set(webSide).size).toBe(ROUNDS);
  });

  it('both refuse a peer key of small order (an all-zero secret, RFC 7748 6.1)', async () => {
    const smallOrder = [
      '00'.repeat(32),
      'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
    ];
    const web = await webKeyPair();
    const answers = askC(smallOrder.map((u) => `shared ${web.scalar} ${u}`));
    expect(answers).toEqual(smallOrder.map(() => `${'00'.repeat(32)} -1`));
    for (const u of smallOrder) {
      await expect(webShared(web.privateKey, u)).rejects.toThrow();
    }
  });
});
