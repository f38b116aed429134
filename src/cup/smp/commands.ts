/**
 * The SMP commands the app uses (PROTOCOL.md 9.3), typed: image state (read; write to test or
 * confirm), image upload, the buffer parameters, reset.
 */
import { boolField, bytesField, textField, uintField, type CborMap } from './cbor';
import { SmpProtocolError, type SmpClient } from './client';
import { SmpCommand, SmpGroup, SmpOp } from './constants';
import { deviceText } from '../device-text';

/** One slot of the cup's image state. */
export interface SlotState {
  image: number;
  slot: number;
  version: string;
  hash: Uint8Array;
  bootable: boolean;
  pending: boolean;
  confirmed: boolean;
  active: boolean;
  permanent: boolean;
}

export function slotsOf(body: CborMap): SlotState[] {
  const images = body.images;
  if (!Array.isArray(images)) throw new SmpProtocolError('an image state without images');
  return images.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    if (entry instanceof Uint8Array) return [];
    const e = entry as CborMap;
    const hash = bytesField(e, 'hash');
    const version = textField(e, 'version');
    const slot = uintField(e, 'slot');
    if (!hash || version === undefined || slot === undefined) return [];
    return [
      {
        image: uintField(e, 'image') ?? 0,
        slot,
        version: deviceText(version),
        hash,
        bootable: boolField(e, 'bootable') ?? false,
        pending: boolField(e, 'pending') ?? false,
        confirmed: boolField(e, 'confirmed') ?? false,
        active: boolField(e, 'active') ?? false,
        permanent: boolField(e, 'permanent') ?? false,
      },
    ];
  });
}

/** The image the cup runs: the active slot of image 0 (slot 0 when none says it is active). */
export function runningSlot(slots: SlotState[]): SlotState | undefined {
  const image0 = slots.filter((s) => s.image === 0);
  return image0.find((s) => s.active) ?? image0.find((s) => s.slot === 0);
}

export async function readImageState(client: SmpClient): Promise<SlotState[]> {
  return slotsOf(
    await client.request('image state', SmpOp.read, SmpGroup.image, SmpCommand.state, {}),
  );
}

/** Mark an image to run once at the next reset (`confirm` false), or confirm one for good. */
export async function writeImageState(
  client: SmpClient,
  hash: Uint8Array | undefined,
  confirm: boolean,
): Promise<SlotState[]> {
  const body: CborMap = hash ? { hash, confirm } : { confirm };
  const what = confirm ? 'image confirm' : 'image test';
  const reply = await client.request(what, SmpOp.write, SmpGroup.image, SmpCommand.state, body);
  return Array.isArray(reply.images) ? slotsOf(reply) : [];
}

export interface UploadChunk {
  off: number;
  data: Uint8Array;
  /** Only with the first chunk (off 0): the image's length and the SHA-256 of the file. */
  first?: { len: number; sha: Uint8Array };
}

export function uploadBody(chunk: UploadChunk): CborMap {
  return chunk.first
    ? { image: 0, len: chunk.first.len, off: chunk.off, sha: chunk.first.sha, data: chunk.data }
    : { off: chunk.off, data: chunk.data };
}

/** Send one chunk; resolves with the offset the cup expects next. */
export async function uploadChunk(client: SmpClient, chunk: UploadChunk): Promise<number> {
  const reply = await client.request(
    'image upload',
    SmpOp.write,
    SmpGroup.image,
    SmpCommand.upload,
    uploadBody(chunk),
  );
  const off = uintField(reply, 'off');
  if (off === undefined) throw new SmpProtocolError('an upload response without an offset');
  return off;
}

/** The cup's SMP buffer size, or undefined when it does not say (older firmware). */
export async function readBufferSize(client: SmpClient): Promise<number | undefined> {
  try {
    const reply = await client.request('params', SmpOp.read, SmpGroup.os, SmpCommand.params, {});
    return uintField(reply, 'buf_size');
  } catch (error) {
    // An older firmware has no such command: it answers an error, or nothing.
    const name = (error as Error).name;
    if (name === 'SmpStatusError' || name === 'CupTimeoutError' || name === 'SmpProtocolError') {
      return undefined;
    }
    throw error;
  }
}

export async function resetCup(client: SmpClient): Promise<void> {
  await client.request('reset', SmpOp.write, SmpGroup.os, SmpCommand.reset, {});
}
