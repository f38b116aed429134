/** The Config record (PROTOCOL.md 4.6): 10 bytes inside write_config and config replies. */

import { Length } from './constants';
import { bytesOf, checkLength, checkUint, FrameWriter, u16, type FrameInput } from './bytes';
import { accept, reject, type DecodeResult } from './result';

export interface Config {
  /** How far the acceleration magnitude must move from 1 g to count as motion, milli-g. */
  shakeThresholdMg: number;
  /** Motion shorter than this is not a shake, ms. */
  shakeMinMs: number;
  /** A pause shorter than this does not end a shake, ms. */
  shakeGapMs: number;
  /** The lid sensor must hold a new state this long, ms. */
  lidDebounceMs: number;
  /** Deep sleep after this long idle and unconnected, s; 0 = never. */
  idleSleepS: number;
}

export type ConfigField = keyof Config;

/** Field order on the wire, with the accepted range of each. */
export const CONFIG_FIELDS: readonly {
  field: ConfigField;
  min: number;
  max: number;
  /** A value outside min..max that is still valid (idle sleep 0 = never). */
  also?: number;
}[] = [
  { field: 'shakeThresholdMg', min: 100, max: 8000 },
  { field: 'shakeMinMs', min: 50, max: 5000 },
  { field: 'shakeGapMs', min: 20, max: 2000 },
  { field: 'lidDebounceMs', min: 5, max: 2000 },
  { field: 'idleSleepS', min: 30, max: 43200, also: 0 },
];

export const DEFAULT_CONFIG: Readonly<Config> = {
  shakeThresholdMg: 1200,
  shakeMinMs: 250,
  shakeGapMs: 200,
  lidDebounceMs: 50,
  idleSleepS: 600,
};

/** The first field out of range, in wire order, or undefined when the config is valid. */
export function configProblem(config: Config): string | undefined {
  for (const { field, min, max, also } of CONFIG_FIELDS) {
    const value = config[field];
    const inRange = Number.isInteger(value) && value >= min && value <= max;
    if (!inRange && value !== also) {
      const range = also === undefined ? `${min}..${max}` : `${also} or ${min}..${max}`;
      return `config ${field} is ${value}, must be ${range}`;
    }
  }
  return undefined;
}

/** Reads and checks the record at `at`; the caller has checked that 10 bytes are there. */
export function readConfigAt(b: Uint8Array, at: number): DecodeResult<Config> {
  const config: Config = {
    shakeThresholdMg: u16(b, at),
    shakeMinMs: u16(b, at + 2),
    shakeGapMs: u16(b, at + 4),
    lidDebounceMs: u16(b, at + 6),
    idleSleepS: u16(b, at + 8),
  };
  const problem = configProblem(config);
  return problem === undefined ? accept(config) : reject('bad_value', problem);
}

/**
 * Decodes a bare Config record. It is not a frame, so the 20-byte limit does not apply here;
 * trailing bytes are ignored.
 */
export function decodeConfig(input: FrameInput): DecodeResult<Config> {
  const b = bytesOf(input);
  return checkLength(b, Length.config, 'config record', false) ?? readConfigAt(b, 0);
}

/** Appends the record to a frame; throws RangeError when a field is out of range. */
export function writeConfig(w: FrameWriter, config: Config): FrameWriter {
  const problem = configProblem(config);
  if (problem !== undefined) throw new RangeError(problem);
  for (const { field } of CONFIG_FIELDS) w.u16(checkUint(config[field], 0xffff, field), field);
  return w;
}

export function encodeConfig(config: Config): Uint8Array {
  return writeConfig(new FrameWriter(), config).finish('config record');
}
