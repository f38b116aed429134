/** Section 2 (GATT database, Battery, Device Information), 4.1 (Info, versions), 4.3 (State). */
import {
  Capability,
  decodeInfo,
  decodeState,
  Length,
  MAX_FRAME_LENGTH,
  MAX_LOG_CAPACITY,
  seqDistance,
  type CupState,
} from '../../../firmware-protocol/codec';
import type { CheckContext } from './context';
import type { CharacteristicFacts, GattFacts } from './port';
import { shown, sleep } from './wire';
import { escapedDeviceText } from '../device-text';

const props = (c: CharacteristicFacts) =>
  c.properties
    ? Object.entries(c.properties)
        .filter(([, on]) => on)
        .map(([name]) => name)
        .join('+') || 'none'
    : 'unknown';

const WANTED: Record<string, string[]> = {
  info: ['read'],
  events: ['notify'],
  state: ['read', 'notify'],
  control: ['write'],
  reply: ['notify'],
  telemetry: ['notify'],
  battery: ['read', 'notify'],
};

/** Reserved capability bits (9..15 in 1.1; bit 6 is telemetry, bit 7 the firmware update, bit 8
 * a stack that acknowledges every write). */
export const RESERVED_CAPABILITIES = 0xfe00;

/** Capability bit 8 (PROTOCOL.md 10.1), read from Info before the Info checks run. */
async function declaresAckedWrites(ctx: CheckContext): Promise<boolean> {
  const info = decodeInfo(await ctx.wire.readInfo().catch(() => new Uint8Array()));
  return info.ok && (info.value.capabilities & Capability.ackedWrites) !== 0;
}

export async function gattChecks(ctx: CheckContext): Promise<void> {
  ctx.running('gatt.service');
  let facts: GattFacts;
  try {
    facts = await ctx.port.database();
  } catch (error) {
    ctx.record('gatt.service', false, { expected: 'service 1b6f14c6-…', got: String(error) });
    return;
  }
  const chars = facts.characteristics;
  const byName = new Map(chars.map((c) => [c.name, c]));
  const mia = chars.filter((c) => c.name !== 'battery');
  const listing = chars.map((c) => `${c.name}: ${c.found ? props(c) : 'missing'}`);
  // Telemetry is optional (1.1 addition): `telemetry.capability` checks it against bit 6.
  const required = mia.filter((c) => c.name !== 'telemetry');
  ctx.record('gatt.service', facts.service && required.every((c) => c.found), {
    sent: ['discover services'],
    received: listing,
    expected: 'service + info, events, state, control, reply',
    got:
      required
        .filter((c) => !c.found)
        .map((c) => `${c.name}=missing`)
        .join(', ') || 'service=missing',
  });

  ctx.running('gatt.properties');
  const known = mia.filter((c) => c.found && c.properties);
  const wrong = known.filter((c) => WANTED[c.name].some((p) => !c.properties![p as 'read']));
  if (known.length === 0) ctx.skip('gatt.properties', 'not-exercised');
  else
    ctx.record('gatt.properties', wrong.length === 0, {
      received: listing,
      expected: mia.map((c) => `${c.name}: ${WANTED[c.name].join('+')}`).join(', '),
      got: wrong.map((c) => `${c.name}: ${props(c)}`).join(', '),
    });

  ctx.running('gatt.write-with-response');
  const control = byName.get('control');
  const identify = control?.found
    ? await ctx.wire.request([0x01, ctx.wire.nextId(), 0x01, 0x64, 0x00])
    : null;
  const acked = identify !== null && identify.writeError === null;
  // A stack that acknowledges every write itself (capability bit 8, PROTOCOL.md 10.1) may
  // declare write without response too.
  const ackedWrites = await declaresAckedWrites(ctx);
  const noWwr = !control?.properties?.writeWithoutResponse || ackedWrites;
  ctx.record('gatt.write-with-response', acked && noWwr, {
    sent: identify ? [shown('control', identify.sent)] : [],
    received: [`control: ${control ? props(control) : 'missing'}`, acked ? 'write-ack' : 'no-ack'],
    expected: 'write (with response), no writeWithoutResponse (unless capability bit 8)',
    got: !noWwr ? 'writeWithoutResponse' : 'write not acknowledged',
  });

  ctx.running('gatt.cccd');
  const notifying = chars.filter((c) => c.found && WANTED[c.name].includes('notify'));
  const noCccd = notifying.filter((c) => c.cccd === false || c.notifications === false);
  ctx.record('gatt.cccd', noCccd.length === 0, {
    sent: notifying.map((c) => `startNotifications ${c.name}`),
    received: notifying.map(
      (c) =>
        `${c.name}: cccd=${c.cccd === null ? '?' : c.cccd ? 'yes' : 'no'} notifications=${c.notifications ? 'ok' : 'failed'}`,
    ),
    expected: 'CCCD 0x2902 on events, state, reply, battery level',
    got: noCccd.map((c) => `${c.name}: cccd=missing`).join(', '),
  });

  ctx.running('gatt.battery');
  const level = byName.get('battery');
  const battery = await ctx.port.readBattery().catch(() => null);
  const levelOk =
    facts.battery &&
    !!level?.found &&
    (!level.properties || (level.properties.read && level.properties.notify)) &&
    battery?.length === 1 &&
    battery[0] <= 100;
  ctx.record('gatt.battery', levelOk, {
    sent: ['read battery level'],
    received: [battery ? shown('battery', battery) : 'battery service missing'],
    expected: 'service 0x180f, 0x2a19 read+notify, 1 byte 0..100',
    got: battery ? `${battery.length} bytes, ${battery[0]}` : 'missing',
  });

  ctx.running('gatt.device-information');
  const strings = await ctx.port.readStrings().catch(() => null);
  const entries = strings ? Object.entries(strings) : [];
  const badStrings = entries.filter(([, v]) => !v || v.length > MAX_FRAME_LENGTH || !utf8(v));
  ctx.record('gatt.device-information', strings !== null && badStrings.length === 0, {
    sent: ['read 0x2a29, 0x2a24, 0x2a26, 0x2a27'],
    received: entries.map(([k, v]) => (v ? `${k}: "${utf8(v) ?? shown('', v)}"` : `${k}: missing`)),
    expected: 'four UTF-8 strings, each ≤ 20 bytes',
    got: badStrings.map(([k, v]) => `${k}: ${v ? `${v.length} bytes` : 'missing'}`).join(', '),
  });
  ctx.strings = strings;
  ctx.battery = battery;
}

export async function infoChecks(ctx: CheckContext): Promise<boolean> {
  ctx.running('info.frame');
  const bytes = await ctx.wire.readInfo();
  const decoded = decodeInfo(bytes);
  const sent = ['read info'];
  const received = [shown('info', bytes)];
  ctx.record(
    'info.frame',
    decoded.ok && bytes.length >= Length.info && bytes.length <= MAX_FRAME_LENGTH,
    {
      sent,
      received,
      expected: '17 bytes, readable',
      got: decoded.ok ? `${bytes.length} bytes` : `${decoded.reason}: ${decoded.detail}`,
    },
  );
  ctx.running('info.version');
  ctx.record('info.version', bytes.length >= 2 && bytes[0] === 1, {
    sent,
    received,
    expected: 'protocol major 1',
    got: bytes.length >= 2 ? `protocol ${bytes[0]}.${bytes[1]}` : 'truncated',
  });
  if (!decoded.ok) return false;
  const info = decoded.value;
  ctx.info = info;

  ctx.running('info.capabilities');
  const reserved = info.capabilities & RESERVED_CAPABILITIES;
  ctx.record('info.capabilities', reserved === 0, {
    sent,
    received,
    expected: 'capability bits 9..15 = 0',
    got: `capabilities 0x${info.capabilities.toString(16).padStart(4, '0')}`,
  });
  ctx.running('info.capacity');
  const capacity = info.eventLogCapacity;
  ctx.record('info.capacity', capacity >= 1 && capacity <= MAX_LOG_CAPACITY, {
    sent,
    received,
    expected: 'capacity 1..32767',
    got: `capacity ${capacity}`,
  });
  ctx.running('info.stable');
  const again = await ctx.wire.readInfo();
  ctx.record('info.stable', shown('', again) === shown('', bytes), {
    sent: ['read info', 'read info'],
    received: [shown('info', bytes), shown('info', again)],
    expected: 'the same bytes',
    got: shown('info', again),
  });
  ctx.running('info.firmware-revision');
  const { major, minor, patch } = info.firmware;
  const text = ctx.strings?.firmwareRevision ? utf8(ctx.strings.firmwareRevision) : null;
  ctx.record('info.firmware-revision', text === `${major}.${minor}.${patch}`, {
    sent: ['read info', 'read 0x2a26'],
    received: [shown('info', bytes), `firmwareRevision: "${escapedDeviceText(text ?? '')}"`],
    expected: `"${major}.${minor}.${patch}"`,
    got: `"${escapedDeviceText(text ?? '')}"`,
  });
  return true;
}

/** Capability bit 7 is set exactly when the SMP service is there (4.1, 9.1). */
export async function firmwareUpdateCheck(ctx: CheckContext): Promise<void> {
  ctx.running('info.firmware-update');
  const bit = ((ctx.info?.capabilities ?? 0) & Capability.firmwareUpdate) !== 0;
  const smp = (await ctx.port.database()).smp;
  const found = `smp service ${smp ? 'found' : 'not found'}`;
  ctx.record('info.firmware-update', bit === smp, {
    sent: ['read info', 'gatt database'],
    received: [`capabilities bit 7=${+bit}`, found],
    expected: bit ? 'bit 7 set: the SMP service' : 'bit 7 clear: no SMP service',
    got: found,
  });
}

/** Read and decode State (null when unreadable), with the app-clock window it was taken in. */
export async function readState(
  ctx: CheckContext,
): Promise<{ state: CupState | null; bytes: Uint8Array; before: number; after: number }> {
  const read = await ctx.wire.readState();
  const decoded = decodeState(read.bytes);
  return { ...read, state: decoded.ok ? decoded.value : null };
}

export async function stateChecks(ctx: CheckContext): Promise<CupState | null> {
  ctx.running('state.frame');
  const first = await readState(ctx);
  const b = first.bytes;
  const decoded = decodeState(b);
  const sent = ['read state'];
  const received = [shown('state', b)];
  const wantLength = ctx.oneOne ? Length.state11 : Length.state;
  const reservedFlags = b.length > 0 ? b[0] & 0xe0 : 0;
  ctx.record(
    'state.frame',
    decoded.ok && b.length >= wantLength && b.length <= MAX_FRAME_LENGTH && reservedFlags === 0,
    {
      sent,
      received,
      expected: `${wantLength} bytes, readable, flag bits 5..7 = 0`,
      got: decoded.ok ? `${b.length} bytes, flags 0x${b[0].toString(16)}` : decoded.detail,
    },
  );
  const state = first.state;
  if (!state || !ctx.info) {
    ctx.skipRest(['state.log', 'state.clock', 'state.battery'], 'blocked');
    return state;
  }
  ctx.running('state.log');
  const held = seqDistance(state.lastSeq, state.oldestSeq) + 1;
  ctx.record('state.log', held <= ctx.info.eventLogCapacity, {
    sent,
    received,
    expected: `oldest..last ≤ capacity ${ctx.info.eventLogCapacity}`,
    got: `oldest ${state.oldestSeq}, last ${state.lastSeq}: ${held} events`,
  });

  ctx.running('state.clock');
  await sleep(200);
  const second = await readState(ctx);
  const cupMs = second.state ? (second.state.timeMs - state.timeMs) >>> 0 : -1;
  const appMax = second.after - first.before + ctx.slackMs;
  const appMin = second.before - first.after - ctx.slackMs;
  ctx.record('state.clock', cupMs >= Math.max(1, appMin) && cupMs <= appMax, {
    sent: ['read state', 'read state'],
    received: [shown('state', b), shown('state', second.bytes)],
    expected: `ms since boot + ${Math.max(1, Math.round(appMin))}..${Math.round(appMax)}`,
    got: `+${cupMs}`,
  });

  ctx.running('state.battery');
  const level = ctx.battery?.[0];
  const measured = (ctx.info.capabilities & Capability.battery) !== 0;
  const agrees = measured
    ? level !== undefined &&
      (state.batteryPercent === null || Math.abs(state.batteryPercent - level) <= 2)
    : level === 100;
  ctx.record('state.battery', agrees, {
    sent: ['read state', 'read battery level'],
    received: [shown('state', b), ctx.battery ? shown('battery', ctx.battery) : 'battery: missing'],
    expected: measured
      ? 'state battery = battery level'
      : 'battery level 100 (capability bit 4 clear)',
    got: `state ${state.batteryPercent ?? 255}, level ${level ?? '-'}`,
  });
  return state;
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
