// The files with a table of their own (vectors-to-c.mjs): auth.json, ownership.json (whole 1.1
// exchanges), keys.json (1.2's values) and session.json (whole 1.2 exchanges).
import { arr, bool, cStr, fail, hexBytes, hexExact, int, keys } from './check.mjs';
import { OPS } from './protocol.mjs';

export const authEntries = [];
export function authVectors(file, doc) {
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
export const ownEntries = [];
export function ownershipVectors(file, doc) {
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
export const keysEntries = [];
export function keysVectors(file, doc) {
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
export const sessEntries = [];
export function sessionVectors(file, doc) {
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
