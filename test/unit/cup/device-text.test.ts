/**
 * What a cup says about itself is shown cleaned and cut (issue #31): its Bluetooth name, its
 * Device Information strings and its images' versions lose control and bidi characters and are
 * at most 32 characters long; the conformance check shows those characters escaped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_TEXT_MAX, deviceText, escapedDeviceText } from '../../../src/cup/device-text';
import { slotsOf } from '../../../src/cup/smp/commands';
import { setUp, simCup, useFakeClock } from './helpers';

const RLO = '\u202e'; // right-to-left override
const hostile = (text: string) => `${RLO}${text}\u0007\n\u2066x\u2069\u200b${'A'.repeat(500)}`;

describe('deviceText', () => {
  it.each([
    ['1.4.2', '1.4.2'],
    [`1.4.2${RLO}evil`, '1.4.2evil'],
    ['rev\u0000\u001b[31mB', 'rev[31mB'],
    ['Mia\r\n\tCup\u2028 1', 'Mia Cup 1'],
    ['\u200f\u061c\u2067\ufeff ', ''],
    ['\u0085C1\u009b', 'C1'],
  ])('%j shows as %j', (raw, shown) => {
    expect(deviceText(raw)).toBe(shown);
  });

  it('cuts at 32 characters with an ellipsis, never inside a pair of surrogates', () => {
    expect(deviceText('x'.repeat(DEVICE_TEXT_MAX))).toBe('x'.repeat(DEVICE_TEXT_MAX));
    expect(deviceText('x'.repeat(512))).toBe(`${'x'.repeat(31)}…`);
    const dice = deviceText('🎲'.repeat(40));
    expect([...dice]).toHaveLength(32);
    expect(dice).toBe(`${'🎲'.repeat(31)}…`);
  });

  it('the check shows what the cup sent, escaped', () => {
    expect(escapedDeviceText(`1.4.2${RLO}\n`)).toBe('1.4.2\\u{202e}\\u{a}');
    expect([...escapedDeviceText('y'.repeat(1_000))]).toHaveLength(4 * DEVICE_TEXT_MAX);
  });
});

describe('a cup whose strings are hostile', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('is shown by a clean name and clean Device Information strings', async () => {
    const cup = await simCup();
    Object.defineProperty(cup, 'name', { value: hostile('Mia Cup') });
    cup.firmware.strings = {
      manufacturer: hostile('Maker'),
      model: `${RLO}\u0000`,
      firmwareRevision: `1.4.2${RLO}${'9'.repeat(600)}`,
      hardwareRevision: 'rev\tB',
    };
    const { connection, connected } = await setUp({}, { cup });
    await connected();
    const snap = connection.snapshot;
    expect(snap.name).toBe(`Mia Cup x${'A'.repeat(22)}…`);
    expect(snap.device).toEqual({
      manufacturer: `Maker x${'A'.repeat(24)}…`,
      model: null,
      firmwareRevision: `1.4.2${'9'.repeat(26)}…`,
      hardwareRevision: 'rev B',
    });
  });

  it("and an image state's version comes clean", () => {
    const [slot] = slotsOf({
      images: [{ slot: 0, version: `1.5.0${RLO}\n${'0'.repeat(100)}`, hash: new Uint8Array(32) }],
    });
    expect(slot.version).toBe(`1.5.0 ${'0'.repeat(25)}…`);
  });
});
