// The decoded value of a frame vector as a C initialiser, one decoder per family
// (vectors-to-c.mjs): every key checked, none unknown.
import {
  arr,
  bool,
  fail,
  hexBytes,
  hexExact,
  i16,
  int,
  keys,
  optionalTag,
  optionalU32,
} from './check.mjs';
import {
  AUTH_ARG,
  AUTH_RESULT,
  END_REASONS,
  EVENT_TYPES,
  OPS,
  SEALABLE,
  STATUS,
  TELEMETRY_KINDS,
} from './protocol.mjs';

function config(where, c) {
  keys(where, c, ['shakeThresholdMg', 'shakeMinMs', 'shakeGapMs', 'lidDebounceMs', 'idleSleepS']);
  return (
    `{${int(where, c.shakeThresholdMg, 0xffff)}, ${int(where, c.shakeMinMs, 0xffff)}, ` +
    `${int(where, c.shakeGapMs, 0xffff)}, ${int(where, c.lidDebounceMs, 0xffff)}, ` +
    `${int(where, c.idleSleepS, 0xffff)}}`
  );
}

export const decoders = {
  info(where, d) {
    keys(where, d, [
      'protocolMajor',
      'protocolMinor',
      'firmware',
      'capabilities',
      'deviceId',
      'eventLogCapacity',
    ]);
    keys(`${where}.firmware`, d.firmware, ['major', 'minor', 'patch']);
    const id = hexBytes(`${where}.deviceId`, d.deviceId, 8);
    if (id.length !== 8) fail(where, 'deviceId is not 8 bytes');
    return (
      `.d.info = {${int(where, d.protocolMajor, 255)}, ${int(where, d.protocolMinor, 255)}, ` +
      `${int(where, d.firmware.major, 255)}, ${int(where, d.firmware.minor, 255)}, ` +
      `${int(where, d.firmware.patch, 255)}, ${int(where, d.capabilities, 0xffff)}, ` +
      `${arr(id)}, ${int(where, d.eventLogCapacity, 0xffff)}}`
    );
  },
  event(where, d) {
    let type;
    let values = [0, 0];
    let payload = [];
    let unknown = 0;
    let hasBootId = 0;
    if (d.type === 'unknown') {
      keys(where, d, ['type', 'seq', 'timeMs', 'typeCode', 'payload']);
      type = int(where, d.typeCode, 255);
      payload = hexBytes(`${where}.payload`, d.payload, 13);
      unknown = 1;
    } else if (d.type === 'shake_ended') {
      keys(where, d, ['type', 'seq', 'timeMs', 'durationMs', 'peakMg']);
      values = [int(where, d.durationMs, 0xffff), int(where, d.peakMg, 0xffff)];
    } else if (d.type === 'lid_closed') {
      keys(where, d, ['type', 'seq', 'timeMs', 'openMs']);
      values = [int(where, d.openMs), 0];
    } else if (d.type === 'booted') {
      keys(where, d, ['type', 'seq', 'timeMs', 'bootId']);
      let bootId;
      [bootId, hasBootId] = optionalU32(`${where}.bootId`, d.bootId);
      values = [bootId, 0];
    } else if (d.type in EVENT_TYPES) {
      keys(where, d, ['type', 'seq', 'timeMs']);
    } else {
      fail(where, `unknown event type ${d.type}`);
    }
    type ??= EVENT_TYPES[d.type];
    return (
      `.d.event = {.ev = {${int(where, d.timeMs)}u, {${values[0]}u, ${values[1]}u}, ` +
      `${int(where, d.seq, 0xffff)}, ${type}}, .has_boot_id = ${hasBootId}, ` +
      `.payload_len = ${payload.length}, .payload = ${arr(payload)}}, ` +
      `.event_unknown = ${unknown}`
    );
  },
  state(where, d) {
    keys(where, d, [
      'lidOpen',
      'shaking',
      'charging',
      'batteryPercent',
      'lastSeq',
      'timeMs',
      'shakeCount',
      'lidOpenCount',
      'oldestSeq',
      'owned',
      'proven',
      'bootId',
    ]);
    const flags =
      (bool(where, d.lidOpen) ? 1 : 0) |
      (bool(where, d.shaking) ? 2 : 0) |
      (bool(where, d.charging) ? 4 : 0) |
      (bool(where, d.owned) ? 8 : 0) |
      (bool(where, d.proven) ? 16 : 0);
    const battery = d.batteryPercent === null ? 255 : int(where, d.batteryPercent, 100);
    const [bootId, hasBootId] = optionalU32(`${where}.bootId`, d.bootId);
    return (
      `.d.state = {.flags = ${flags}, .battery_pct = ${battery}, ` +
      `.last_seq = ${int(where, d.lastSeq, 0xffff)}, .t_ms = ${int(where, d.timeMs)}u, ` +
      `.shake_count = ${int(where, d.shakeCount, 0xffff)}, ` +
      `.lid_open_count = ${int(where, d.lidOpenCount, 0xffff)}, ` +
      `.oldest_seq = ${int(where, d.oldestSeq, 0xffff)}, .boot_id = ${bootId}u, ` +
      `.has_boot_id = ${hasBootId}}, ` +
      `.battery_null = ${d.batteryPercent === null ? 1 : 0}`
    );
  },
  control(where, d) {
    const rid = int(where, d.requestId, 255);
    const op = OPS[d.op] ?? fail(where, `unknown op ${d.op}`);
    let pattern = 0;
    let duration = 0;
    let since = 0;
    let cfg = '{1200, 250, 200, 50, 600}';
    let auth = [];
    let seconds = 0;
    let tag = [[], 0];
    const sealed = SEALABLE.includes(d.op) ? ['tag'] : [];
    if (sealed.length) tag = optionalTag(`${where}.tag`, d.tag);
    if (d.op === 'identify') {
      keys(where, d, ['op', 'requestId', 'blink', 'buzz', 'durationMs']);
      pattern = (bool(where, d.blink) ? 1 : 0) | (bool(where, d.buzz) ? 2 : 0);
      duration = int(where, d.durationMs, 0xffff);
    } else if (d.op === 'replay_since') {
      keys(where, d, ['op', 'requestId', 'sinceSeq']);
      since = int(where, d.sinceSeq, 0xffff);
    } else if (d.op === 'write_config') {
      keys(where, d, ['op', 'requestId', 'config', ...sealed]);
      cfg = config(`${where}.config`, d.config);
    } else if (d.op in AUTH_ARG) {
      const field = AUTH_ARG[d.op];
      keys(where, d, ['op', 'requestId', field]);
      auth = hexExact(`${where}.${field}`, d[field], 16);
    } else if (d.op === 'telemetry_start') {
      keys(where, d, ['op', 'requestId', 'seconds', ...sealed]);
      seconds = int(where, d.seconds, 255);
    } else {
      keys(where, d, ['op', 'requestId', ...sealed]);
    }
    return (
      `.d.control = {.opcode = ${op}, .request_id = ${rid}, .pattern = ${pattern}, ` +
      `.duration_ms = ${duration}, .since_seq = ${since}, .config = ${cfg}, ` +
      `.auth = ${arr(auth)}, .seconds = ${seconds}, .tag = ${arr(tag[0])}, ` +
      `.has_tag = ${tag[1]}}`
    );
  },
  reply(where, d) {
    const rid = int(where, d.requestId, 255);
    const status = STATUS.indexOf(d.status);
    if (status < 0) fail(where, `unknown status ${d.status}`);
    let op;
    let unknown = 0;
    if (d.op === 'unknown') {
      op = int(where, d.opcode, 255);
      unknown = 1;
    } else {
      op = OPS[d.op] ?? fail(where, `unknown op ${d.op}`);
    }
    let first = 0;
    let count = 0;
    let cfg = '{1200, 250, 200, 50, 600}';
    let challenge = [];
    let tag = [[], 0];
    let rate = 0;
    let seconds = 0;
    let frames = 0;
    const base = unknown ? ['op', 'opcode', 'requestId', 'status'] : ['op', 'requestId', 'status'];
    if (status === 0 && d.op === 'replay_since') {
      keys(where, d, [...base, 'firstSeq', 'count']);
      first = int(where, d.firstSeq, 0xffff);
      count = int(where, d.count, 0xffff);
    } else if (status === 0 && (d.op === 'read_config' || d.op === 'write_config')) {
      keys(where, d, [...base, 'config']);
      cfg = config(`${where}.config`, d.config);
    } else if (status === 0 && d.op in AUTH_RESULT) {
      const field = AUTH_RESULT[d.op];
      keys(where, d, [...base, field]);
      challenge = hexExact(`${where}.${field}`, d[field], 16);
    } else if (status === 0 && d.op === 'release') {
      keys(where, d, [...base, 'tag']);
      tag = optionalTag(`${where}.tag`, d.tag);
    } else if (status === 0 && d.op === 'telemetry_start') {
      keys(where, d, [...base, 'rateHz', 'seconds']);
      rate = int(where, d.rateHz, 0xffff);
      seconds = int(where, d.seconds, 255);
    } else if (status === 0 && d.op === 'telemetry_stop') {
      keys(where, d, [...base, 'frames']);
      frames = int(where, d.frames, 0xffff);
    } else {
      keys(where, d, base);
    }
    return (
      `.d.reply = {.opcode = ${op}, .request_id = ${rid}, .status = ${status}, ` +
      `.first_seq = ${first}, .count = ${count}, .config = ${cfg}, ` +
      `.auth = ${arr(challenge)}, .rate_hz = ${rate}, .seconds = ${seconds}, ` +
      `.frames = ${frames}, .tag = ${arr(tag[0])}, .has_tag = ${tag[1]}}, ` +
      `.reply_op_unknown = ${unknown}`
    );
  },
  config(where, d) {
    return `.d.config = ${config(where, d)}`;
  },
  telemetry(where, d) {
    const head = ['seq', 'kind', 'timeMs'];
    let kind;
    let interval = 0;
    let xyz = [
      [0, 0, 0],
      [0, 0, 0],
    ];
    let open = 0;
    let reading = 0;
    let reason = 0;
    let payload = [];
    let unknown = 0;
    if (d.kind === 'accel') {
      keys(where, d, [...head, 'x', 'y', 'z']);
      xyz[0] = [i16(where, d.x), i16(where, d.y), i16(where, d.z)];
    } else if (d.kind === 'accel2') {
      keys(where, d, [...head, 'intervalMs', 'x', 'y', 'z', 'x2', 'y2', 'z2']);
      interval = int(where, d.intervalMs, 255);
      xyz = [
        [i16(where, d.x), i16(where, d.y), i16(where, d.z)],
        [i16(where, d.x2), i16(where, d.y2), i16(where, d.z2)],
      ];
    } else if (d.kind === 'lid') {
      keys(where, d, [...head, 'open', 'reading']);
      open = bool(where, d.open) ? 1 : 0;
      reading = int(where, d.reading, 0xffff);
    } else if (d.kind === 'end') {
      keys(where, d, [...head, 'reason']);
      reason = END_REASONS.indexOf(d.reason);
      if (reason < 0) fail(where, `unknown end reason ${d.reason}`);
    } else if (d.kind === 'unknown') {
      keys(where, d, [...head, 'kindCode', 'payload']);
      kind = int(where, d.kindCode, 255);
      payload = hexBytes(`${where}.payload`, d.payload, 13);
      unknown = 1;
    } else {
      fail(where, `unknown telemetry kind ${d.kind}`);
    }
    kind ??= TELEMETRY_KINDS[d.kind];
    const triple = (t) => `{${t.join(', ')}}`;
    return (
      `.d.telemetry = {.seq = ${int(where, d.seq, 0xffff)}, .kind = ${kind}, ` +
      `.t_ms = ${int(where, d.timeMs)}u, .interval_ms = ${interval}, ` +
      `.xyz = {${triple(xyz[0])}, ${triple(xyz[1])}}, .open = ${open}, ` +
      `.reading = ${reading}, .reason = ${reason}, .payload_len = ${payload.length}, ` +
      `.payload = ${arr(payload)}}, .telemetry_unknown = ${unknown}`
    );
  },
  advert(where, d) {
    keys(where, d, ['owned', 'deviceId']);
    const id = hexExact(`${where}.deviceId`, d.deviceId, 8);
    return `.d.advert = {.flags = ${bool(where, d.owned) ? 1 : 0}, .device_id = ${arr(id)}}`;
  },
};
