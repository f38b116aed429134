import { describe, expect, it } from 'vitest';
import { PREFERENCES_KEY, PreferencesStore, type PreferenceStorage } from '../../../src/data';

/** A Storage in memory, as localStorage keeps strings. */
function memory(
  entries: Record<string, string> = {},
): PreferenceStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('the preferences', () => {
  it('start dark, with sound, no spoken referee, the browser language, no odds, no cup', () => {
    expect(new PreferencesStore(memory()).value).toEqual({
      theme: 'dark',
      muted: false,
      voice: false,
      locale: null,
      odds: false,
      cup: null,
    });
    expect(new PreferencesStore(null).value.theme).toBe('dark');
  });

  it('are kept under one key, and every change reaches every subscriber', () => {
    const storage = memory();
    const store = new PreferencesStore(storage);
    const heard: unknown[] = [];
    const stop = store.subscribe((p) => heard.push(p.theme));
    store.update({ theme: 'light' });
    store.update({ locale: 'nb', odds: true });
    stop();
    store.update({ muted: true, voice: true });
    expect(heard).toEqual(['light', 'light']);
    expect([...storage.data.keys()]).toEqual([PREFERENCES_KEY]);
    expect(new PreferencesStore(storage).value).toEqual({
      theme: 'light',
      muted: true,
      voice: true,
      locale: 'nb',
      odds: true,
      cup: null,
    });
  });

  it('read what earlier versions stored: the shared key, and the cup choice under its own', () => {
    const storage = memory({
      [PREFERENCES_KEY]: JSON.stringify({ theme: 'light', muted: true, locale: 'de', odds: true }),
      'mia-cup.choice': 'simulated',
    });
    const store = new PreferencesStore(storage);
    expect(store.value).toEqual({
      theme: 'light',
      muted: true,
      voice: false,
      locale: 'de',
      odds: true,
      cup: 'simulated',
    });
    store.update({ cup: 'bluetooth' });
    expect(storage.data.has('mia-cup.choice')).toBe(false);
    expect(new PreferencesStore(storage).value.cup).toBe('bluetooth');
  });

  it('ignore what they cannot read, and last the visit where storage refuses', () => {
    const junk = memory({ [PREFERENCES_KEY]: '{not json' });
    expect(new PreferencesStore(junk).value.theme).toBe('dark');
    const odd = memory({ [PREFERENCES_KEY]: JSON.stringify({ theme: 'pink', cup: 'teacup' }) });
    expect(new PreferencesStore(odd).value).toMatchObject({ theme: 'dark', cup: null });
    const full = {
      ...memory(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = new PreferencesStore(full);
    store.update({ odds: true });
    expect(store.value.odds).toBe(true);
  });
});
