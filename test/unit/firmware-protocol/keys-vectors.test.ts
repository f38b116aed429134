/**
 * vectors/keys.json (PROTOCOL.md 4.4, protocol 1.2): the cup's and the app's proofs, the session
 * key, the tags of sealed requests and of a sealed release's Reply, and the claim's key agreement
 * and confirmations, computed by the codec's WebCrypto functions from the vectors' inputs.
 */
import { describe, expect, it } from 'vitest';
import {
  agreeOwnerKey,
  appProof,
  claimConfirmation,
  claimSessionKey,
  cupProof,
  fromHex,
  importOwnerKey,
  macBytes,
  replyTag,
  requestTag,
  sessionKey,
  toHex,
} from '../../../firmware-protocol/codec';
import { loadVectors } from './vectors';

type KeysVector = { name: string; kind: string; note?: string } & Record<string, string | number>;
const file = loadVectors('keys') as unknown as {
  family: string;
  characteristic: null;
  uuid: null;
  protocol: string;
  vectors: KeysVector[];
};
const of = (kind: string) =>
  file.vectors.filter((v) => v.kind === kind).map((v) => [v.name, v] as const);
const hex = (v: KeysVector, k: string) => v[k] as string;
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The app's private key of a vector, as WebCrypto takes one (a JWK). */
function importPrivate(privateHex: string, publicHex: string): Promise<CryptoKey> {
  const jwk = {
    kty: 'OKP',
    crv: 'X25519',
    d: b64url(fromHex(privateHex)),
    x: b64url(fromHex(publicHex)),
  };
  return crypto.subtle.importKey('jwk', jwk, { name: 'X25519' }, false, ['deriveBits']);
}

/** Two keys are the same when they make the same tag. */
async function sameKey(a: CryptoKey, bHex: string): Promise<boolean> {
  const probe = fromHex('0102');
  return (
    (await requestTag(a, 7, probe)) === (await requestTag(await importOwnerKey(bHex), 7, probe))
  );
}

describe('keys vectors', () => {
  it('follow the schema in vectors/README.md', () => {
    expect([file.family, file.characteristic, file.uuid, file.protocol]).toEqual([
      'keys',
      null,
      null,
      '1.2',
    ]);
    expect(new Set(file.vectors.map((v) => v.name)).size).toBe(file.vectors.length);
    const fields: Record<string, string[]> = {
      proof: ['key', 'challenge', 'nonce', 'cupProof', 'appProof', 'sessionKey'],
      seal: ['sessionKey', 'count', 'request', 'tag'],
      reply_seal: ['sessionKey', 'count', 'reply', 'tag'],
      claim: [
        'appPrivate',
        'appPublic',
        'cupPrivate',
        'cupPublic',
        'shared',
        'ownerKey',
        'appConfirm',
        'cupConfirm',
        'sessionKey',
      ],
    };
    for (const v of file.vectors) {
      expect(Object.keys(fields), v.name).toContain(v.kind);
      expect(Object.keys(v).sort(), v.name).toEqual(
        ['name', 'kind', ...fields[v.kind], ...('note' in v ? ['note'] : [])].sort(),
      );
    }
    expect(
      of('proof').length && of('seal').length && of('reply_seal').length && of('claim').length,
    ).toBeGreaterThan(0);
  });

  it.each(of('proof'))('proves both ways: %s', async (_name, v) => {
    const key = await importOwnerKey(hex(v, 'key'));
    expect(await cupProof(key, hex(v, 'challenge'), hex(v, 'nonce'))).toBe(v.cupProof);
    expect(await appProof(key, hex(v, 'challenge'), hex(v, 'nonce'))).toBe(v.appProof);
    const session = await sessionKey(key, hex(v, 'challenge'), hex(v, 'nonce'));
    expect(await sameKey(session, hex(v, 'sessionKey'))).toBe(true);
  });

  it.each(of('seal'))('seals %s', async (_name, v) => {
    const session = await importOwnerKey(hex(v, 'sessionKey'));
    expect(await requestTag(session, v.count as number, fromHex(hex(v, 'request')))).toBe(v.tag);
  });

  it.each(of('reply_seal'))('seals the Reply %s', async (_name, v) => {
    const session = await importOwnerKey(hex(v, 'sessionKey'));
    expect(await replyTag(session, v.count as number, fromHex(hex(v, 'reply')))).toBe(v.tag);
  });

  it.each(of('claim'))('agrees the owner key: %s', async (_name, v) => {
    const app = await importPrivate(hex(v, 'appPrivate'), hex(v, 'appPublic'));
    const appPublic = fromHex(hex(v, 'appPublic'));
    const cupPublic = fromHex(hex(v, 'cupPublic'));
    const mine = await agreeOwnerKey(app, { app: appPublic, cup: cupPublic });
    expect(mine && (await sameKey(mine, hex(v, 'ownerKey')))).toBe(true);
    expect(await claimConfirmation(mine!, 'app')).toBe(v.appConfirm);
    expect(await claimConfirmation(mine!, 'cup')).toBe(v.cupConfirm);
    expect(await sameKey(await claimSessionKey(mine!), hex(v, 'sessionKey'))).toBe(true);
    // The shared secret itself, as the RFC computes it (through WebCrypto's X25519).
    const peer = await crypto.subtle.importKey(
      'raw',
      new Uint8Array(cupPublic),
      { name: 'X25519' },
      true,
      [],
    );
    const shared = await crypto.subtle.deriveBits({ name: 'X25519', public: peer }, app, 256);
    expect(toHex(new Uint8Array(shared))).toBe(v.shared);
  });

  it('refuses a cup public key of small order', async () => {
    const [, v] = of('claim')[0];
    const app = await importPrivate(hex(v, 'appPrivate'), hex(v, 'appPublic'));
    expect(
      await agreeOwnerKey(app, { app: fromHex(hex(v, 'appPublic')), cup: new Uint8Array(32) }),
    ).toBeNull();
  });

  it('keeps every key it makes unexportable', async () => {
    const [, v] = of('proof')[0];
    const key = await importOwnerKey(hex(v, 'key'));
    const session = await sessionKey(key, hex(v, 'challenge'), hex(v, 'nonce'));
    for (const k of [key, session]) {
      expect(k.extractable).toBe(false);
      await expect(crypto.subtle.exportKey('raw', k)).rejects.toThrow();
    }
    expect((await macBytes(key, ['C'], 16)).length).toBe(16);
  });
});
