/** The JavaScript side of the blob's block (layout.ts) uses the numbers of mia_puck.h. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Block, Fired, Op, SetupAt } from '../../../firmware-protocol/boards/puck-js/src/layout';

const header = readFileSync(
  new URL('../../../firmware-protocol/boards/puck-js/native/mia_puck.h', import.meta.url),
  'utf8',
);
const defines = new Map(
  [...header.matchAll(/^#define (MIA_PUCK_[A-Z_]+) (0x[0-9a-fA-F]+|\d+)/gm)].map((m) => [
    m[1],
    Number(m[2]),
  ]),
);
const ops = new Map(
  [...header.matchAll(/(MIA_PUCK_OP_[A-Z_]+) = (\d+)/g)].map((m) => [m[1], Number(m[2])]),
);
const upper = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

describe('the block layout', () => {
  it('has every offset, flag and op of the header, with the same number', () => {
    const seen: string[] = [];
    const check = (prefix: string, table: Record<string, number>, from: Map<string, number>) => {
      for (const [name, value] of Object.entries(table)) {
        const c = `${prefix}${upper(name)}`;
        expect(from.get(c), c).toBe(value);
        seen.push(c);
      }
    };
    check('MIA_PUCK_', Block, defines);
    check('MIA_PUCK_FIRED_', { ...Fired, randomShort: Fired.randomShort }, defines);
    check('MIA_PUCK_SETUP_', SetupAt, defines);
    check('MIA_PUCK_OP_', Op, ops);
    expect(seen.length).toBe(defines.size + ops.size);
  });
});
