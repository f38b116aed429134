/** The Intl formatters are made once per language and options, and follow the language. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../src/ui/localize';
import { numberFormat, plurals } from '../../../src/ui/text/formatters';

// @lit/localize announces a new locale with an event on window.
vi.stubGlobal('window', new EventTarget());
afterAll(async () => {
  await setLocale('en');
  vi.unstubAllGlobals();
});

describe('formatters', () => {
  it('gives the same formatter for the same language and options', async () => {
    await setLocale('en');
    const made = vi.spyOn(Intl, 'NumberFormat');
    const first = numberFormat({ maximumFractionDigits: 1 });
    expect(numberFormat({ maximumFractionDigits: 1 })).toBe(first);
    expect(plurals()).toBe(plurals());
    expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    made.mockRestore();
    expect(numberFormat({ style: 'percent' })).not.toBe(first);
  });

  it('makes new ones for another language', async () => {
    await setLocale('en');
    const english = numberFormat({ minimumFractionDigits: 1 });
    const englishPlurals = plurals();
    await setLocale('de');
    const german = numberFormat({ minimumFractionDigits: 1 });
    expect(german).not.toBe(english);
    expect(german.format(1.5)).toBe('1,5');
    expect(plurals()).not.toBe(englishPlurals);
    await setLocale('en');
    expect(numberFormat({ minimumFractionDigits: 1 })).toBe(english);
  });
});
