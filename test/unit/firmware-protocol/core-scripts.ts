/**
 * The lines a session script (core-sessions.ts) may use beyond the command language of
 * `mia_host session` (tools/mia_session.c), expanded here into its commands:
 *   link <ms>                  the app connects and subscribes Reply, Events, State, Telemetry
 *   app <ms> <op> [args]       the app's Control write, encoded by the codec, request ids 1, 2..
 *       identify <ms> | replay_since <seq> | read_config | write_config <5 fields> |
 *       auth_challenge | auth_prove <hex> | claim <hex> | release | telemetry_start <s> |
 *       telemetry_stop
 *   prove <ms> <key>           auth_prove with the answer to the last challenge under key
 *   trace <file> <from> [fifo] [rows]   a file of traces/ as a board feeds it, from ms later
 */
import { readFileSync } from 'node:fs';
import {
  CONFIG_FIELDS,
  DEFAULT_CONFIG,
  encodeConfig,
  encodeControl,
  proofAnswer,
  toHex,
  type Config,
  type ControlRequest,
} from '../../../firmware-protocol/codec';

/** A command, or one computed from the answers so far (an auth_prove needs the challenge). */
export type Step = string | ((answers: readonly string[]) => Promise<string>);

/** The steps of a session's script. */
export function steps(script: string): Step[] {
  let requestId = 0;
  const write = (t: string, request: Record<string, unknown>): string => {
    requestId = (requestId + 1) & 0xff;
    const frame = encodeControl({ ...request, requestId } as ControlRequest);
    return `write ${t} ${toHex(frame)}`;
  };
  return script
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((w) => w[0] !== '')
    .flatMap(([command, t, ...args]): Step[] => {
      if (command === 'link') {
        const subs = ['reply', 'events', 'state', 'telemetry'].map((chr) => `sub ${chr} 1`);
        return [`connect ${t} 1`, ...subs];
      }
      if (command === 'app') return [write(t, request(args))];
      if (command === 'trace') return trace(t, Number(args[0]), Number(args[1] ?? 0), args[2]);
      if (command !== 'prove') return [[command, t, ...args].filter(Boolean).join(' ')];
      return [
        async (answers) => {
          const last = answers.findLast((line) => /^notify reply 05..00/.test(line));
          if (!last) throw new Error('prove: no auth_challenge answered yet');
          const challenge = last.slice('notify reply 050100'.length);
          return write(t, { op: 'auth_prove', answer: await proofAnswer(args[0], challenge) });
        },
      ];
    });
}

function request([op, ...args]: string[]): Record<string, unknown> {
  const n = args.map(Number);
  switch (op) {
    case 'identify':
      return { op, blink: true, buzz: true, durationMs: n[0] };
    case 'replay_since':
      return { op, sinceSeq: n[0] };
    case 'write_config':
      return { op, config: config(args) };
    case 'auth_prove':
      return { op, answer: args[0] };
    case 'claim':
      return { op, key: args[0] };
    case 'telemetry_start':
      return { op, seconds: n[0] };
    default:
      return { op };
  }
}

/** A Config from its fields in wire order, as text. */
function config(fields: string[]): Config {
  const config = { ...DEFAULT_CONFIG };
  CONFIG_FIELDS.forEach(({ field }, i) => (config[field] = Number(fields[i])));
  return config;
}

/** The record of a Config given as text (for boot's config=). */
export const record = (fields: string): string => toHex(encodeConfig(config(fields.split(' '))));

/**
 * A trace file as a board feeds it (tools/trace_io.c): each row's readings and a tick, `from`
 * ms later; with `fifo`, the samples that many at a time, handed over at the last one's time
 * (ticks still every row, so some come while samples wait in the FIFO). `rows`: the first rows.
 */
function trace(file: string, from: number, fifo: number, rows?: string): string[] {
  const text = readFileSync(`firmware-protocol/reference/traces/${file}`, 'utf8');
  const lines = text.split('\n').filter((line) => /^\d/.test(line));
  const out: string[] = [];
  let batch: string[] = [];
  for (const line of lines.slice(0, rows === undefined ? undefined : Number(rows))) {
    const [t, x, y, z, lid] = line.split(',').map((f) => f.trim());
    const at = from + Number(t);
    if (x !== '' && fifo === 0) out.push(`accel ${at} ${x} ${y} ${z}`);
    if (x !== '' && fifo > 0) batch.push(`${x} ${y} ${z}`);
    if (fifo > 0 && batch.length === fifo) {
      out.push(`fifo ${at} ${batch.join(' ')}`);
      batch = [];
    }
    if (lid) out.push(`lid ${at} ${lid}`);
    out.push(`tick ${at}`);
  }
  return out;
}
