/** The C reference core as WebAssembly, bound to TypeScript (README: "WebAssembly build"). */
export { CupCore } from './core';
export { FIFO_MAX, PEER_BYTES, WRITE_MAX } from './layout';
export type { CoreCharacteristic, CoreNotification, CupHooks, CupSetup, LidSensor } from './setup';
