/** 4.4 and 4.5 (Control requests, request ids, every error status) and 4.6 (Config limits). */
import {
  Capability,
  CONFIG_FIELDS,
  decodeReply,
  encodeConfig,
  type Config,
} from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import type { CheckId } from './report';
import { receivedOf, sentOf, shown, sleep, type Exchange } from './wire';

function judge(
  ctx: CheckContext,
  id: CheckId,
  pairs: [Exchange, string][],
  expected?: string,
): boolean {
  const wrong = pairs.filter(([x, want]) => ctx.statusOf(x) !== want);
  return ctx.record(id, wrong.length === 0, {
    sent: pairs.map(([x]) => sentOf(x)),
    received: pairs.flatMap(([x]) => receivedOf(x)),
    expected:
      expected ??
      pairs.map(([x, want]) => `${shown('', x.sent.subarray(0, 1)).trim()}: ${want}`).join(', '),
    got: wrong
      .map(([x]) => `${shown('', x.sent.subarray(0, 1)).trim()}: ${ctx.statusOf(x)}`)
      .join(', '),
  });
}

export async function controlChecks(ctx: CheckContext): Promise<void> {
  const req = (bytes: number[]) => ctx.wire.request(bytes);
  const identify = (rid: number, tail: number[] = []) =>
    req([0x01, rid, 0x01, 0x64, 0x00, ...tail]);

  ctx.running('control.request-id');
  const ids = [0x00, 0x7f, 0xff, ctx.wire.nextId(), ctx.wire.nextId()];
  const echoes: Exchange[] = [];
  for (const rid of ids) echoes.push(await identify(rid));
  const unechoed = echoes.filter((x) => !x.matched);
  ctx.record('control.request-id', unechoed.length === 0, {
    sent: echoes.map(sentOf),
    received: echoes.flatMap(receivedOf),
    expected: 'each reply echoes opcode and request id',
    got: unechoed
      .map((x) => `id ${x.sent[1]}: ${x.reply ? `id ${x.reply[1]}` : 'no-reply'}`)
      .join(', '),
  });

  ctx.running('control.unknown-opcode');
  judge(ctx, 'control.unknown-opcode', [
    [await req([0x00, ctx.wire.nextId()]), 'unknown_opcode'],
    [await req([0x7f, ctx.wire.nextId()]), 'unknown_opcode'],
    [await req([0xff, ctx.wire.nextId(), 0x01, 0x02]), 'unknown_opcode'],
  ]);

  ctx.running('control.too-short');
  const short: Exchange[] = [];
  for (const bytes of [[], [0x01]]) {
    const from = ctx.wire.frames.length;
    const x = await ctx.wire.request(bytes, 0);
    await sleep(ctx.quietMs);
    const reply = ctx.wire.frames.slice(from).find((f) => f.source === 'reply');
    short.push({ ...x, reply: reply?.bytes ?? null, matched: false });
  }
  // A stack that acknowledges every write (capability bit 8, PROTOCOL.md 10.1) cannot refuse
  // it: the cup then ignores it, and no Reply is what counts.
  const ackedWrites = !!ctx.info && (ctx.info.capabilities & Capability.ackedWrites) !== 0;
  const refused = short.filter((x) => (ackedWrites || x.writeError !== null) && x.reply === null);
  ctx.record('control.too-short', refused.length === short.length, {
    sent: short.map(sentOf),
    received: short.flatMap(receivedOf),
    expected: ackedWrites ? 'no reply (capability bit 8)' : 'att-error 0x0d, no reply',
    got: short
      .filter((x) => !refused.includes(x))
      .map((x) => (x.reply ? 'a reply' : 'write accepted'))
      .join(', '),
  });

  ctx.running('control.bad-length');
  const rid = () => ctx.wire.nextId();
  judge(ctx, 'control.bad-length', [
    [await req([0x01, rid(), 0x01, 0x64]), 'bad_length'],
    [await req([0x02, rid(), 0x00]), 'bad_length'],
    [await req([0x04, rid(), 0xb0, 0x04, 0xfa, 0x00, 0xc8]), 'bad_length'],
    [await req([0x04, rid(), ...new Array<number>(9).fill(0)]), 'bad_length'],
    [await req([0x06, rid(), ...new Array<number>(15).fill(0)]), 'bad_length'],
    [await req([0x07, rid(), ...new Array<number>(15).fill(0)]), 'bad_length'],
  ]);

  ctx.running('control.too-long');
  judge(ctx, 'control.too-long', [
    [await req([0x03, rid(), ...new Array<number>(19).fill(0)]), 'bad_length'],
    [await req([0x01, rid(), 0x01, 0x64, 0x00, ...new Array<number>(16).fill(0)]), 'bad_length'],
  ]);

  ctx.running('control.bad-value');
  judge(ctx, 'control.bad-value', [
    [await req([0x01, rid(), 0x00, 0x64, 0x00]), 'bad_value'],
    [await req([0x01, rid(), 0x05, 0x64, 0x00]), 'bad_value'],
    [await req([0x01, rid(), 0x01, 0x63, 0x00]), 'bad_value'],
    [await req([0x01, rid(), 0x01, 0x11, 0x27]), 'bad_value'],
  ]);

  ctx.running('control.trailing-bytes');
  const config = await req([0x03, rid(), ...new Array<number>(18).fill(0xee)]);
  const ok = judge(ctx, 'control.trailing-bytes', [
    [await identify(rid(), [0xee, 0xee, 0xee]), 'ok'],
    [config, 'ok'],
    [await req([0x08 + 0x7a, rid(), 0xee]), 'unknown_opcode'],
  ]);
  if (ok && config.reply && config.reply.length !== 13) {
    ctx.results.delete('control.trailing-bytes');
    ctx.record('control.trailing-bytes', false, {
      sent: [sentOf(config)],
      received: receivedOf(config),
      expected: 'read_config reply of 13 bytes',
      got: `${config.reply.length} bytes`,
    });
  }
}

/** A write_config frame of any values (out of range too). */
function writeConfigBytes(id: number, values: number[]): number[] {
  return [0x04, id, ...values.flatMap((v) => [v & 0xff, (v >> 8) & 0xff])];
}

const valuesOf = (c: Config) => CONFIG_FIELDS.map(({ field }) => c[field]);

export async function configChecks(ctx: CheckContext): Promise<void> {
  const original = ctx.config;
  if (!original) {
    ctx.skipRest(['config.read', 'config.out-of-range', 'config.edges'], 'blocked');
    return;
  }
  ctx.record('config.read', true, {
    sent: ['control 03 …'],
    received: [`reply … ${shown('', encodeConfig(original))}`],
  });
  const base = valuesOf(original);
  const readBack = async () => {
    const x = await ctx.wire.request([0x03, ctx.wire.nextId()]);
    const r = x.reply ? decodeReply(x.reply) : null;
    return {
      x,
      config: r?.ok && r.value.status === 'ok' && 'config' in r.value ? r.value.config : null,
    };
  };

  ctx.running('config.out-of-range');
  const pairs: [Exchange, string][] = [];
  for (const [i, { min, max, also }] of CONFIG_FIELDS.entries()) {
    for (const bad of [min - 1, max + 1]) {
      if (bad === also || bad < 0) continue;
      const values = [...base];
      values[i] = bad;
      pairs.push([
        await ctx.wire.request(writeConfigBytes(ctx.wire.nextId(), values)),
        'bad_value',
      ]);
    }
  }
  const after = await readBack();
  const unchanged = after.config !== null && valuesOf(after.config).join() === base.join();
  const statusesOk = judge(ctx, 'config.out-of-range', pairs, 'bad_value, config unchanged');
  if (statusesOk && !unchanged) {
    ctx.results.delete('config.out-of-range');
    ctx.record('config.out-of-range', false, {
      sent: [sentOf(after.x)],
      received: receivedOf(after.x),
      expected: `config ${base.join(', ')}`,
      got: after.config ? `config ${valuesOf(after.config).join(', ')}` : 'unreadable',
    });
  }

  ctx.running('config.edges');
  const edges = [
    [8000, 50, 20, 5, 0],
    [8000, 5000, 2000, 2000, 43200],
  ];
  const tried: Exchange[] = [];
  const problems: string[] = [];
  for (const values of edges) {
    const x = await ctx.wire.request(writeConfigBytes(ctx.wire.nextId(), values));
    tried.push(x);
    const reply = ctx.replyOf(x);
    const echoed = reply && 'config' in reply ? valuesOf(reply.config).join() : null;
    if (echoed !== values.join())
      problems.push(`${values.join(', ')}: ${ctx.statusOf(x)} ${echoed ?? ''}`);
  }
  const back = await ctx.wire.request(writeConfigBytes(ctx.wire.nextId(), base));
  tried.push(back);
  if (ctx.statusOf(back) !== 'ok') problems.push(`restore: ${ctx.statusOf(back)}`);
  ctx.record('config.edges', problems.length === 0, {
    sent: tried.map(sentOf),
    received: tried.flatMap(receivedOf),
    expected: 'ok, reply carries the written config',
    got: problems.join('; '),
  });
}
