/**
 * The cup's owner keys (PROTOCOL.md 6) in IndexedDB, for the cup layer's key store port
 * (`OwnerKeyStore` in src/cup/connection/keys.ts, which this matches by shape): per device id,
 * the key and a claim's pending key as WebCrypto keys that cannot be exported (IndexedDB keeps a
 * `CryptoKey` as it is: a script on the page can prove with it, none can read it out), and the
 * protocol minor it was proven with. A database of its own, apart from the games'. Where
 * IndexedDB cannot be used (a private mode that refuses it), the keys last as long as the page.
 */
import { openDB, type IDBPDatabase } from 'idb';

export const KEYS_DB_NAME = 'mia-cup-keys';
const STORE = 'keys';

export interface StoredOwnerKey {
  key: CryptoKey | null;
  pending: CryptoKey | null;
  minor: number;
}

export interface OwnerKeys {
  get(deviceId: string): Promise<StoredOwnerKey | null>;
  put(deviceId: string, record: StoredOwnerKey): Promise<void>;
  remove(deviceId: string): Promise<void>;
}

const isKey = (v: unknown): v is CryptoKey | null =>
  v === null || (typeof CryptoKey !== 'undefined' && v instanceof CryptoKey);

/** A record read back, checked field by field (anything else is not a key this app wrote). */
function decode(value: unknown): StoredOwnerKey | null {
  const r = value as Partial<StoredOwnerKey> | undefined;
  if (!r || !isKey(r.key) || !isKey(r.pending ?? null) || !Number.isInteger(r.minor)) return null;
  return { key: r.key, pending: r.pending ?? null, minor: r.minor! };
}

export function ownerKeyStore(name = KEYS_DB_NAME): OwnerKeys {
  const fallback = new Map<string, StoredOwnerKey>();
  let db: Promise<IDBPDatabase | null> | null = null;
  const open = () =>
    (db ??=
      typeof indexedDB === 'undefined'
        ? Promise.resolve(null)
        : openDB(name, 1, {
            upgrade: (database) => void database.createObjectStore(STORE),
          }).catch(() => null));
  return {
    async get(deviceId) {
      const database = await open();
      if (!database) return fallback.get(deviceId) ?? null;
      return decode(await database.get(STORE, deviceId).catch(() => fallback.get(deviceId)));
    },
    async put(deviceId, record) {
      fallback.set(deviceId, record);
      const database = await open();
      await database?.put(STORE, record, deviceId);
    },
    async remove(deviceId) {
      fallback.delete(deviceId);
      const database = await open();
      await database?.delete(STORE, deviceId);
    },
  };
}
