// The protocol's names and numbers that vectors-to-c.mjs turns into C (PROTOCOL.md).
export const REASONS = [
  'too_long',
  'truncated',
  'unsupported_version',
  'unknown_opcode',
  'bad_value',
];
export const STATUS = [
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
export const EVENT_TYPES = {
  shake_started: 1,
  shake_ended: 2,
  lid_opened: 3,
  lid_closed: 4,
  booted: 5,
};
export const OPS = {
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
export const AUTH_ARG = {
  auth_prove: 'answer',
  claim: 'key',
  auth_cup_proof: 'nonce',
  claim_begin: 'keyPart',
  claim_key: 'keyPart',
  claim_confirm: 'confirm',
};
export const AUTH_RESULT = {
  auth_challenge: 'challenge',
  auth_cup_proof: 'proof',
  claim_begin: 'keyPart',
  claim_key: 'keyPart',
  claim_confirm: 'confirm',
};
export const SEALABLE = [
  'write_config',
  'release',
  'telemetry_start',
  'telemetry_stop',
  'firmware_unlock',
];

export const TELEMETRY_KINDS = { accel: 1, accel2: 2, lid: 3, end: 4 };
export const END_REASONS = ['stop', 'limit', 'other'];
