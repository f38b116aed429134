/**
 * The block's layout: the byte offsets of ../native/mia_puck.h, the same numbers (a unit test
 * reads the header and compares).
 */
export const Block = {
  random: 0,
  randomLen: 32,
  randomUsed: 32,
  fired: 33,
  identifyPattern: 34,
  ownerSet: 35,
  identifyMs: 36,
  config: 38,
  key: 48,
  io: 64,
  ioLen: 512,
  cup: 576,
  /** sizeof(mia_cup) is 1776 bytes (1.2, the default 64-event log); the glue checks it fits. */
  cupRoom: 1792,
} as const;

export const Fired = { identify: 0x01, config: 0x02, owner: 0x04, randomShort: 0x80 } as const;

export const SetupAt = {
  fw: 0,
  lidMode: 3,
  caps: 4,
  rate: 6,
  id: 8,
  open: 16,
  closed: 18,
  invert: 20,
  woke: 21,
  hasKey: 22,
  hasConfig: 23,
  config: 24,
} as const;

export const Op = {
  cupSize: 0,
  init: 1,
  accel: 2,
  lid: 3,
  tick: 4,
  battery: 5,
  connected: 6,
  subscribe: 7,
  write: 8,
  shouldDrop: 9,
  forgetOwner: 10,
  readInfo: 11,
  readState: 12,
  readAdvert: 13,
  next: 14,
  maySleep: 15,
  busy: 16,
  claimButton: 17,
} as const;
