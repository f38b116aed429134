/**
 * The owner keys in IndexedDB (src/data/owner-keys.ts): a WebCrypto key is kept as it is, not
 * extractable, and read back by a new page (a new store on the same database) that can prove
 * with it; anything else in the store is not taken as a key.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { importOwnerKey, newOwnerKey, proofAnswer } from '../../../firmware-protocol/codec';
import { ownerKeyStore } from '../../../src/data';
import { openDB } from 'idb';

const DEVICE = 'a1b2c3d4e5f63f2a';
const probe = '5a'.repeat(16);
let count = 0;
const fresh = () => `owner-keys-${(count += 1)}`;

describe('the owner key store', () => {
  it('keeps a key that cannot be exported, and a later page proves with it', async () => {
    const name = fresh();
    const hex = newOwnerKey();
    const key = await importOwnerKey(hex);
    await ownerKeyStore(name).put(DEVICE, { key, pending: null, minor: 2 });
    const back = await ownerKeyStore(name).get(DEVICE);
    expect(back).toMatchObject({ pending: null, minor: 2 });
    expect(back!.key!.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', back!.key!)).rejects.toThrow();
    expect(await proofAnswer(back!.key!, probe)).toBe(await proofAnswer(hex, probe));
  });

  it('forgets a key on remove, and knows no other cup', async () => {
    const name = fresh();
    const store = ownerKeyStore(name);
    await store.put(DEVICE, { key: await importOwnerKey(newOwnerKey()), pending: null, minor: 1 });
    expect(await store.get('0000000000000000')).toBe(null);
    await store.remove(DEVICE);
    expect(await ownerKeyStore(name).get(DEVICE)).toBe(null);
  });

  it('a record that is not a key this app wrote is not a key (hex, junk)', async () => {
    const name = fresh();
    await ownerKeyStore(name).get(DEVICE); // creates the database
    const db = await openDB(name, 1);
    await db.put('keys', { key: newOwnerKey(), pending: null, minor: 2 }, DEVICE);
    await db.put('keys', 'junk', 'ffffffffffffffff');
    db.close();
    expect(await ownerKeyStore(name).get(DEVICE)).toBe(null);
    expect(await ownerKeyStore(name).get('ffffffffffffffff')).toBe(null);
  });
});
