/**
 * A differential test: the same random frames through the C reference core's decoders (its host
 * harness, tools/mia_host.c, built for the run by test/unit/host-tools.ts) and the TypeScript
 * ones must give the same reason, and accepted frames must re-encode to the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random';
import {
  decodeConfig,
  decodeControl,
  decodeEvent,
  decodeInfo,
  decodeReply,
  decodeState,
  decodeTelemetry,
  encodeConfig,
  encodeControl,
  encodeEvent,
  encodeInfo,
  encodeReply,
  encodeState,
  encodeTelemetry,
  toHex,
} from '../../../firmware-protocol/codec';

const reference = fileURLToPath(new URL('../../../firmware-protocol/reference/', import.meta.url));
const host = `${reference}build/mia_host`;

const FAMILIES = {
  info: (b: Uint8Array) => {
    const r = decodeInfo(b);
    return r.ok ? { reason: 'accept', hex: toHex(encodeInfo(r.value)) } : { reason: r.reason };
  },
  event: (b: Uint8Array) => {
    const r = decodeEvent(b);
    if (!r.ok) return { reason: r.reason };
    return {
      reason: 'accept',
      hex: r.value.type === 'unknown' ? '-' : toHex(encodeEvent(r.value)),
    };
  },
  state: (b: Uint8Array) => {
    const r = decodeState(b);
    return r.ok ? { reason: 'accept', hex: toHex(encodeState(r.value)) } : { reason: r.reason };
  },
  control: (b: Uint8Array) => {
    const r = decodeControl(b);
    return r.ok ? { reason: 'accept', hex: toHex(encodeControl(r.value)) } : { reason: r.reason };
  },
  reply: (b: Uint8Array) => {
    const r = decodeReply(b);
    return r.ok ? { reason: 'accept', hex: toHex(encodeReply(r.value)) } : { reason: r.reason };
  },
  config: (b: Uint8Array) => {
    const r = decodeConfig(b);
    return r.ok ? { reason: 'accept', hex: toHex(encodeConfig(r.value)) } : { reason: r.reason };
  },
  telemetry: (b: Uint8Array) => {
    const r = decodeTelemetry(b);
    if (!r.ok) return { reason: r.reason };
    return {
      reason: 'accept',
      hex: r.value.kind === 'unknown' ? '-' : toHex(encodeTelemetry(r.value)),
    };
  },
} as const;
type Family = keyof typeof FAMILIES;

/** Random frames that often get past the first checks: plausible type bytes and lengths. */
function randomFrame(family: Family, next: () => number): Uint8Array {
  const len = Math.floor(next() * 23);
  const b = Uint8Array.from({ length: len }, () => Math.floor(next() * 256));
  const small = () => Math.floor(next() * 7);
  if (len > 0 && next() < 0.7) b[0] = family === 'info' ? (next() < 0.8 ? 1 : small()) : small();
  // The telemetry opcodes (1.1 addition) and their arguments and results.
  if ((family === 'control' || family === 'reply') && len > 0 && next() < 0.3) {
    b[0] = 9 + Math.floor(next() * 3);
    if (len > 2 && family === 'control') b[2] = [0, 1, 60, 61][Math.floor(next() * 4)];
    if (len > 5 && family === 'reply') b[5] = [0, 1, 60, 61][Math.floor(next() * 4)];
    if (len > 4 && family === 'reply') b[4] = 0;
    if (len > 3 && family === 'reply') b[3] = [0, 1, 100, 101][Math.floor(next() * 4)];
  }
  if (family === 'telemetry' && len > 2 && next() < 0.8) b[2] = small();
  if (family === 'telemetry' && len > 7 && next() < 0.7) b[7] = small() % 4;
  if (family === 'info' && len > 16 && next() < 0.2) b[15] = b[16] = 0; // capacity 0
  if (family === 'state' && len > 1 && next() < 0.7) b[1] = Math.floor(next() * 102);
  if (family === 'reply' && len > 2 && next() < 0.7) b[2] = small();
  if (family === 'control' && b[0] === 1 && len > 2 && next() < 0.7) b[2] = small() % 4;
  // Config fields at and around the edges of their ranges (PROTOCOL.md 4.6), also inside
  // write_config requests and read/write_config replies.
  const at = family === 'config' ? 0 : family === 'control' ? 2 : 3;
  if (family !== 'telemetry' && b[0] < 9 && next() < 0.6) {
    const edges = [
      [99, 100, 1200, 8000, 8001],
      [49, 50, 250, 5000, 5001],
      [0, 200, 2000, 2001],
      [4, 5, 50, 2000, 2001],
      [0, 1, 29, 30, 600, 43200, 43201],
    ];
    edges.forEach((choices, k) => {
      // Mostly valid values, so that the later fields get checked too.
      const valid = choices.filter((_, n) => n > 0 && n < choices.length - 1);
      const pool = next() < 0.8 ? valid : choices;
      const value = pool[Math.floor(next() * pool.length)];
      if (at + 2 * k + 1 < len) {
        b[at + 2 * k] = value & 0xff;
        b[at + 2 * k + 1] = value >> 8;
      }
    });
  }
  return b;
}

describe('C reference core and TypeScript codec agree (differential)', () => {
  it('gives the same reason and the same re-encoding for 30,000 random frames', () => {
    const next = mulberry32(20261129);
    const cases: { family: Family; bytes: Uint8Array }[] = [];
    for (const family of Object.keys(FAMILIES) as Family[]) {
      for (let i = 0; i < 4300; i++) cases.push({ family, bytes: randomFrame(family, next) });
    }
    const input = cases.map((c) => `${c.family} ${toHex(c.bytes)}`).join('\n') + '\n';
    const output = execFileSync(host, ['decode'], { input, maxBuffer: 64 << 20 })
      .toString()
      .trim()
      .split('\n');
    expect(output).toHaveLength(cases.length);
    const disagreements: string[] = [];
    const reasons = new Set<string>();
    cases.forEach((c, i) => {
      const [reason, hex] = output[i].split(' ');
      const ts = FAMILIES[c.family](c.bytes);
      reasons.add(`${c.family}:${ts.reason}`);
      const same = reason === ts.reason && (reason !== 'accept' || hex === '-' || hex === ts.hex);
      if (!same) {
        disagreements.push(
          `${c.family} ${toHex(c.bytes)}: C ${output[i]}, TS ${ts.reason} ${ts.hex ?? ''}`,
        );
      }
    });
    expect(disagreements.slice(0, 10)).toEqual([]);
    // The generator reaches acceptance and every rejection the family has.
    for (const r of [
      'info:accept',
      'info:unsupported_version',
      'info:bad_value',
      'event:accept',
      'event:bad_value',
      'state:bad_value',
      'control:accept',
      'control:unknown_opcode',
      'control:bad_value',
      'control:too_long',
      'reply:accept',
      'reply:unknown_opcode',
      'reply:bad_value',
      'config:accept',
      'config:bad_value',
      'config:truncated',
      'telemetry:accept',
      'telemetry:bad_value',
      'telemetry:truncated',
      'telemetry:too_long',
    ]) {
      expect(reasons).toContain(r);
    }
  }, 120_000); // a generous bound for a loaded machine
});
