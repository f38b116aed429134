/**
 * What the cup keeps in flash (Espruino's Storage): the owner key (16 bytes), the Config record
 * (10 bytes) and the lid calibration (JSON). Every write tells `changed` (Storage may move files
 * on a write, the core's blob among them).
 */
import type { StorageApi } from './espruino';
import { isCalibration, type LidCalibration } from './lid';

export const Files = { ownerKey: 'mia-owner', config: 'mia-config', lid: 'mia-lid.json' } as const;

function bytesOf(text: string | undefined, length: number): Uint8Array | null {
  if (text === undefined || text.length !== length) return null;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export class CupStore {
  constructor(
    private readonly storage: StorageApi,
    private readonly changed: () => void,
  ) {}

  ownerKey(): Uint8Array | null {
    return bytesOf(this.storage.read(Files.ownerKey), 16);
  }

  /** Written (or erased) before returning: the core says `ok` only after this. */
  setOwnerKey(key: Uint8Array | null): void {
    if (key) this.write(Files.ownerKey, key);
    else this.storage.erase(Files.ownerKey);
    this.changed();
  }

  config(): Uint8Array | null {
    return bytesOf(this.storage.read(Files.config), 10);
  }

  setConfig(record: Uint8Array): void {
    this.write(Files.config, record);
    this.changed();
  }

  lidCalibration(): LidCalibration | null {
    const text = this.storage.read(Files.lid);
    if (text === undefined) return null;
    try {
      const value: unknown = JSON.parse(text);
      return isCalibration(value) ? value : null;
    } catch {
      return null;
    }
  }

  setLidCalibration(cal: LidCalibration): void {
    this.write(Files.lid, JSON.stringify(cal));
    this.changed();
  }

  private write(name: string, data: string | Uint8Array): void {
    if (!this.storage.write(name, data)) throw new Error(`Storage: cannot write ${name}`);
  }
}
