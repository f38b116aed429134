import { describe, expect, it } from 'vitest';
import {
  Capability,
  CHARACTERISTIC_UUIDS,
  decodeInfo,
  hasCapability,
  elapsedMs,
  fromHex,
  MAX_FRAME_LENGTH,
  readProtocolVersion,
  SERVICE_UUID,
  seqAdd,
  seqDistance,
  seqIsNewer,
  statusForRejectedControl,
  toHex,
} from '../../../firmware-protocol/codec';

describe('UUIDs', () => {
  it('are distinct lowercase 128-bit UUIDs', () => {
    const all = [SERVICE_UUID, ...Object.values(CHARACTERISTIC_UUIDS)];
    for (const uuid of all) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('capability bits', () => {
  it('name bit 6 telemetry and bit 7 the firmware update (PROTOCOL.md 4.1, 9.1)', () => {
    const info = decodeInfo(fromHex('0101010402df00a1b2c3d4e5f63f2a4000'));
    if (!info.ok) throw new Error(info.detail);
    expect(hasCapability(info.value, Capability.telemetry)).toBe(true);
    expect(hasCapability(info.value, Capability.firmwareUpdate)).toBe(true);
    const without = decodeInfo(fromHex('01010104021f00a1b2c3d4e5f63f2a4000'));
    expect(without.ok && hasCapability(without.value, Capability.firmwareUpdate)).toBe(false);
    expect(Capability.firmwareUpdate).toBe(0x80);
  });
});

describe('sequence numbers', () => {
  it.each([
    [1, 0, true],
    [0, 65535, true],
    [5, 65530, true],
    [0, 0, false],
    [65535, 0, false],
    [32767, 0, true],
    [32768, 0, false],
  ])('seqIsNewer(%i, %i) is %s', (a, b, newer) => {
    expect(seqIsNewer(a, b)).toBe(newer);
  });

  it('counts and steps across the wrap', () => {
    expect(seqDistance(2, 65534)).toBe(4);
    expect(seqAdd(65535, 1)).toBe(0);
    expect(seqAdd(0, -1)).toBe(65535);
  });

  it('measures elapsed time across the u32 wrap', () => {
    expect(elapsedMs(5, 0xfffffffb)).toBe(10);
    expect(elapsedMs(1000, 400)).toBe(600);
  });
});

describe('refusing a cup of another major version', () => {
  it('names the version even though the frame is rejected', () => {
    const frame = fromHex('0203');
    const result = decodeInfo(frame);
    expect(result).toMatchObject({ ok: false, reason: 'unsupported_version' });
    if (!result.ok) expect(result.detail).toContain('2.3');
    expect(readProtocolVersion(frame)).toEqual({ major: 2, minor: 3 });
    expect(readProtocolVersion(fromHex('02'))).toBeUndefined();
  });
});

describe('what the cup replies to a rejected write', () => {
  it.each([
    [0, 'truncated', null],
    [1, 'truncated', null],
    [4, 'truncated', 'bad_length'],
    [21, 'too_long', 'bad_length'],
    [2, 'unknown_opcode', 'unknown_opcode'],
    [5, 'bad_value', 'bad_value'],
  ] as const)('%i bytes, %s: %s', (length, reason, status) => {
    expect(statusForRejectedControl(length, reason)).toBe(status);
  });
});

describe('hex helpers', () => {
  it('round-trip and refuse malformed hex', () => {
    expect(toHex(fromHex('00ff7A'))).toBe('00ff7a');
    expect(() => fromHex('abc')).toThrow(RangeError);
    expect(() => fromHex('zz')).toThrow(RangeError);
    expect(MAX_FRAME_LENGTH).toBe(20);
  });
});
