/** The binding's types: what a board passes to the core (core.ts) and what it gets back. */
import type { Config } from '../codec';

/** The characteristics the core notifies (mia_chr). */
export type CoreCharacteristic = 'events' | 'state' | 'reply' | 'telemetry';
export const CHARACTERISTICS: readonly (CoreCharacteristic | null)[] = [
  null,
  'events',
  'state',
  'reply',
  'telemetry',
];

export interface CoreNotification {
  chr: CoreCharacteristic;
  frame: Uint8Array;
}

/** The board's hooks (each optional, like a NULL hook in C). */
export interface CupHooks {
  /** Fill `buf` with random bytes: the boot id, each connection's challenge. Without it the
   * boot id is 0 and the cup cannot be owned (PROTOCOL.md 6). */
  random?: (buf: Uint8Array) => void;
  /** Blink (pattern bit 0) and/or buzz (bit 1) for durationMs. */
  identify?: (pattern: number, durationMs: number) => void;
  /** The Config changed (write_config): store it. */
  configChanged?: (config: Config) => void;
  /** The owner key changed (claim): store it; null: the cup has no owner any more. */
  ownerChanged?: (key: Uint8Array | null) => void;
}

/** The lid sensor: a switch (digital 0/1) or a level with hysteresis (PROTOCOL.md, mia_lid.h). */
export type LidSensor =
  | { mode: 'digital'; invert: boolean }
  | { mode: 'analog'; invert: boolean; openLevel: number; closedLevel: number };

/** What a board passes at boot (mia_cup_setup, and the Config read back from flash). */
export interface CupSetup {
  firmware: { major: number; minor: number; patch: number };
  /** Capability bits (`Capability` in the codec). */
  capabilities: number;
  /** 8 bytes. */
  deviceId: Uint8Array;
  /** The accelerometer's rate (accelFifo derives sample times from it); 0 means 100. */
  accelRateHz: number;
  lid: LidSensor;
  /** The owner key in flash (16 bytes), or null for a cup without an owner. */
  ownerKey: Uint8Array | null;
  /** A wake from deep sleep (the reset gesture is off), not a power-on. */
  wokeFromSleep: boolean;
  /** The protocol minor the board speaks: 2 (or left out), or 1 for a board that speaks 1.1. */
  protocolMinor?: number;
  /** The Config in flash, or null for the defaults (one out of range gives the defaults). */
  storedConfig: Config | null;
}
