/**
 * Protocol 1.2's keys (PROTOCOL.md 4.4), with WebCrypto: the mutual proof (the cup's proof over
 * the app's nonce, then the app's), the session key and the tags of sealed requests, and the
 * claim's key agreement (X25519, HKDF-SHA256) with its confirmations. Every key stays a
 * `CryptoKey` that cannot be exported; only proofs, tags and public keys come out as bytes.
 * Vectors: `vectors/keys.json`.
 */
import { AUTH_BYTES, TAG_BYTES } from './constants';
import { fromHex, toHex } from './bytes';
import { macBytes } from './auth';

const subtle = () => globalThis.crypto.subtle;
const HMAC = { name: 'HMAC', hash: 'SHA-256', length: 128 } as const;

/** A fresh nonce for `auth_cup_proof`, 16 bytes as hex. */
export function newNonce(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(AUTH_BYTES)));
}

/** The cup's proof over the challenge and the app's nonce (all hex): HMAC over "C" ‖ both. */
export async function cupProof(key: CryptoKey, challenge: string, nonce: string): Promise<string> {
  return toHex(await macBytes(key, ['C', fromHex(challenge), fromHex(nonce)], AUTH_BYTES));
}

/** The app's answer (1.2 `auth_prove`): HMAC over "A" ‖ challenge ‖ nonce. */
export async function appProof(key: CryptoKey, challenge: string, nonce: string): Promise<string> {
  return toHex(await macBytes(key, ['A', fromHex(challenge), fromHex(nonce)], AUTH_BYTES));
}

/** A session key from its 16 bytes, kept as a key that cannot be exported. */
function sessionOf(bytes: Uint8Array): Promise<CryptoKey> {
  const key = subtle().importKey('raw', new Uint8Array(bytes), HMAC, false, ['sign']);
  bytes.fill(0);
  return key;
}

/** The session a right `auth_prove` starts: HMAC over "S" ‖ challenge ‖ nonce. */
export async function sessionKey(
  key: CryptoKey,
  challenge: string,
  nonce: string,
): Promise<CryptoKey> {
  return sessionOf(await macBytes(key, ['S', fromHex(challenge), fromHex(nonce)], AUTH_BYTES));
}

/** The session of the connection that claimed the cup: HMAC over "S". */
export async function claimSessionKey(key: CryptoKey): Promise<CryptoKey> {
  return sessionOf(await macBytes(key, ['S'], AUTH_BYTES));
}

const u32 = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);

/** The tag of the `count`-th sealed request of a session (`frame` without its tag). */
export async function requestTag(
  session: CryptoKey,
  count: number,
  frame: Uint8Array,
): Promise<string> {
  return toHex(await macBytes(session, ['Q', u32(count), frame], TAG_BYTES));
}

/** The cup's tag on the `ok` Reply (its first 3 bytes) to the `count`-th sealed request. */
export async function replyTag(
  session: CryptoKey,
  count: number,
  reply: Uint8Array,
): Promise<string> {
  return toHex(await macBytes(session, ['R', u32(count), reply.subarray(0, 3)], TAG_BYTES));
}

/** The app's side of a claim: a fresh X25519 key pair; the private key cannot be exported. */
export interface ClaimKeys {
  privateKey: CryptoKey;
  /** 32 bytes, sent in two halves (`claim_begin`, `claim_key`). */
  publicKey: Uint8Array;
}

export async function newClaimKeys(): Promise<ClaimKeys> {
  const pair = (await subtle().generateKey({ name: 'X25519' }, false, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey };
}

/**
 * The owner key both sides agree on: HKDF-SHA256 (empty salt) of X25519(own private key, the
 * other side's public key), info "K" ‖ app's public key ‖ cup's public key, 16 bytes. The app
 * holds the private key of `keys.app`, so its peer is the cup (a test may play the cup: `peer`
 * 'app'). Null when the peer's key has small order (an all-zero secret, RFC 7748 6.1): refuse it.
 */
export async function agreeOwnerKey(
  privateKey: CryptoKey,
  keys: { app: Uint8Array; cup: Uint8Array },
  peer: 'cup' | 'app' = 'cup',
): Promise<CryptoKey | null> {
  let shared: Uint8Array<ArrayBuffer>;
  try {
    const other = new Uint8Array(keys[peer]);
    const peerKey = await subtle().importKey('raw', other, { name: 'X25519' }, true, []);
    shared = new Uint8Array(
      await subtle().deriveBits({ name: 'X25519', public: peerKey }, privateKey, 256),
    );
  } catch {
    return null; // WebCrypto refuses an all-zero secret itself
  }
  if (shared.every((b) => b === 0)) return null;
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  shared.fill(0);
  const info = new Uint8Array(65);
  info.set([0x4b]); // "K"
  info.set(keys.app, 1);
  info.set(keys.cup, 33);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info },
    ikm,
    HMAC,
    false,
    ['sign'],
  );
}

/** A claim's key confirmation: the app's ("a") or the cup's ("c"). */
export async function claimConfirmation(key: CryptoKey, side: 'app' | 'cup'): Promise<string> {
  return toHex(await macBytes(key, [side === 'app' ? 'a' : 'c'], AUTH_BYTES));
}
