/**
 * The Espruino APIs the Puck.js firmware uses, typed from Espruino's reference (the JSON
 * headers of jswrap_bluetooth.c, jswrap_puck.c, jswrap_espruino.c, jswrap_storage.c). The board
 * takes them as one object (`Espruino`), so the same code runs on the Puck (main.ts passes the
 * globals) and in Node against the fake (../fake/fake-espruino.ts).
 */

/** A characteristic as NRF.setServices / NRF.updateServices take it. */
export interface NrfCharacteristic {
  value?: Uint8Array | number[] | string;
  maxLen?: number;
  readable?: boolean;
  /** Espruino gives the characteristic both "write" and "write without response". */
  writable?: boolean;
  notify?: boolean;
  description?: string;
  /** Called after the stack has answered the write (always with success). */
  onWrite?: (evt: { data: ArrayBuffer }) => void;
  /** A write of the CCCD (Espruino 2v15 and later): bit 0 of data[0] is notifications on. */
  onWriteDesc?: (evt: { data: ArrayBuffer }) => void;
}

/** Services by UUID, each its characteristics by UUID (16-bit as "180F", 128-bit in full). */
export type NrfServices = Record<string, Record<string, NrfCharacteristic>>;

export interface NrfAdvertisingOptions {
  /** The GAP Device Name. */
  name?: string;
  /** Advertising interval, ms. */
  interval?: number;
  connectable?: boolean;
}

export interface Nrf {
  /** Only while nothing is connected (it restarts the stack). uart: false removes the console. */
  setServices(data: NrfServices, options?: { uart?: boolean; advertise?: string[] }): void;
  /** New values; `notify: true` also notifies a connected central (errors such as a full TX
   * queue or an unsubscribed CCCD are ignored by Espruino, so a frame may be lost). */
  updateServices(data: NrfServices): void;
  /** Raw advertising data (an array of bytes: the AD structures as sent). */
  setAdvertising(data: number[], options?: NrfAdvertisingOptions): void;
  setScanResponse(data: number[]): void;
  disconnect(): void;
  on(event: 'connect', callback: (address: string) => void): void;
  on(event: 'disconnect', callback: (reason: number) => void): void;
}

export interface Xyz {
  x: number;
  y: number;
  z: number;
}

export interface PuckApi {
  /** 1.6, 12.5, 26, 52, 104 ... Hz. Samples come as 'accel' events. */
  accelOn(hz: number): void;
  accelOff(): void;
  /** Write a register of the LSM6DS3TR-C. */
  accelWr(register: number, value: number): void;
  /** 0.63 .. 80 Hz. Readings come as 'mag' events, in 0.1 uT. */
  magOn(hz: number): void;
  magOff(): void;
  on(event: 'accel', callback: (e: { acc: Xyz; gyro: Xyz }) => void): void;
  on(event: 'mag', callback: (xyz: Xyz) => void): void;
}

/** What E.nativeCall returns: the native function, called with the signature's arguments. */
export type NativeFunction = (block: number, op: number, a: number, b: number) => number;

export interface EApi {
  /** addr: the function's address (bit 0 set for Thumb), or its offset in `data` if given. At
   * most 4 arguments; types void, bool, int, float, double, Pin, JsVar. */
  nativeCall(addr: number, sig: string, data?: string): NativeFunction;
  /** flatAddress true: the address of a flat string's or flat ArrayBuffer's data (a Storage
   * file read with read() is memory-mapped flash), else 0. */
  getAddressOf(v: unknown, flatAddress: boolean): number;
  /** A 32-bit random number from the nRF52's RNG. */
  hwRand(): number;
  /** Battery percentage (a CR2032 between 2.2 V and 2.8 V on a Puck). */
  getBattery(): number;
}

export interface StorageApi {
  /** A memory-mapped string of the file, or undefined. */
  read(name: string): string | undefined;
  write(name: string, data: string | Uint8Array): boolean;
  erase(name: string): void;
}

export type Pin = number;

export interface WatchOptions {
  repeat?: boolean;
  edge?: 'rising' | 'falling' | 'both';
  debounce?: number;
}

/** Everything the firmware touches. */
export interface Espruino {
  NRF: Nrf;
  Puck: PuckApi;
  E: EApi;
  Storage: StorageApi;
  LED1: Pin; // red
  LED2: Pin; // green
  LED3: Pin; // blue
  BTN: Pin;
  digitalWrite(pin: Pin, value: boolean): void;
  digitalRead(pin: Pin): number;
  /** The 32-bit word at an address (the FICR's DEVICEID for the device id). */
  peek32(address: number): number;
  setWatch(
    callback: (e: { state: boolean; time: number }) => void,
    pin: Pin,
    options: WatchOptions,
  ): number;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(id: number): void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
  /** Seconds (a float). */
  getTime(): number;
}
