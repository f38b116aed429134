/**
 * The Mia Cup protocol codec: UUIDs, constants, and a decoder and an encoder for every frame of
 * PROTOCOL.md. Decoders never throw: they return `{ ok: true, value }` or a rejection with a
 * reason code and a detail. Encoders throw `RangeError` when given values the protocol cannot
 * carry (a programming error, not a wire error). Pure TypeScript: no DOM, no Node.
 */

export * from './constants';
export * from './result';
export { bytesOf, fromHex, toHex, type FrameInput } from './bytes';
export * from './seq';
export {
  CONFIG_FIELDS,
  DEFAULT_CONFIG,
  configProblem,
  decodeConfig,
  encodeConfig,
  type Config,
  type ConfigField,
} from './config';
export * from './info';
export * from './event';
export * from './state';
export * from './control';
export * from './reply';
export * from './advert';
export * from './auth';
export * from './keys';
export * from './telemetry';
export * from './gatt';
