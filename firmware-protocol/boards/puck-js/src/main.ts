/**
 * The Puck.js firmware's entry point (bundled by ../bundle.mjs into mia-cup.js, which
 * `npm run cup:flash` stores as the Puck's boot code). Espruino's globals become the board's
 * `Espruino` object; the core is the blob in the Storage file `mia-core.bin`.
 */
import { PuckFirmware } from './calibration';
import type { EApi, Espruino, Nrf, Pin, PuckApi, StorageApi } from './espruino';
import { NativeCore } from './native-core';

declare const NRF: Nrf;
declare const Puck: PuckApi;
declare const E: EApi;
declare const LED1: Pin;
declare const LED2: Pin;
declare const LED3: Pin;
declare const BTN: Pin;
declare function require(name: 'Storage'): StorageApi;
declare function digitalWrite(pin: Pin, value: boolean): void;
declare function digitalRead(pin: Pin): number;
declare function peek32(address: number): number;
declare function setWatch(...args: Parameters<Espruino['setWatch']>): number;
declare function getTime(): number;

const env: Espruino = {
  NRF,
  Puck,
  E,
  Storage: require('Storage'),
  LED1,
  LED2,
  LED3,
  BTN,
  digitalWrite: (pin, value) => digitalWrite(pin, value),
  digitalRead: (pin) => digitalRead(pin),
  peek32: (address) => peek32(address),
  setWatch: (callback, pin, options) => setWatch(callback, pin, options),
  setInterval: (callback, ms) => setInterval(callback, ms) as unknown as number,
  clearInterval: (id) => clearInterval(id),
  setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
  clearTimeout: (id) => clearTimeout(id),
  getTime: () => getTime(),
};

let core: NativeCore | null = null;
const firmware = new PuckFirmware(
  env,
  (hooks) => (core = new NativeCore(env, hooks)),
  () => core?.storageChanged(),
);
firmware.start();
