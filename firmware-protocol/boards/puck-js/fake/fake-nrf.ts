/**
 * Espruino's NRF object as the Puck's firmware uses it, with the central's side for the tests:
 * connect, read, write, subscribe (a CCCD write), hear notifications. Limits from Espruino's
 * reference: advertising data and scan response at most 31 bytes; services only while nothing
 * is connected (Espruino restarts the stack later); updateServices throws for an unknown UUID
 * or a value longer than maxLen, and drops a notification nobody subscribed to; every write
 * is answered with success before onWrite runs.
 */
import type { NrfAdvertisingOptions, NrfCharacteristic, NrfServices } from '../src/espruino';

export interface HeardNotification {
  service: string;
  characteristic: string;
  bytes: Uint8Array;
}

const bytesOf = (v: NrfCharacteristic['value']): Uint8Array =>
  v === undefined
    ? new Uint8Array()
    : typeof v === 'string'
      ? Uint8Array.from(v, (c) => c.charCodeAt(0))
      : Uint8Array.from(v);

export class FakeNrf {
  services: NrfServices = {};
  options: { uart?: boolean } = {};
  advertising: number[] = [];
  advertisingOptions: NrfAdvertisingOptions = {};
  scanResponse: number[] = [];
  connected = false;
  readonly values = new Map<string, Uint8Array>();
  readonly subscribed = new Set<string>();
  readonly heard: HeardNotification[] = [];
  onNotify: (n: HeardNotification) => void = () => {};
  /** The cup ended the link (NRF.disconnect): the central's side learns it here. */
  onCupDisconnect: () => void = () => {};
  disconnects = 0;
  private readonly listeners: {
    connect: ((a: string) => void)[];
    disconnect: ((r: number) => void)[];
  } = { connect: [], disconnect: [] };

  setServices(data: NrfServices, options: { uart?: boolean } = {}): void {
    if (this.connected) throw new Error('fake NRF: setServices while connected');
    this.services = data;
    this.options = options;
    this.values.clear();
    for (const [s, chars] of Object.entries(data)) {
      for (const [c, spec] of Object.entries(chars))
        this.values.set(`${s}/${c}`, bytesOf(spec.value));
    }
  }

  updateServices(data: NrfServices): void {
    for (const [s, chars] of Object.entries(data)) {
      for (const [c, update] of Object.entries(chars)) {
        const spec = this.services[s]?.[c];
        if (!spec) throw new Error(`Unable to find service with UUID ${s}/${c}`);
        const bytes = bytesOf(update.value);
        if (bytes.length > Math.max(spec.maxLen ?? 1, bytesOf(spec.value).length)) {
          throw new Error(`fake NRF: ${bytes.length} bytes for ${c} (maxLen ${spec.maxLen})`);
        }
        this.values.set(`${s}/${c}`, bytes);
        const key = `${s}/${c}`;
        if (update.notify && spec.notify && this.connected && this.subscribed.has(key)) {
          const n = { service: s, characteristic: c, bytes };
          this.heard.push(n);
          this.onNotify(n);
        }
      }
    }
  }

  setAdvertising(data: number[], options: NrfAdvertisingOptions = {}): void {
    if (data.length > 31) throw new Error('DATA_SIZE: advertising data over 31 bytes');
    this.advertising = data;
    this.advertisingOptions = options;
  }

  setScanResponse(data: number[]): void {
    if (data.length > 31) throw new Error('DATA_SIZE: scan response over 31 bytes');
    this.scanResponse = data;
  }

  disconnect(): void {
    if (!this.connected) return;
    this.disconnects++;
    this.centralDisconnects(0x16);
    this.onCupDisconnect();
  }

  on(event: 'connect' | 'disconnect', callback: (arg: never) => void): void {
    (this.listeners[event] as ((arg: never) => void)[]).push(callback);
  }

  // ------------------------------------------------------------------ the central's side

  centralConnects(address = 'aa:bb:cc:dd:ee:ff public'): void {
    this.connected = true;
    this.subscribed.clear(); // no bonding: CCCDs start off on every link
    for (const l of this.listeners.connect) l(address);
  }

  centralDisconnects(reason = 0x13): void {
    if (!this.connected) return;
    this.connected = false;
    this.subscribed.clear();
    for (const l of this.listeners.disconnect) l(reason);
  }

  read(service: string, characteristic: string): Uint8Array {
    const spec = this.spec(service, characteristic);
    if (!spec.readable) throw new Error(`fake NRF: ${characteristic} is not readable`);
    return Uint8Array.from(this.values.get(`${service}/${characteristic}`) ?? []);
  }

  /** A write (with or without response: Espruino's "writable" is both). */
  write(service: string, characteristic: string, bytes: Uint8Array): void {
    const spec = this.spec(service, characteristic);
    if (!spec.writable) throw new Error(`fake NRF: ${characteristic} is not writable`);
    if (bytes.length > Math.max(spec.maxLen ?? 1, 1)) throw new Error('ATT 0x0D: too long');
    this.values.set(`${service}/${characteristic}`, Uint8Array.from(bytes));
    spec.onWrite?.({ data: Uint8Array.from(bytes).buffer });
  }

  subscribe(service: string, characteristic: string, on: boolean): void {
    const spec = this.spec(service, characteristic);
    if (!spec.notify) throw new Error(`fake NRF: ${characteristic} has no CCCD`);
    const key = `${service}/${characteristic}`;
    if (on) this.subscribed.add(key);
    else this.subscribed.delete(key);
    spec.onWriteDesc?.({ data: Uint8Array.of(on ? 1 : 0, 0).buffer });
  }

  private spec(service: string, characteristic: string): NrfCharacteristic {
    if (!this.connected) throw new Error('fake NRF: not connected');
    const spec = this.services[service]?.[characteristic];
    if (!spec) throw new Error(`fake NRF: no characteristic ${service}/${characteristic}`);
    return spec;
  }
}
