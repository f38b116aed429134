/**
 * The owner keys this app holds (PROTOCOL.md 6), per cup (by device id), behind a small port:
 * the app's data layer keeps them in IndexedDB as WebCrypto keys that cannot be exported
 * (`src/data/owner-keys.ts`); tests and the simulated cup keep them in memory. Keys of the app
 * before the key store (hex, in the cups' localStorage record) move here once.
 */
import { importOwnerKey } from '../../../firmware-protocol/codec';
import type { CupMemory } from './memory';

/** What the app holds for one cup. */
export interface OwnerKeyRecord {
  /** The owner key the cup proved (or took in a confirmed claim); null while only `pending`. */
  key: CryptoKey | null;
  /**
   * A key agreed in a claim whose confirmation did not come back: the cup may have taken it.
   * Kept beside `key` until the cup's proof says which one it holds.
   */
  pending: CryptoKey | null;
  /** The protocol minor the key was last proven or claimed with (1 or 2): no downgrade below. */
  minor: number;
}

/** The port the cup layer stores keys through. */
export interface OwnerKeyStore {
  get(deviceId: string): Promise<OwnerKeyRecord | null>;
  put(deviceId: string, record: OwnerKeyRecord): Promise<void>;
  remove(deviceId: string): Promise<void>;
}

/** Keys that last as long as the object (tests, the simulated cup). */
export function inMemoryKeys(initial: Record<string, OwnerKeyRecord> = {}): OwnerKeyStore {
  const records = new Map(Object.entries(initial));
  return {
    get: (deviceId) => Promise.resolve(records.get(deviceId) ?? null),
    put: (deviceId, record) => Promise.resolve(void records.set(deviceId, record)),
    remove: (deviceId) => Promise.resolve(void records.delete(deviceId)),
  };
}

/**
 * Moves the hex keys of the cups' records (an app before the key store) into `keys`, as keys
 * that cannot be exported, and only then takes them out of the records. A key the store cannot
 * take stays where it was, and is tried again next time.
 */
export async function migrateOwnerKeys(memory: CupMemory, keys: OwnerKeyStore): Promise<void> {
  for (const cup of memory.list()) {
    if (!cup.legacyKey) continue;
    try {
      const held = await keys.get(cup.deviceId);
      if (!held?.key) {
        const key = await importOwnerKey(cup.legacyKey);
        await keys.put(cup.deviceId, { key, pending: null, minor: Math.max(1, cup.minor) });
      }
      const moved = { ...cup, keyHeld: true };
      delete moved.legacyKey;
      memory.put(moved);
    } catch {
      // The store refused it (no IndexedDB here): the hex key stays in the record for now.
    }
  }
}

/** The key a record holds for proving, and the one a claim left beside it, in that order. */
export const candidates = (record: OwnerKeyRecord | null): CryptoKey[] =>
  [record?.key ?? null, record?.pending ?? null].filter((k): k is CryptoKey => k !== null);
