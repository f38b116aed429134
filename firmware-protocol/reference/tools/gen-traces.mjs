// Generates the detector traces in ../traces/: synthetic but physically shaped accelerometer
// and lid-sensor recordings, each with the events it must (and only it must) produce.
//   node firmware-protocol/reference/tools/gen-traces.mjs
// Deterministic (seeded noise): running it again rewrites the same files. The traces are kept
// in the repository as data; the C tests read them (test/test_traces.c).
//
// <name>.csv           # header lines, then t_ms,x_mg,y_mg,z_mg,lid (an empty field = no reading)
// <name>.expected.csv  event,t_min_ms,t_max_ms,value_min,value_max,peak_min_mg,peak_max_mg
//   value = duration (shake_ended) or open time (lid_closed), in ms. Ranges come from the
//   physical scenario the generator drew (when the motion began and stopped, the true largest
//   magnitude), not from running the detector.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { handlingTraces } from './trace-gen/handling-traces.mjs';
import { motionTraces } from './trace-gen/motion-traces.mjs';
import { idealTraces } from './trace-gen/ideal-traces.mjs';
import { sensorTraces } from './trace-gen/sensor-traces.mjs';
import { cupTraces } from './trace-gen/cup-traces.mjs';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'traces');

const traces = [
  ...idealTraces(),
  ...sensorTraces(),
  ...motionTraces(),
  ...handlingTraces(),
  ...cupTraces(),
];

mkdirSync(outDir, { recursive: true });
for (const { t, text, expected } of traces) {
  writeFileSync(join(outDir, `${t.name}.csv`), text);
  const header = 'event,t_min_ms,t_max_ms,value_min,value_max,peak_min_mg,peak_max_mg';
  const body = expected.map((row) => row.join(',')).join('\n');
  writeFileSync(join(outDir, `${t.name}.expected.csv`), header + '\n' + (body ? body + '\n' : ''));
  console.log(`${t.name}: ${expected.length} expected event(s)`);
}
