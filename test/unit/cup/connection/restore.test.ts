import { describe, expect, it, vi } from 'vitest';
import type { Advert } from '../../../../firmware-protocol/codec';
import {
  inMemory,
  localStorageMemory,
  type CupTransport,
  type GattDeviceLike,
  type KnownCup,
} from '../../../../src/cup';
import { advertFits, findRemembered } from '../../../../src/cup/connection/restore';

const cup = (n: number, extra: Partial<KnownCup> = {}): KnownCup => ({
  deviceId: `00000000000000${n.toString(16).padStart(2, '0')}`,
  webId: `web-${n}`,
  name: `Mia Cup 00${n.toString(16).padStart(2, '0').toUpperCase()}`,
  minor: 1,
  keyHeld: true,
  bootId: 1,
  lastSeq: 3,
  usedAt: n,
  ...extra,
});

/** A transport whose remembered devices advertise (or not) as told. */
function transport(adverts: Record<string, Advert | null | 'silent'>): CupTransport & {
  watched: string[];
} {
  const watched: string[] = [];
  const device = (id: string) => ({ id }) as unknown as GattDeviceLike;
  return {
    kind: 'web-bluetooth',
    watched,
    availability: async () => ({ kind: 'available' }),
    watchAvailability: () => () => {},
    requestDevice: () => Promise.reject(new Error('no chooser here')),
    rememberedDevices: async () => Object.keys(adverts).map(device),
    waitForAdvertisement: (d, signal) => {
      watched.push(d.id);
      const advert = adverts[d.id];
      if (advert === 'silent') {
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null)));
      }
      return Promise.resolve({ advert });
    },
  };
}

const never = new AbortController().signal;

describe('finding a remembered cup without the chooser', () => {
  it('takes a cup whose key this app holds, and never one of another table', async () => {
    const memory = inMemory([
      cup(1, { keyHeld: false }), // another table's now: no key
      cup(2),
      cup(3, { keyHeld: false }),
    ]);
    const t = transport({ 'web-1': null, 'web-2': null, 'web-3': null });
    const found = await findRemembered(t, memory, new Set(), 1_000, never);
    expect(found?.device.id).toBe('web-2');
    expect(t.watched).toEqual(['web-2']);
  });

  it('a 1.0 cup (no key, no ownership) is a candidate too', async () => {
    const memory = inMemory([cup(4, { minor: 0, keyHeld: false })]);
    const found = await findRemembered(
      transport({ 'web-4': null }),
      memory,
      new Set(),
      1_000,
      never,
    );
    expect(found?.cup.deviceId).toBe(cup(4).deviceId);
  });

  it('skips a cup whose service data shows it was reset, or is another device', async () => {
    const memory = inMemory([cup(5), cup(6)]);
    const t = transport({
      'web-5': { owned: false, deviceId: cup(5).deviceId }, // reset: no owner any more
      'web-6': { owned: true, deviceId: cup(7).deviceId }, // the browser's id now names another cup
    });
    expect(await findRemembered(t, memory, new Set(), 1_000, never)).toBe(null);
  });

  it('gives up when no remembered cup advertises in time (fake clock)', async () => {
    vi.useFakeTimers();
    try {
      const memory = inMemory([cup(8)]);
      let found: unknown = 'waiting';
      void findRemembered(transport({ 'web-8': 'silent' }), memory, new Set(), 1_000, never).then(
        (f) => (found = f),
      );
      await vi.advanceTimersByTimeAsync(999);
      expect(found).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1);
      expect(found).toBe(null);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not try a cup that refused this app earlier on the page', async () => {
    const memory = inMemory([cup(9)]);
    const skip = new Set([cup(9).deviceId]);
    expect(await findRemembered(transport({ 'web-9': null }), memory, skip, 1_000, never)).toBe(
      null,
    );
  });

  it('service data fits only the same cup, with the same ownership', () => {
    expect(advertFits(cup(1), null)).toBe(true);
    expect(advertFits(cup(1), { owned: true, deviceId: cup(1).deviceId })).toBe(true);
    expect(advertFits(cup(1), { owned: false, deviceId: cup(1).deviceId })).toBe(false);
    expect(
      advertFits(cup(1, { keyHeld: false, minor: 0 }), { owned: false, deviceId: cup(1).deviceId }),
    ).toBe(true);
  });
});

describe('the memory of cups', () => {
  it('lists the most recently used first, and replaces a record of the same cup', () => {
    const memory = inMemory();
    memory.put(cup(1));
    memory.put(cup(2));
    memory.put({ ...cup(1), usedAt: 5 });
    expect(memory.list().map((c) => c.usedAt)).toEqual([5, 2]);
  });

  it('in localStorage: takes over the one-cup record of earlier versions, and ignores junk', () => {
    const store = new Map<string, string>();
    const fake = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const original = globalThis.localStorage;
    Object.defineProperty(globalThis, 'localStorage', { value: fake, configurable: true });
    try {
      store.set(
        'mia-cup.remembered',
        JSON.stringify({ webId: 'w', name: 'Mia Cup', deviceId: 'a1b2c3d4e5f60718', lastSeq: 7 }),
      );
      const memory = localStorageMemory();
      expect(memory.list()).toEqual([
        {
          deviceId: 'a1b2c3d4e5f60718',
          webId: 'w',
          name: 'Mia Cup',
          minor: 0,
          keyHeld: false,
          bootId: null,
          lastSeq: 7,
          usedAt: 0,
        },
      ]);
      expect(store.has('mia-cup.remembered')).toBe(false);
      store.set('mia-cup.cups', '[{"deviceId":"<script>"},42,null]');
      expect(localStorageMemory().list()).toEqual([]);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', { value: original, configurable: true });
    }
  });
});
