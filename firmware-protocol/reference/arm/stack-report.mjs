// Worst-case stack of the core from GCC's call graphs (-fcallgraph-info=su: one .ci file per
// object, with each function's frame from -fstack-usage and its calls).
//   node stack-report.mjs <dir-with-.ci-files> [budget-bytes]
// Prints the deepest single frame, and for each entry point of mia_cup.h (and mia_x25519.h) the
// deepest call chain (frames added up along it). Fails (exit 1) on recursion, on a frame that
// is not static (a VLA or alloca), or when a chain passes the budget.
//
// Outside the core: calls through the board's hooks (setup.identify, .random, .owner_changed,
// .config_changed) are "Indirect Call Placeholder" nodes: the report says how much core stack
// lies under each hook, which the board adds its hook's own use to. Compiler helpers (memcpy,
// memset, libgcc division) are leaves counted with EXTERNAL_LEAF_BYTES each, an upper bound for
// newlib-nano's and libgcc's Thumb versions (they push at most a few registers).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const EXTERNAL_LEAF_BYTES = 16;
const [dir, budgetArg] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node stack-report.mjs <dir> [budget-bytes]');
  process.exit(2);
}
const budget = budgetArg ? Number(budgetArg) : Infinity;

const frames = new Map(); // title -> { name, bytes, where }
const calls = new Map(); // title -> Set of callee titles
const problems = [];

for (const file of readdirSync(dir).filter((f) => f.endsWith('.ci'))) {
  const text = readFileSync(join(dir, file), 'utf8');
  for (const m of text.matchAll(/node: \{ title: "([^"]+)" label: "([^"]*)"/g)) {
    const [, title, label] = m;
    const parts = label.split('\\n');
    const size = /^(\d+) bytes \((\w+)\)$/.exec(parts[2] ?? '');
    if (size) {
      if (size[2] !== 'static') problems.push(`${parts[0]}: ${size[2]} stack frame`);
      frames.set(title, { name: parts[0], bytes: Number(size[1]), where: parts[1] });
    }
  }
  for (const m of text.matchAll(/edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"/g)) {
    const [, from, to] = m;
    if (!calls.has(from)) calls.set(from, new Set());
    calls.get(from).add(to);
  }
}

const HOOK = '__indirect_call';
const memo = new Map(); // title -> { total, chain }
const visiting = new Set();
function deepest(title) {
  if (memo.has(title)) return memo.get(title);
  if (title === HOOK) return { total: 0, chain: ['(board hook)'] };
  const frame = frames.get(title);
  if (!frame) {
    // A function outside the core: memcpy, memset, a libgcc helper.
    const r = {
      total: EXTERNAL_LEAF_BYTES,
      chain: [`${title} (<= ${EXTERNAL_LEAF_BYTES}, outside)`],
    };
    memo.set(title, r);
    return r;
  }
  if (visiting.has(title)) {
    problems.push(`recursion through ${frame.name}`);
    return { total: 0, chain: [] };
  }
  visiting.add(title);
  let best = { total: 0, chain: [] };
  for (const callee of calls.get(title) ?? []) {
    const r = deepest(callee);
    if (r.total > best.total) best = r;
  }
  visiting.delete(title);
  const r = {
    total: frame.bytes + best.total,
    chain: [`${frame.name} ${frame.bytes}`, ...best.chain],
  };
  memo.set(title, r);
  return r;
}

/** The most core stack under a call through a board hook, from this function. */
function underHook(title, seen = new Set()) {
  if (title === HOOK) return 0;
  const frame = frames.get(title);
  if (!frame || seen.has(title)) return -Infinity;
  seen.add(title);
  let best = -Infinity;
  for (const callee of calls.get(title) ?? []) best = Math.max(best, underHook(callee, seen));
  seen.delete(title);
  return best === -Infinity ? best : frame.bytes + best;
}

const all = [...frames.values()].sort((a, b) => b.bytes - a.bytes);
const top = all[0];
console.log(`deepest frame: ${top.name} ${top.bytes} bytes (${top.where})`);
console.log(
  `next: ${all
    .slice(1, 5)
    .map((f) => `${f.name} ${f.bytes}`)
    .join(', ')}`,
);

const entries = [...frames.keys()].filter((t) => /^mia_(cup_|x25519)/.test(t)).sort();
let worst = null;
let worstHook = { bytes: -Infinity, entry: '' };
for (const title of entries) {
  const r = deepest(title);
  const hook = underHook(title);
  if (!worst || r.total > worst.r.total) worst = { title, r };
  if (hook > worstHook.bytes) worstHook = { bytes: hook, entry: frames.get(title).name };
  const hookText = hook === -Infinity ? '' : `; ${hook} under a board hook`;
  console.log(`  ${frames.get(title).name}: ${r.total} bytes${hookText}`);
}
console.log(`worst chain: ${worst.r.total} bytes: ${worst.r.chain.join(' > ')}`);
console.log(
  `board hooks run with at most ${worstHook.bytes} bytes of core stack below them ` +
    `(${worstHook.entry}); add the hook's own use`,
);
console.log(`(calls to memcpy/memset/libgcc counted as ${EXTERNAL_LEAF_BYTES} bytes each)`);
if (worst.r.total > budget) problems.push(`worst chain ${worst.r.total} > budget ${budget}`);
if (problems.length > 0) {
  console.error(`stack report: ${problems.join('; ')}`);
  process.exit(1);
}
