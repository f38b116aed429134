/**
 * The owner keys' port (src/cup/connection/keys.ts): a hex key an older app kept in the cups'
 * localStorage record moves once into the key store as a key that cannot be read back, and
 * only then leaves the record; a store that refuses it leaves it where it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newOwnerKey, proofAnswer } from '../../../../firmware-protocol/codec';
import { inMemoryKeys, localStorageMemory, migrateOwnerKeys } from '../../../../src/cup';
import { candidates } from '../../../../src/cup/connection/keys';

const DEVICE = 'a1b2c3d4e5f63f2a';
const probe = '5a'.repeat(16);

/** A localStorage for the test, as a Map. */
function fakeStorage() {
  const store = new Map<string, string>();
  const original = globalThis.localStorage;
  const fake = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: fake, configurable: true });
  const restore = () =>
    Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
  return { store, restore };
}

/** The record an app before the key store wrote: the key as hex. */
const oldRecord = (ownerKey: string) =>
  JSON.stringify([
    { deviceId: DEVICE, webId: 'w', name: 'Mia Cup 3F2A', minor: 1, ownerKey, bootId: 7 },
  ]).replace('}]', ',"lastSeq":3,"usedAt":1}]');

describe('moving hex owner keys into the key store', () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => (storage = fakeStorage()));
  afterEach(() => storage.restore());

  it('moves the key once, as a key that proves the same and cannot be exported, then drops the hex', async () => {
    const hex = newOwnerKey();
    storage.store.set('mia-cup.cups', oldRecord(hex));
    const memory = localStorageMemory();
    expect(memory.get(DEVICE)).toMatchObject({ keyHeld: true, legacyKey: hex });
    const keys = inMemoryKeys();
    await migrateOwnerKeys(memory, keys);
    const held = await keys.get(DEVICE);
    expect(held).toMatchObject({ pending: null, minor: 1 });
    expect(held!.key!.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', held!.key!)).rejects.toThrow();
    expect(await proofAnswer(held!.key!, probe)).toBe(await proofAnswer(hex, probe));
    expect(storage.store.get('mia-cup.cups')).not.toContain(hex);
    expect(localStorageMemory().get(DEVICE)).toMatchObject({ keyHeld: true, bootId: 7 });
  });

  it('a store that refuses the key leaves the hex where it was, for the next time', async () => {
    const hex = newOwnerKey();
    storage.store.set('mia-cup.cups', oldRecord(hex));
    const memory = localStorageMemory();
    const refusing = { ...inMemoryKeys(), put: () => Promise.reject(new Error('no IndexedDB')) };
    await migrateOwnerKeys(memory, refusing);
    expect(storage.store.get('mia-cup.cups')).toContain(hex);
  });

  it('never replaces a key the store already holds with an old hex one', async () => {
    const hex = newOwnerKey();
    storage.store.set('mia-cup.cups', oldRecord(hex));
    const memory = localStorageMemory();
    const newer = await crypto.subtle.importKey(
      'raw',
      crypto.getRandomValues(new Uint8Array(16)),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const keys = inMemoryKeys({ [DEVICE]: { key: newer, pending: null, minor: 2 } });
    await migrateOwnerKeys(memory, keys);
    expect((await keys.get(DEVICE))?.key).toBe(newer);
    expect(storage.store.get('mia-cup.cups')).not.toContain(hex);
  });

  it("a claim's pending key is tried after the key held", async () => {
    const [a, b] = await Promise.all(
      [newOwnerKey(), newOwnerKey()].map((hex) =>
        crypto.subtle.importKey(
          'raw',
          Buffer.from(hex, 'hex'),
          { name: 'HMAC', hash: 'SHA-256' },
          false,
          ['sign'],
        ),
      ),
    );
    expect(candidates({ key: a, pending: b, minor: 2 })).toEqual([a, b]);
    expect(candidates({ key: null, pending: b, minor: 2 })).toEqual([b]);
    expect(candidates(null)).toEqual([]);
  });
});
