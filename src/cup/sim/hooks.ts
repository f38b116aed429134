/**
 * What the simulated board does when the C core calls out to it (randomness, identify, a new
 * Config, a new owner key): the hooks the core is made with, before the board exists.
 */
import { toHex, type Config } from '../../../firmware-protocol/codec';
import type { CupHooks } from '../../../firmware-protocol/wasm';
import type { FirmwareOptions } from './options';

/** The cup blinked and/or buzzed, for this long. */
export interface Identified {
  blink: boolean;
  buzz: boolean;
  durationMs: number;
}

/** The board's side of the hooks. */
export interface CoreOutlets {
  coreIdentified(identified: Identified): void;
  coreConfig(config: Config): void;
  coreOwner(keyHex: string | null): void;
}

/** The hooks for a core whose board is `made.board` once it exists. */
export function boardHooks(made: { board?: CoreOutlets }, options: FirmwareOptions): CupHooks {
  const random = options.random ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  let sameBoot: Uint8Array | null = null;
  // The boot id is the only 4-byte draw (challenges are 16): `sameBootId` keeps the first.
  const draw = (n: number) => {
    if (n !== 4 || !options.faults?.sameBootId) return random(n);
    sameBoot ??= random(n);
    return sameBoot;
  };
  return {
    random: (buf) => buf.set(draw(buf.length)),
    identify: (pattern, durationMs) =>
      made.board?.coreIdentified({ blink: !!(pattern & 1), buzz: !!(pattern & 2), durationMs }),
    configChanged: (config) => made.board?.coreConfig(config),
    ownerChanged: (key) => made.board?.coreOwner(key ? toHex(key) : null),
  };
}
