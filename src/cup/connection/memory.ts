/**
 * What the app remembers of the cups it has used, between visits: per cup (by its device id)
 * the browser's id for it, its name, whether this app holds its owner key, and where its events
 * were when last seen (boot id, last sequence number). The keys themselves are in the key store
 * (`keys.ts`), as keys that cannot be exported; an app before it kept them here as hex, and
 * `migrateOwnerKeys` moves them.
 */

export interface KnownCup {
  /** The cup's own id (Info), 16 hex digits. */
  deviceId: string;
  /** The browser's id for the device (`BluetoothDevice.id`, per site), or null if unknown. */
  webId: string | null;
  /** What the panel calls it ("Mia Cup 3F2A"). */
  name: string;
  /** The cup's protocol minor (0: a 1.0 cup, which has no ownership). */
  minor: number;
  /** This app holds an owner key for it (in the key store). */
  keyHeld: boolean;
  /** An owner key an app before the key store kept here (hex), until it is moved there. */
  legacyKey?: string;
  /** The cup's boot id when its events were last seen (null for a 1.0 cup). */
  bootId: number | null;
  /** The last sequence number handed on from that boot. */
  lastSeq: number | null;
  /** When it was last connected (ms since the epoch): the most recent is tried first. */
  usedAt: number;
}

export interface CupMemory {
  /** Every cup known, most recently used first. */
  list(): KnownCup[];
  get(deviceId: string): KnownCup | undefined;
  /** Add or replace a cup's record. */
  put(cup: KnownCup): void;
  remove(deviceId: string): void;
}

const isHex = (v: unknown, n: number): v is string =>
  typeof v === 'string' && new RegExp(`^[0-9a-f]{${n}}$`).test(v);

/**
 * The cups' records as the store keeps them, checked field by field. A record of an app before
 * the key store has `ownerKey` (hex or null) instead of `keyHeld`: its key becomes `legacyKey`.
 */
function decodeCups(raw: unknown): KnownCup[] {
  if (!Array.isArray(raw)) return [];
  const isNumberOrNull = (v: unknown) => v === null || (typeof v === 'number' && v >= 0);
  return raw
    .filter(
      (c) =>
        typeof c === 'object' &&
        c !== null &&
        isHex(c.deviceId, 16) &&
        (c.webId === null || typeof c.webId === 'string') &&
        typeof c.name === 'string' &&
        Number.isInteger(c.minor) &&
        (typeof c.keyHeld === 'boolean' || c.ownerKey === null || isHex(c.ownerKey, 32)) &&
        isNumberOrNull(c.bootId) &&
        isNumberOrNull(c.lastSeq) &&
        typeof c.usedAt === 'number',
    )
    .map(({ ownerKey, legacyKey, keyHeld, ...cup }) => {
      const old = isHex(ownerKey, 32) ? ownerKey : isHex(legacyKey, 32) ? legacyKey : undefined;
      return {
        ...cup,
        keyHeld: keyHeld === true || old !== undefined,
        ...(old ? { legacyKey: old } : {}),
      };
    });
}

function byRecent(cups: KnownCup[]): KnownCup[] {
  return [...cups].sort((a, b) => b.usedAt - a.usedAt);
}

/** Memory over a list that `load`/`save` read and write whole. */
function memoryOver(load: () => KnownCup[], save: (cups: KnownCup[]) => void): CupMemory {
  return {
    list: () => byRecent(load()),
    get: (deviceId) => load().find((c) => c.deviceId === deviceId),
    put(cup) {
      save([...load().filter((c) => c.deviceId !== cup.deviceId), cup]);
    },
    remove(deviceId) {
      save(load().filter((c) => c.deviceId !== deviceId));
    },
  };
}

/** The record of the app before protocol 1.1: one cup, no key. */
const LEGACY_KEY = 'mia-cup.remembered';

/**
 * Keeps the cups in `localStorage` under one key (and takes over the one-cup record of earlier
 * versions); where there is no storage it keeps them for the page's life.
 */
export function localStorageMemory(key = 'mia-cup.cups'): CupMemory {
  const storage = reachableStorage();
  let fallback: KnownCup[] = [];
  const read = (k: string): unknown => {
    try {
      const raw = storage?.getItem(k);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  };
  const load = () => (storage ? decodeCups(read(key)) : fallback);
  const save = (cups: KnownCup[]) => {
    fallback = cups;
    try {
      storage?.setItem(key, JSON.stringify(cups));
    } catch {
      // Private mode or full storage: the cups are kept for this page's life.
    }
  };
  const legacy = read(LEGACY_KEY) as Partial<KnownCup> | null;
  if (legacy && typeof legacy.deviceId === 'string' && !load().length) {
    save(decodeCups([{ minor: 0, keyHeld: false, bootId: null, usedAt: 0, ...legacy }]));
  }
  try {
    storage?.removeItem(LEGACY_KEY);
  } catch {
    // Read-only storage: the old record is read again next time, harmlessly.
  }
  return memoryOver(load, save);
}

/** `localStorage`, or null where there is none or it may not be used (some private modes). */
function reachableStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Memory that lasts as long as the object (tests, the simulated cup). */
export function inMemory(initial: KnownCup[] = []): CupMemory {
  let cups = [...initial];
  return memoryOver(
    () => cups,
    (next) => {
      cups = next;
    },
  );
}
