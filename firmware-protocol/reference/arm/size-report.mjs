// Flash and RAM of the core inside a linked program, from the linker's map file
// (arm.sh links arm/board_min.c with --gc-sections, so only what a cup uses is kept).
//   node size-report.mjs <map> <core-object-dir> <helper-symbols> [x25519]
// helper-symbols: comma-separated symbols the core objects use but do not define (memcpy,
// memset, libgcc's division and switch helpers). The archive members that define them (and
// what those pull in) count as the core's too: a board links them because of the core.
// Prints: core objects, helpers, total; flash = .text (code and read-only data, which the
// linker script puts in .text) + .data; RAM = .data + .bss. With `x25519` the program is
// arm/x25519_bench.c (X25519 alone) rather than a cup.
import { readFileSync } from 'node:fs';

const [mapFile, coreDir, helperList = '', program = 'cup'] = process.argv.slice(2);
if (!mapFile || !coreDir) {
  console.error('usage: node size-report.mjs <map> <core-object-dir> <helper-symbols>');
  process.exit(2);
}
const map = readFileSync(mapFile, 'utf8');
const helpers = new Set(helperList.split(',').filter(Boolean));

// "Archive member included to satisfy reference by file (symbol)": member, then the file and
// symbol it was pulled in for. Helper members, and the members they pull in themselves.
const archive = map.slice(0, map.indexOf('\nDiscarded input sections'));
const pulled = []; // { member, by, symbol }
for (const m of archive.matchAll(/^(\S+\.a\([^)]+\))\n\s+(\S+) \(([^)]+)\)$/gm)) {
  pulled.push({ member: m[1], by: m[2], symbol: m[3] });
}
const helperMembers = new Set();
let grew = true;
while (grew) {
  grew = false;
  for (const p of pulled) {
    if (helperMembers.has(p.member)) continue;
    if (helpers.has(p.symbol) || helperMembers.has(p.by)) {
      helperMembers.add(p.member);
      grew = true;
    }
  }
}

// The memory map: input sections with their size and the object they come from. A long
// section name is on its own line, the address, size and object on the next one.
const memory = map.slice(map.indexOf('Linker script and memory map'));
let output = ''; // current output section (.text, .data, .bss, ...)
const sums = { core: { text: 0, data: 0, bss: 0 }, helpers: { text: 0, data: 0, bss: 0 } };
const perObject = new Map();
const lines = memory.split('\n');
for (let i = 0; i < lines.length; i++) {
  const out = /^(\.[\w.]+)\s+0x[0-9a-f]+\s+0x[0-9a-f]+/.exec(lines[i]);
  if (out) {
    output = out[1];
    continue;
  }
  const m = /^\s(?:\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o\)?)$/.exec(lines[i]);
  if (!m || (Number.parseInt(m[1], 16) === 0 && output === '')) continue;
  const size = Number.parseInt(m[2], 16);
  const object = m[3];
  const kind = object.includes(`${coreDir}/`) ? 'core' : helperMembers.has(object) ? 'helpers' : '';
  if (!kind) continue;
  const where = output === '.bss' ? 'bss' : output === '.data' ? 'data' : 'text';
  if (!['.text', '.data', '.bss'].includes(output)) continue;
  sums[kind][where] += size;
  const key = kind === 'core' ? object.split('/').pop() : object.replace(/^.*\/(\w+\.a)/, '$1');
  perObject.set(key, (perObject.get(key) ?? 0) + (where === 'bss' ? 0 : size));
}

const c = sums.core;
const h = sums.helpers;
const parts = [...perObject.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
const cup = program === 'cup';
console.log(`linked ${cup ? 'in a cup' : 'alone'} (--gc-sections): ${parts}`);
console.log(
  `flash: core ${c.text + c.data} + compiler helpers ${h.text + h.data} = ` +
    `${c.text + c.data + h.text + h.data} bytes; RAM (static): ${c.data + c.bss + h.data + h.bss} bytes` +
    (cup ? ` (the cup itself is the board's one mia_cup)` : ''),
);
