/**
 * The cup layer: an abstract transport, the Web Bluetooth transport (the only code that touches
 * `navigator.bluetooth`), the simulated cup, and `CupConnection`, which turns either into typed
 * cup events. Nothing here knows the game.
 */
export { CupConnection, type CupConnectionOptions, type LentCup } from './connection';
export * from './events';
export * from './errors';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
export { SimulatedCup, SimulatedTransport } from './simulated';
export { CupFirmware, type FirmwareOptions } from './sim-firmware';
export type { CupFault, CupFaults } from './sim-faults';
export { WebBluetoothTransport } from './web-bluetooth';
export { inMemory, localStorageMemory, type CupMemory, type KnownCup } from './memory';
export type { CupTransport } from './transport';
export type {
  GattCharacteristicLike,
  GattDeviceLike,
  GattServerLike,
  GattServiceLike,
} from './gatt';
export {
  TelemetryRecorder,
  canRecord,
  type RecordedEvent,
  type RecorderPhase,
  type RecordingEnd,
} from './telemetry';
export { TraceBuilder, parseTrace, traceCsv, type TracePoint, type TraceRow } from './trace';
export { canUpdateFirmware } from './smp/available';
export { parseTraceEvents, replayTrace, type TraceEvent } from './sim-replay';
