// Converts an excerpt of a real phone recording from the Oxford step counter data set into a
// trace (README.md, "Traces"): people walking with a phone in the hand, which is how a player
// walks with the cup.
//
//   node firmware-protocol/reference/tools/import-oxford-walk.mjs <accelerometer.csv> \
//     <from_s> <to_s> <every> <name> <rate_hz> "<about>" > traces/<name>.csv
//
// Source: https://github.com/Oxford-step-counter/DataSet, licensed CC BY 4.0
// (https://creativecommons.org/licenses/by/4.0/), by the Oxford step counter project. Two row
// formats: validation/*.csv "t_ns,x,y,z,steps..." and optimisation/data/*/accelerometer.csv
// "t_ns,sensor,x,y,z"; x, y, z in m/s^2 (Android's SensorEvent values, gravity included).
// Changes made (and written into the trace's header): the rows from <from_s> to <to_s> after
// the recording's first sample, every <every>-th of them kept, m/s^2 converted to milli-g
// (/ 9.80665 * 1000, rounded), times in ms from the excerpt's first row; nothing else.
//
// The traces/walk-*-real.csv files, from a clone of that repository at commit 922cc0d
// (<about> as in each file's header):
//   validation/user2_hand_1506421987098.csv 40 70 1 walk-in-hand-real 100
//   optimisation/data/Samsung_Dario_Hard_InHand_1/accelerometer.csv 42 72 1
//     walk-in-hand-real-brisk 221
//   optimisation/data/Pixel_Jamie_Hard_InHand_4/accelerometer.csv 118 148 4
//     walk-in-hand-real-pixel 101
//   optimisation/data/Pixel_Jamie_Hard_SwingingArm_1/accelerometer.csv 0 30 4
//     walk-swinging-arm-real 101
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [file, fromS, toS, everyS, name, rateHz, about] = process.argv.slice(2);
if (!about) {
  console.error(
    'usage: import-oxford-walk.mjs <csv> <from_s> <to_s> <every> <name> <rate_hz> <about>',
  );
  process.exit(2);
}
const G = 9.80665;
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .map((line) => line.trim().split(','))
  .filter((cells) => cells.length >= 4 && /^\d+$/.test(cells[0]))
  .map((cells) => {
    const xyz = (cells.length === 5 ? cells.slice(2, 5) : cells.slice(1, 4)).map(Number);
    return { ns: BigInt(cells[0]), xyz };
  })
  .filter((r) => r.xyz.some((v) => v !== 0)); // the validation files start with a row of zeros
const t0 = rows[0].ns;
const from = t0 + BigInt(Math.round(Number(fromS) * 1e9));
const to = t0 + BigInt(Math.round(Number(toS) * 1e9));
const excerpt = rows
  .filter((r) => r.ns >= from && r.ns < to)
  .filter((_, i) => i % Number(everyS) === 0);
const start = excerpt[0].ns;
const at = file.search(/(validation|optimisation)\//);
const source = at >= 0 ? file.slice(at) : basename(file);
const lines = [
  `# trace: ${name}`,
  `# about: ${about}`,
  `# rate_hz: ${rateHz}`,
  '# lid: digital',
  '# source: Oxford step counter data set, https://github.com/Oxford-step-counter/DataSet (commit 922cc0d)',
  `#   file ${source}, ${fromS}-${toS} s after its first sample`,
  '# licence: CC BY 4.0, https://creativecommons.org/licenses/by/4.0/',
  `# changes: excerpt; every ${everyS === '1' ? 'sample' : `${everyS}th sample`} kept; m/s^2 to milli-g (/ 9.80665 * 1000, rounded); ms from the excerpt's start`,
  't_ms,x_mg,y_mg,z_mg,lid',
  ...excerpt.map((r) => {
    const ms = Number((r.ns - start) / 1000000n);
    return `${ms},${r.xyz.map((v) => Math.round((v / G) * 1000)).join(',')},`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
