/**
 * The cup layer: an abstract transport, the Web Bluetooth transport (the only code that touches
 * `navigator.bluetooth`), the simulated cup, and `CupConnection`, which turns either into typed
 * cup events. Nothing here knows the game.
 */
export { CupConnection, type CupConnectionOptions, type LentCup } from './connection/connection';
export { openCup, startCup, type CupBinding, type CupKind, type OpenCupOptions } from './open';
export * from './events';
export * from './errors';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './connection/backoff';
export { SimulatedCup, SimulatedTransport } from './sim/simulated';
export { CupFirmware, type FirmwareOptions } from './sim/firmware';
export type { CupFault, CupFaults } from './sim/faults';
export { WebBluetoothTransport } from './link/web-bluetooth';
export { inMemory, localStorageMemory, type CupMemory, type KnownCup } from './connection/memory';
export type { CupTransport } from './link/transport';
export type {
  GattCharacteristicLike,
  GattDeviceLike,
  GattServerLike,
  GattServiceLike,
} from './link/gatt';
export {
  TelemetryRecorder,
  canRecord,
  type RecorderPhase,
  type RecordingEnd,
} from './telemetry/recorder';
export {
  TraceBuilder,
  type RecordedEvent,
  type TraceGap,
  type TracePoint,
  type TraceRow,
} from './telemetry/trace';
export { parseTrace, traceCsv, type ParsedTrace } from './telemetry/trace-file';
export { parseTraceEvents, type TraceEvent } from './telemetry/host-events';
export { canUpdateFirmware, updatedFromComputer } from './smp/available';
