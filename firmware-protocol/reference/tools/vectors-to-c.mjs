// Turns every golden vector in firmware-protocol/vectors/*.json into C tables for the C tests:
// `vectors` (the frame families and the advertising service data), `auth_vectors`
// (auth.json: key, challenge, answer), `own_vectors` (ownership.json: whole 1.1 exchanges),
// `keys_vectors` (keys.json: 1.2's proofs, tags and key agreement) and `sess_vectors`
// (session.json: whole 1.2 exchanges).
//   node vectors-to-c.mjs <vectors-dir> <out.c>
// Strict on purpose: a family, key or value it does not know is an error, so a vector can never
// be skipped silently (the C core must pass EVERY vector).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error('usage: node vectors-to-c.mjs <vectors-dir> <out.c>');
  process.exit(2);
}

const FAMILIES = {
  info: 'VF_INFO',
  event: 'VF_EVENT',
  state: 'VF_STATE',
  control: 'VF_CONTROL',
  reply: 'VF_REPLY',
  config: 'VF_CONFIG',
  advert: 'VF_ADVERT',
  telemetry: 'VF_TELEMETRY',
  auth: null, // its own schema and table, below
  ownership: null, // likewise
  keys: null,
  session: null,
};
/** The protocol of each file: 1.2, but for what a 1.1 cup does (its proof and exchanges). */
const PROTOCOL = { auth: '1.1', ownership: '1.1' };
const NEWEST = '1.2';
const REASONS = ['too_long', 'truncated', 'unsupported_version', 'unknown_opcode', 'bad_value'];
const STATUS = [
  'ok',
  'unknown_opcode',
  'bad_length',
  'bad_value',
  'busy',
  'not_supported',
  'needs_proof',
  'denied',
  'no_gesture',
];
const EVENT_TYPES = { shake_started: 1, shake_ended: 2, lid_opened: 3, lid_closed: 4, booted: 5 };
const OPS = {
  identify: 1,
  replay_since: 2,
  read_config: 3,
  write_config: 4,
  auth_challenge: 5,
  auth_prove: 6,
  claim: 7,
  release: 8,
  telemetry_start: 9,
  telemetry_stop: 10,
  auth_cup_proof: 11,
  claim_begin: 12,
  claim_key: 13,
  claim_confirm: 14,
  firmware_unlock: 15,
};
/** The 16-byte argument (or result) of each opcode that has one, by its key in a vector. */
const AUTH_ARG = {
  auth_prove: 'answer',
  claim: 'key',
  auth_cup_proof: 'nonce',
  claim_begin: 'keyPart',
  claim_key: 'keyPart',
  claim_confirm: 'confirm',
};
const AUTH_RESULT = {
  auth_challenge: 'challenge',
  auth_cup_proof: 'proof',
  claim_begin: 'keyPart',
  claim_key: 'keyPart',
  claim_confirm: 'confirm',
};
const SEALABLE = [
  'write_config',
  'release',
  'telemetry_start',
  'telemetry_stop',
  'firmware_unlock',
];

/** 1.2: a tag (8 bytes of hex) or null: [bytes, present]. */
function optionalTag(where, v) {
  return v === null ? [[], 0] : [hexExact(where, v, 8), 1];
}
const TELEMETRY_KINDS = { accel: 1, accel2: 2, lid: 3, end: 4 };
const END_REASONS = ['stop', 'limit', 'other'];

function fail(where, message) {
  throw new Error(`${where}: ${message}`);
}

/** Checks that `obj` has exactly the keys `required` plus any of `optional`. */
function keys(where, obj, required, optional = []) {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) fail(where, 'not an object');
  for (const k of required) if (!(k in obj)) fail(where, `missing key ${k}`);
  for (const k of Object.keys(obj)) {
    if (!required.includes(k) && !optional.includes(k)) fail(where, `unknown key ${k}`);
  }
}

function int(where, v, max = 0xffffffff) {
  if (!Number.isInteger(v) || v < 0 || v > max) fail(where, `not an integer 0..${max}: ${v}`);
  return v;
}

function i16(where, v) {
  if (!Number.isInteger(v) || v < -32768 || v > 32767) fail(where, `not an i16: ${v}`);
  return v;
}

function bool(where, v) {
  if (typeof v !== 'boolean') fail(where, `not a boolean: ${v}`);
  return v;
}

function hexBytes(where, hex, maxBytes) {
  if (typeof hex !== 'string' || !/^([0-9a-f]{2})*$/.test(hex)) fail(where, `bad hex ${hex}`);
  const bytes = hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? [];
  if (bytes.length > maxBytes) fail(where, `more than ${maxBytes} bytes`);
  return bytes;
}

/** Exactly n bytes of hex. */
function hexExact(where, hex, n) {
  const bytes = hexBytes(where, hex, n);
  if (bytes.length !== n) fail(where, `not ${n} bytes: ${hex}`);
  return bytes;
}

/** A 1.1 field that is a u32 or null (absent in a 1.0 frame): [value, present]. */
function optionalU32(where, v) {
  return v === null ? [0, 0] : [int(where, v), 1];
}

/** A C string literal: printable ASCII as is, everything else as octal escapes of UTF-8. */
const cStr = (s) =>
  '"' +
  [...Buffer.from(String(s), 'utf8')]
    .map((b) =>
      b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c && b !== 0x3f
        ? String.fromCharCode(b)
        : `\\${b.toString(8).padStart(3, '0')}`,
    )
    .join('') +
  '"';
const arr = (bytes) =>
  `{${bytes.length ? bytes.map((b) => `0x${b.toString(16)}`).join(',') : '0'}}`;

function config(where, c) {
  keys(where, c, ['shakeThresholdMg', 'shakeMinMs', 'shakeGapMs', 'lidDebounceMs', 'idleSleepS']);
  return (
    `{${int(where, c.shakeThresholdMg, 0xffff)}, ${int(where, c.shakeMinMs, 0xffff)}, ` +
    `${int(where, c.shakeGapMs, 0xffff)}, ${int(where, c.lidDebounceMs, 0xffff)}, ` +
    `${int(where, c.idleSleepS, 0xffff)}}`
  );
}

const decoders = {
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

const authEntries = [];
function authVectors(file, doc) {
  if (doc.characteristic !== null || doc.uuid !== null) fail(file, 'auth has no characteristic');
  for (const [i, v] of doc.vectors.entries()) {
    const where = `${file}[${i}] ${v.name}`;
    keys(where, v, ['name', 'key', 'challenge', 'answer'], ['note']);
    authEntries.push(
      `    {.name = ${cStr(v.name)}, .key = ${arr(hexExact(`${where}.key`, v.key, 16))}, ` +
        `.challenge = ${arr(hexExact(`${where}.challenge`, v.challenge, 16))}, ` +
        `.answer = ${arr(hexExact(`${where}.answer`, v.answer, 16))}}`,
    );
  }
}

// ownership.json: must match OWN_MAX_CHALLENGES and OWN_MAX_STEPS in test/vectors.h.
const OWN_MAX_CHALLENGES = 8;
const OWN_MAX_STEPS = 12;
const ownEntries = [];
function ownershipVectors(file, doc) {
  if (doc.characteristic !== null || doc.uuid !== null)
    fail(file, 'ownership has no characteristic');
  const names = new Set();
  for (const [i, v] of doc.vectors.entries()) {
    const where = `${file}[${i}] ${v.name}`;
    keys(where, v, ['name', 'section', 'ownerKey', 'challenges', 'steps'], ['note']);
    if (names.has(v.name)) fail(where, 'duplicate name');
    names.add(v.name);
    if (typeof v.section !== 'string') fail(where, 'section is not a string');
    const key = v.ownerKey === null ? [] : hexExact(`${where}.ownerKey`, v.ownerKey, 16);
    if (!Array.isArray(v.challenges) || v.challenges.length > OWN_MAX_CHALLENGES) {
      fail(where, `challenges: an array of at most ${OWN_MAX_CHALLENGES}`);
    }
    const challenges = v.challenges.map((c, j) => hexExact(`${where}.challenges[${j}]`, c, 16));
    if (!Array.isArray(v.steps) || v.steps.length === 0 || v.steps.length > OWN_MAX_STEPS) {
      fail(where, `steps: an array of 1..${OWN_MAX_STEPS}`);
    }
    let proves = 0;
    const steps = v.steps.map((st, j) => {
      const at = `${where}.steps[${j}]`;
      keys(at, st, ['atMs', 'write', 'reply', 'owned', 'proven', 'drop'], ['note']);
      const write = hexBytes(`${at}.write`, st.write, 20);
      const reply = hexBytes(`${at}.reply`, st.reply, 20);
      if (write.length < 2 || reply.length < 3) fail(at, 'write or reply too short');
      if (write[0] === OPS.auth_prove) proves++;
      if (bool(at, st.drop) && j !== v.steps.length - 1) fail(at, 'only the last step may drop');
      return (
        `{${int(at, st.atMs)}u, ${arr(write)}, ${write.length}, ${arr(reply)}, ${reply.length}, ` +
        `${bool(at, st.owned) ? 1 : 0}, ${bool(at, st.proven) ? 1 : 0}, ${st.drop ? 1 : 0}}`
      );
    });
    if (challenges.length !== proves + 1) {
      fail(where, `${challenges.length} challenges for ${proves} auth_prove (needs one more)`);
    }
    ownEntries.push(
      `    {.name = ${cStr(v.name)}, .has_owner = ${key.length ? 1 : 0}, ` +
        `.owner_key = ${arr(key)}, .challenge_count = ${challenges.length}, ` +
        `.challenges = {${challenges.map(arr).join(', ')}}, .step_count = ${steps.length}, ` +
        `.steps = {\n        ${steps.join(',\n        ')}}}`,
    );
  }
}

// keys.json: 1.2's values, one table row per vector (the fields of its kind, the rest empty).
const KEYS_FIELDS = {
  proof: { key: 16, challenge: 16, nonce: 16, cupProof: 16, appProof: 16, sessionKey: 16 },
  seal: { sessionKey: 16, count: 0, request: -20, tag: 8 },
  reply_seal: { sessionKey: 16, count: 0, reply: 3, tag: 8 },
  claim: {
    appPrivate: 32,
    appPublic: 32,
    cupPrivate: 32,
    cupPublic: 32,
    shared: 32,
    ownerKey: 16,
    appConfirm: 16,
    cupConfirm: 16,
    sessionKey: 16,
  },
};
const KEYS_C = {
  key: 'key',
  challenge: 'challenge',
  nonce: 'nonce',
  cupProof: 'cup_proof',
  appProof: 'app_proof',
  sessionKey: 'session',
  tag: 'tag',
  appPrivate: 'app_priv',
  appPublic: 'app_pub',
  cupPrivate: 'cup_priv',
  cupPublic: 'cup_pub',
  shared: 'shared',
  ownerKey: 'key',
  appConfirm: 'app_confirm',
  cupConfirm: 'cup_confirm',
};
const keysEntries = [];
function keysVectors(file, doc) {
  if (doc.characteristic !== null || doc.uuid !== null) fail(file, 'keys has no characteristic');
  for (const [i, v] of doc.vectors.entries()) {
    const where = `${file}[${i}] ${v.name}`;
    const fields = KEYS_FIELDS[v.kind] ?? fail(where, `unknown kind ${v.kind}`);
    keys(where, v, ['name', 'kind', ...Object.keys(fields)], ['note']);
    const out = [`.name = ${cStr(v.name)}`, `.kind = KV_${v.kind.toUpperCase()}`];
    for (const [k, n] of Object.entries(fields)) {
      if (k === 'count') out.push(`.count = ${int(`${where}.count`, v.count)}u`);
      else if (n < 0) {
        const bytes = hexBytes(`${where}.${k}`, v[k], -n);
        out.push(`.frame = ${arr(bytes)}`, `.frame_len = ${bytes.length}`);
      } else if (k === 'reply') {
        out.push(`.frame = ${arr(hexExact(`${where}.reply`, v.reply, 3))}`, '.frame_len = 3');
      } else out.push(`.${KEYS_C[k]} = ${arr(hexExact(`${where}.${k}`, v[k], n))}`);
    }
    keysEntries.push(`    {${out.join(', ')}}`);
  }
}

// session.json: must match SESS_MAX_RANDOM, SESS_MAX_STEPS and SESS_MAX_REPLIES in vectors.h.
const SESS_MAX_RANDOM = 4;
const SESS_MAX_STEPS = 10;
const SESS_MAX_REPLIES = 2;
const sessEntries = [];
function sessionVectors(file, doc) {
  if (doc.characteristic !== null || doc.uuid !== null) fail(file, 'session has no characteristic');
  const names = new Set();
  for (const [i, v] of doc.vectors.entries()) {
    const where = `${file}[${i}] ${v.name}`;
    keys(where, v, ['name', 'section', 'ownerKey', 'random', 'steps'], ['note']);
    if (names.has(v.name)) fail(where, 'duplicate name');
    names.add(v.name);
    const key = v.ownerKey === null ? [] : hexExact(`${where}.ownerKey`, v.ownerKey, 16);
    if (!Array.isArray(v.random) || v.random.length > SESS_MAX_RANDOM) {
      fail(where, `random: an array of at most ${SESS_MAX_RANDOM}`);
    }
    const random = v.random.flatMap((r, j) => {
      const bytes = hexBytes(`${where}.random[${j}]`, r, 32);
      if (bytes.length !== 16 && bytes.length !== 32) fail(where, 'a draw is 16 or 32 bytes');
      return bytes;
    });
    if (!Array.isArray(v.steps) || v.steps.length === 0 || v.steps.length > SESS_MAX_STEPS) {
      fail(where, `steps: an array of 1..${SESS_MAX_STEPS}`);
    }
    const steps = v.steps.map((st, j) => {
      const at = `${where}.steps[${j}]`;
      const action = ['write', 'lid', 'tick'].filter((k) => k in st);
      if (action.length !== 1) fail(at, 'needs exactly one of write, lid, tick');
      keys(at, st, ['atMs', action[0], 'replies', 'owned', 'proven', 'drop'], ['note']);
      const write = st.write === undefined ? [] : hexBytes(`${at}.write`, st.write, 20);
      const lid = st.lid === undefined ? -1 : int(`${at}.lid`, st.lid, 1);
      if (st.tick !== undefined && st.tick !== true) fail(at, 'tick must be true');
      if (!Array.isArray(st.replies) || st.replies.length > SESS_MAX_REPLIES) {
        fail(at, `replies: an array of at most ${SESS_MAX_REPLIES}`);
      }
      const replies = st.replies.map((r, k) => hexBytes(`${at}.replies[${k}]`, r, 20));
      if (bool(at, st.drop) && j !== v.steps.length - 1) fail(at, 'only the last step may drop');
      const replyRows = replies.map((r) => `{${arr(r)}, ${r.length}}`);
      return (
        `{${int(at, st.atMs)}u, ${arr(write)}, ${write.length}, ${lid}, ` +
        `${replies.length}, {${replyRows.join(', ') || '{{0}, 0}'}}, ` +
        `${bool(at, st.owned) ? 1 : 0}, ${bool(at, st.proven) ? 1 : 0}, ${st.drop ? 1 : 0}}`
      );
    });
    sessEntries.push(
      `    {.name = ${cStr(v.name)}, .has_owner = ${key.length ? 1 : 0}, ` +
        `.owner_key = ${arr(key)}, .random = ${arr(random)}, .random_len = ${random.length}, ` +
        `.step_count = ${steps.length}, .steps = {\n        ${steps.join(',\n        ')}}}`,
    );
  }
}

const entries = [];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
if (files.length === 0) fail(dir, 'no vector files');
for (const file of files) {
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  keys(file, doc, ['family', 'characteristic', 'uuid', 'protocol', 'vectors']);
  if (!(doc.family in FAMILIES)) fail(file, `unknown family ${doc.family}`);
  if (`${doc.family}.json` !== file) fail(file, `family ${doc.family} is not the file name`);
  if (doc.protocol !== (PROTOCOL[doc.family] ?? NEWEST)) {
    fail(file, `protocol ${doc.protocol}, expected ${PROTOCOL[doc.family] ?? NEWEST}`);
  }
  if (!Array.isArray(doc.vectors) || doc.vectors.length === 0) fail(file, 'no vectors');
  if (doc.family === 'auth') {
    authVectors(file, doc);
    continue;
  }
  if (doc.family === 'ownership') {
    ownershipVectors(file, doc);
    continue;
  }
  if (doc.family === 'keys') {
    keysVectors(file, doc);
    continue;
  }
  if (doc.family === 'session') {
    sessionVectors(file, doc);
    continue;
  }
  for (const [i, v] of doc.vectors.entries()) {
    const where = `${file}[${i}] ${v.name}`;
    keys(
      where,
      v,
      ['name', 'direction', 'hex'],
      ['decoded', 'canonical', 'reason', 'status', 'note'],
    );
    if ('decoded' in v === 'reason' in v) fail(where, 'needs exactly one of decoded, reason');
    if (v.direction !== 'cup->app' && v.direction !== 'app->cup') fail(where, 'bad direction');
    const bytes = hexBytes(where, v.hex, 24);
    const fields = [
      `.file = ${cStr(file)}`,
      `.name = ${cStr(v.name)}`,
      `.family = ${FAMILIES[doc.family]}`,
      `.app_to_cup = ${v.direction === 'app->cup' ? 1 : 0}`,
      `.bytes = ${arr(bytes)}`,
      `.len = ${bytes.length}`,
    ];
    if ('decoded' in v) {
      if (typeof v.canonical !== 'boolean') fail(where, 'accepted vector without canonical');
      if ('status' in v) fail(where, 'status on an accepted vector');
      fields.push('.accepted = 1', `.canonical = ${v.canonical ? 1 : 0}`);
      fields.push('.reason = 0', '.status = VEC_NO_STATUS');
      fields.push(decoders[doc.family](`${where} decoded`, v.decoded));
    } else {
      if (!REASONS.includes(v.reason)) fail(where, `unknown reason ${v.reason}`);
      let status = 'VEC_NO_STATUS';
      if ('status' in v) {
        if (v.status === null) status = 'VEC_ATT_ERROR';
        else if (STATUS.includes(v.status)) status = String(STATUS.indexOf(v.status));
        else fail(where, `unknown status ${v.status}`);
      }
      fields.push('.accepted = 0', `.reason = ${cStr(v.reason)}`, `.status = ${status}`);
    }
    entries.push(`    {${fields.join(', ')}}`);
  }
}

const text = `/* Generated by tools/vectors-to-c.mjs from the JSON files in firmware-protocol/vectors/.
 * Do not edit. */
#include "vectors.h"

const vec vectors[] = {
${entries.join(',\n')}
};
const size_t vector_count = sizeof vectors / sizeof vectors[0];

const auth_vec auth_vectors[] = {
${authEntries.join(',\n')}
};
const size_t auth_vector_count = sizeof auth_vectors / sizeof auth_vectors[0];

const own_vec own_vectors[] = {
${ownEntries.join(',\n')}
};
const size_t own_vector_count = sizeof own_vectors / sizeof own_vectors[0];

const keys_vec keys_vectors[] = {
${keysEntries.join(',\n')}
};
const size_t keys_vector_count = sizeof keys_vectors / sizeof keys_vectors[0];

const sess_vec sess_vectors[] = {
${sessEntries.join(',\n')}
};
const size_t sess_vector_count = sizeof sess_vectors / sizeof sess_vectors[0];
`;
if (authEntries.length === 0) fail(dir, 'no auth vectors (auth.json)');
if (ownEntries.length === 0) fail(dir, 'no ownership vectors (ownership.json)');
if (keysEntries.length === 0) fail(dir, 'no keys vectors (keys.json)');
if (sessEntries.length === 0) fail(dir, 'no session vectors (session.json)');
writeFileSync(out, text);
console.log(
  `[vectors] ${entries.length} frame vectors, ${authEntries.length} auth vectors, ` +
    `${ownEntries.length} ownership exchanges, ${keysEntries.length} keys vectors and ` +
    `${sessEntries.length} session exchanges ` +
    `from ${files.length} files -> ${out}`,
);
