/**
 * Protocol 1.2 on the check's side (PROTOCOL.md 4.4, section 6): the session of a proven
 * connection, whose key seals `write_config`, `release`, `telemetry_start`, `telemetry_stop`
 * and `firmware_unlock`; and the mutual proof (the cup's proof over the app's nonce first).
 */
import {
  appProof,
  cupProof,
  fromHex,
  importOwnerKey,
  newNonce,
  requestTag,
  sessionKey,
  toHex,
} from '../../../firmware-protocol/codec';
import type { Exchange } from './wire';

/** The sealed opcodes and their length without the tag (4.4). */
const SEALED = new Map([
  [0x04, 12],
  [0x08, 2],
  [0x09, 3],
  [0x0a, 2],
  [0x0f, 2],
]);

/** Statuses the cup gives after it checked a right tag: the tag was counted (4.4). */
const COUNTED = new Set([0x00, 0x04, 0x05, 0x08]);

export interface CheckSession {
  key: CryptoKey;
  /** Sealed requests the cup has accepted in this session. */
  count: number;
}

/** Seals what must be sealed while a session is up, and counts what the cup accepted. */
export class Sealer {
  session: CheckSession | null = null;
  /** The count the last sealed request went out with. */
  lastCount = 0;

  /** The request with its tag when a session is up and it is a well-formed sealed one. */
  async seal(bytes: Uint8Array): Promise<Uint8Array> {
    const s = this.session;
    if (!s || SEALED.get(bytes[0]) !== bytes.length) return bytes;
    this.lastCount = s.count;
    const tag = await requestTag(s.key, s.count, bytes);
    return Uint8Array.from([...bytes, ...fromHex(tag)]);
  }

  /** After a sealed request's Reply: counted, or (denied) the session is over. */
  settle(sealed: boolean, reply: Uint8Array | null): void {
    if (!sealed || !this.session || !reply || reply.length < 3) return;
    if (COUNTED.has(reply[2])) this.session.count++;
    else if (reply[2] === 0x07) this.session = null;
  }
}

/** The key as WebCrypto wants it. */
export const keyOf = (key: string | CryptoKey): Promise<CryptoKey> =>
  typeof key === 'string' ? importOwnerKey(key) : Promise.resolve(key);

type Send = (bytes: number[]) => Promise<Exchange>;
type ReplyBytes = (x: Exchange) => Uint8Array | null;

/**
 * 1.2: auth_challenge, auth_cup_proof with a fresh nonce, and (only when the cup's proof is
 * right) auth_prove; the session on success. `cupProven` is null when no proof came back.
 */
export async function proveBoth(
  key: string | CryptoKey,
  send: Send,
  nextId: () => number,
  okBody: ReplyBytes,
): Promise<{
  exchanges: Exchange[];
  cupProven: boolean | null;
  session: CheckSession | null;
}> {
  const owner = await keyOf(key);
  const asked = await send([0x05, nextId()]);
  const challenge = okBody(asked);
  if (!challenge) return { exchanges: [asked], cupProven: null, session: null };
  const nonce = newNonce();
  const cup = await send([0x0b, nextId(), ...fromHex(nonce)]);
  const exchanges = [asked, cup];
  const proof = okBody(cup);
  const hexChallenge = toHex(challenge);
  const right = proof !== null && toHex(proof) === (await cupProof(owner, hexChallenge, nonce));
  if (!right) return { exchanges, cupProven: proof === null ? null : false, session: null };
  const answer = await appProof(owner, hexChallenge, nonce);
  const prove = await send([0x06, nextId(), ...fromHex(answer)]);
  exchanges.push(prove);
  const ok = prove.reply?.[2] === 0x00 && prove.matched;
  const session = ok ? { key: await sessionKey(owner, hexChallenge, nonce), count: 0 } : null;
  return { exchanges, cupProven: true, session };
}
