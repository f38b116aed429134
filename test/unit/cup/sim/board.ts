/** The simulated cup's board in the unit tests: a booted cup with an app connected. */
import {
  decodeEvent,
  decodeReply,
  encodeControl,
  type CupEvent,
  type Reply,
} from '../../../../firmware-protocol/codec';
import { CupFirmware, type FirmwareOptions } from '../../../../src/cup';

/**
 * A booted cup with an app connected and subscribed to everything. The board holds the drop of
 * the unproven link (PROTOCOL.md 6: 5 s) for as long as a test runs, unless it says otherwise.
 */
export async function cup(options: FirmwareOptions = {}) {
  const fw = await CupFirmware.create({
    now: () => Date.now(),
    unprovenDropMs: 3_600_000,
    ...options,
  });
  const out: { c: string; frame: Uint8Array }[] = [];
  fw.notify = (c, frame) => out.push({ c, frame });
  let dropped = 0;
  fw.drop = () => dropped++;
  fw.connect();
  for (const c of ['events', 'state', 'reply', 'battery', 'telemetry'] as const) {
    fw.subscribe(c, true);
  }
  const decoded = <T>(c: string, decode: (f: Uint8Array) => { ok: boolean }) =>
    out.filter((o) => o.c === c).map((o) => (decode(o.frame) as unknown as { value: T }).value);
  return {
    fw,
    out,
    dropped: () => dropped,
    events: () => decoded<CupEvent>('events', decodeEvent),
    replies: () => decoded<Reply>('reply', decodeReply),
    write: (request: Parameters<typeof encodeControl>[0]) => fw.write(encodeControl(request)),
  };
}
