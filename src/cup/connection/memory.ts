/**
 * What the app remembers of the cups it has used, between visits: per cup (by its device id)
 * the browser's id for it, its name, the owner key this app holds for it (protocol 1.1), and
 * where its events were when last seen (boot id, last sequence number). Owner keys never leave
 * this store: nothing exports it.
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
  /** The owner key this app holds (16 bytes as hex), or null (a 1.0 cup, or none yet). */
  ownerKey: string | null;
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

/** The cups' records as the store keeps them, checked field by field. */
function decodeCups(raw: unknown): KnownCup[] {
  if (!Array.isArray(raw)) return [];
  const isHex = (v: unknown, n: number) =>
    typeof v === 'string' && new RegExp(`^[0-9a-f]{${n}}$`).test(v);
  const isNumberOrNull = (v: unknown) => v === null || (typeof v === 'number' && v >= 0);
  return raw.filter(
    (c): c is KnownCup =>
      typeof c === 'object' &&
      c !== null &&
      isHex(c.deviceId, 16) &&
      (c.webId === null || typeof c.webId === 'string') &&
      typeof c.name === 'string' &&
      Number.isInteger(c.minor) &&
      (c.ownerKey === null || isHex(c.ownerKey, 32)) &&
      isNumberOrNull(c.bootId) &&
      isNumberOrNull(c.lastSeq) &&
      typeof c.usedAt === 'number',
  );
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
    save(decodeCups([{ minor: 0, ownerKey: null, bootId: null, usedAt: 0, ...legacy }]));
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
