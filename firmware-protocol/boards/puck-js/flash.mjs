// `npm run cup:flash`: builds the Puck.js firmware and uploads it to a Puck over Bluetooth with
// Espruino's own command-line tool (the `espruino` package, fetched by npx at a fixed version):
// the blob as the Storage file mia-core.bin, the bundle as the boot code (.bootcde), which
// the tool then loads (the cup starts).
//   npm run cup:flash                     the first Puck whose name contains "Puck.js"
//   npm run cup:flash -- "Puck.js 3f2a"   a Puck by its name (or -- aa:bb:cc:dd:ee:ff)
//   npm run cup:flash -- --dry-run        build, and print the upload command
// A Puck that runs the cup has no console over Bluetooth: hold its button while putting the
// battery in (Espruino then skips the cup's code) and flash within a minute. This is also how
// a Puck cup is updated: it has no over-the-air update of its own (capability bit 7 clear).
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE, OUT, buildBundle } from './bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const ESPRUINO_TOOL = 'espruino@0.1.67';
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const target = args.find((a) => a !== '--dry-run') ?? 'Puck.js';

execFileSync('bash', [join(here, 'native/build.sh')], { stdio: 'inherit' });
await buildBundle();
const blob = join(OUT, 'mia-core-puck.bin');
const device = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(target) ? ['-p', target] : ['-d', target];
const command = [
  '--yes',
  ESPRUINO_TOOL,
  ...device,
  '--storage',
  `mia-core.bin:${blob}`,
  '--storage',
  '.bootcde:-',
  BUNDLE, // with `.bootcde:-` the tool writes the code to that file and loads it
];
console.log(`[puck] npx ${command.join(' ')}`);
if (!dryRun) {
  const run = spawnSync('npx', command, { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
