/**
 * The cup's core as the board sees it: the C reference core behind one interface. On the Puck
 * it is the blob called through E.nativeCall (native-core.ts); in the tests, the WebAssembly
 * build of the same sources (../fake/wasm-core.ts). Times are ms since boot; frames are copies.
 */

/** mia_chr: the characteristics the core notifies. */
export const Chr = { events: 1, state: 2, reply: 3, telemetry: 4 } as const;

export interface CoreHooks {
  /** Blink (pattern bit 0) and/or buzz (bit 1) for durationMs. */
  identify(pattern: number, durationMs: number): void;
  /** A write_config was applied: its 10-byte record (PROTOCOL.md 4.6), to store. */
  configChanged(record: Uint8Array): void;
  /** The owner key (16 bytes) to store before returning, or null: forget it. In 1.2 a claim
   * commits its key when the person at the cup confirms it (the lid, a shake, the button): the
   * claim_confirm's `ok` is queued after this returns. */
  ownerChanged(key: Uint8Array | null): void;
}

/** mia_cup_setup, as this board fills it (an analog lid: a higher level is closed). */
export interface CoreSetup {
  firmware: { major: number; minor: number; patch: number };
  capabilities: number;
  deviceId: Uint8Array;
  accelRateHz: number;
  lid: { openLevel: number; closedLevel: number };
  ownerKey: Uint8Array | null;
  /** The stored Config record, or null for the defaults. */
  config: Uint8Array | null;
}

export interface Notification {
  chr: number;
  frame: Uint8Array;
}

export interface BoardCore {
  /** The board wrote to Storage (files may have moved). */
  storageChanged(): void;
  init(setup: CoreSetup, now: number): void;
  /** Samples (x, y, z in milli-g, oldest first), the last one taken at lastMs. */
  accel(lastMs: number, samples: readonly number[][]): void;
  lid(now: number, level: number): void;
  tick(now: number): void;
  setBattery(percent: number): void;
  /** The link came up (from `peer`, 6 bytes, when Espruino says who) or went down. */
  connected(now: number, up: boolean, peer?: Uint8Array | null): void;
  subscribe(chr: number, on: boolean): void;
  /** 0, or the ATT error the write deserves. */
  controlWrite(now: number, bytes: Uint8Array): number;
  shouldDisconnect(now: number): boolean;
  readInfo(): Uint8Array;
  readState(now: number): Uint8Array;
  readAdvert(): Uint8Array;
  next(now: number): Notification | null;
  maySleep(now: number): boolean;
  busy(): boolean;
  /** A press of the button: it confirms a claim that waits for its gesture (1.2). */
  claimButton(now: number): void;
}
