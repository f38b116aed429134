/**
 * The lines a session script (core-sessions.ts) may use beyond the command language of
 * `mia_host session` (tools/mia_session.c), expanded here into its commands:
 *   link <ms> [peer]           the app connects (from the 6-byte address given as hex, else
 *                              from an address the cup cannot tell) and subscribes Reply,
 *                              Events, State, Telemetry
 *   own <ms>                   1.2: claim, confirmed by the cup's button (the link is proven)
 *   app <ms> <op> [args]       the app's Control write, encoded by the codec, request ids 1, 2..
 *       identify <ms> | replay_since <seq> | read_config | write_config <5 fields> |
 *       auth_challenge | auth_prove <hex> | claim <hex> | release | telemetry_start <s> |
 *       telemetry_stop
 *   prove <ms> <key>           auth_prove with the answer to the last challenge under key
 *   mutual <ms> <key>          1.2: auth_cup_proof with a fixed nonce, then auth_prove with the
 *                              app's answer to the last challenge; the session is kept
 *   sealed <ms> <op> [args]    1.2: a request as `app`, with the tag of the session kept
 *   claim <ms>                 1.2: claim_begin, claim_key, claim_confirm with a fixed key pair
 *   trace <file> <from> [fifo] [rows]   a file of traces/ as a board feeds it, from ms later
 */
import { readFileSync } from 'node:fs';
import {
  CONFIG_FIELDS,
  DEFAULT_CONFIG,
  encodeConfig,
  agreeOwnerKey,
  appProof,
  claimConfirmation,
  claimSessionKey,
  encodeControl,
  fromHex,
  importOwnerKey,
  proofAnswer,
  requestTag,
  sessionKey,
  toHex,
  type Config,
  type ControlRequest,
} from '../../../firmware-protocol/codec';

/** A command, or one computed from the answers so far (an auth_prove needs the challenge). */
export type Step = string | ((answers: readonly string[]) => Promise<string>);

const NONCE = 'a0b1c2d3e4f5061728394a5b6c7d8e9f';
/** The app's X25519 private key for `claim` (PKCS #8 around 32 fixed bytes). */
const APP_PKCS8 = '302e020100300506032b656e04220420' + '11'.repeat(32);

/** The 16 bytes of the last `ok` Reply of this opcode (hex) in the answers. */
function lastResult(answers: readonly string[], opcode: string): string {
  const line = answers.findLast((a) => new RegExp(`^notify reply ${opcode}..00`).test(a));
  if (!line) throw new Error(`no ok reply ${opcode} yet`);
  return line.slice('notify reply 0c0100'.length, 'notify reply 0c0100'.length + 32);
}

async function appClaimKeys(): Promise<{ key: CryptoKey; pub: Uint8Array }> {
  const algorithm = { name: 'X25519' };
  const key = await crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array(fromHex(APP_PKCS8)),
    algorithm,
    true,
    ['deriveBits'],
  );
  const { x } = await crypto.subtle.exportKey('jwk', key);
  return { key, pub: new Uint8Array(Buffer.from(x!, 'base64url')) };
}

/** The steps of a session's script. */
export function steps(script: string): Step[] {
  let requestId = 0;
  const write = (t: string, request: Record<string, unknown>): string => {
    requestId = (requestId + 1) & 0xff;
    const frame = encodeControl({ ...request, requestId } as ControlRequest);
    return `write ${t} ${toHex(frame)}`;
  };
  const session: { key: CryptoKey | null; count: number } = { key: null, count: 0 };
  const sealed = async (t: string, request: Record<string, unknown>): Promise<string> => {
    if (!session.key) throw new Error('sealed: no session');
    requestId = (requestId + 1) & 0xff;
    const frame = encodeControl({ ...request, requestId } as ControlRequest);
    const tag = await requestTag(session.key, session.count++, frame);
    return `write ${t} ${toHex(frame)}${tag}`;
  };
  const claim = (t: string): Step[] => {
    const keys = appClaimKeys();
    return [
      async () => write(t, { op: 'claim_begin', keyPart: toHex((await keys).pub.subarray(0, 16)) }),
      async () => write(t, { op: 'claim_key', keyPart: toHex((await keys).pub.subarray(16)) }),
      async (answers) => {
        const { key, pub } = await keys;
        const cup = fromHex(lastResult(answers, '0c') + lastResult(answers, '0d'));
        const owner = (await agreeOwnerKey(key, { app: pub, cup }))!;
        [session.key, session.count] = [await claimSessionKey(owner), 0];
        return write(t, { op: 'claim_confirm', confirm: await claimConfirmation(owner, 'app') });
      },
    ];
  };
  const mutual = (t: string, hex: string): Step[] => [
    () => Promise.resolve(write(t, { op: 'auth_cup_proof', nonce: NONCE })),
    async (answers) => {
      const key = await importOwnerKey(hex);
      const challenge = lastResult(answers, '05');
      [session.key, session.count] = [await sessionKey(key, challenge, NONCE), 0];
      return write(t, { op: 'auth_prove', answer: await appProof(key, challenge, NONCE) });
    },
  ];
  return script
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((w) => w[0] !== '')
    .flatMap(([command, t, ...args]): Step[] => {
      if (command === 'link') {
        const subs = ['reply', 'events', 'state', 'telemetry'].map((chr) => `sub ${chr} 1`);
        return [['connect', t, 1, ...args].join(' '), ...subs];
      }
      if (command === 'own') return [...claim(t), `button ${t}`];
      if (command === 'app') return [write(t, request(args))];
      if (command === 'sealed') return [() => sealed(t, request(args))];
      if (command === 'mutual') return mutual(t, args[0]);
      if (command === 'claim') return claim(t);
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
