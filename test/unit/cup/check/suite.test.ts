/**
 * The conformance check against simulated cups (fake clock): the good cup passes every check
 * and is left as it was found; each deliberately broken cup fails the check for its fault.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Capability, DEFAULT_CONFIG, newOwnerKey } from '../../../../firmware-protocol/codec';
import { SimulatedCup, type CupFault, type FirmwareOptions } from '../../../../src/cup';
import {
  LinkPort,
  runCheck,
  type CheckId,
  type CheckOptions,
  type CheckReport,
  type PersonRequest,
} from '../../../../src/cup/check';
import { useFakeClock } from '../helpers';

/** WebCrypto calls in flight: the fake clock stands still while one runs (it takes real time). */
let crypto = 0;
beforeEach(() => {
  useFakeClock();
  const subtle = globalThis.crypto.subtle;
  for (const name of ['importKey', 'sign'] as const) {
    const real = subtle[name].bind(subtle) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(subtle, name).mockImplementation(((...args: unknown[]) => {
      crypto++;
      return real(...args).finally(() => crypto--);
    }) as never);
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * What the person does when asked: the action, a tap on "Skip" (`skip`), nothing at all
 * (`nothing`: the time runs out), or "Cancel" on the whole run (`cancel`).
 */
type Person = 'act' | 'skip' | 'nothing' | 'cancel';

/** Run the check, moving the fake clock while it works (WebCrypto needs real turns). */
async function check(
  options: FirmwareOptions = {},
  person: Person | boolean = 'act',
  extra: Partial<CheckOptions> = {},
): Promise<{ report: CheckReport; cup: SimulatedCup; asked: PersonRequest[]; key: string }> {
  const does = person === true ? 'act' : person === false ? 'skip' : person;
  const cancel = new AbortController();
  const key = newOwnerKey();
  const held = options.ownerKey === undefined ? key : options.ownerKey;
  const cup = await SimulatedCup.create({
    now: () => Date.now(),
    ownerKey: key,
    replayPaceMs: 20,
    ...options,
  });
  const asked: PersonRequest[] = [];
  const port = new LinkPort(cup, () => Date.now());
  let finished = false;
  const running = runCheck({
    port,
    now: () => Date.now(),
    ownerKey: () => (held === key ? key : null),
    newKey: newOwnerKey,
    person: {
      // The person does what is asked a moment later, or (act = false) taps "Skip".
      ask: (request) => {
        asked.push(request);
        if (does === 'skip') return new Promise((resolve) => setTimeout(resolve, 100));
        if (does === 'cancel') setTimeout(() => cancel.abort(), 100);
        if (does !== 'act') return new Promise<void>(() => {});
        setTimeout(() => {
          if (request === 'shake') void cup.firmware.shakeFor(1_000);
          else if (request === 'lift') void cup.firmware.liftFor(1_200);
          else cup.firmware.reboot();
        }, 100);
        return new Promise<void>(() => {});
      },
    },
    signal: cancel.signal,
    ...extra,
  }).finally(() => (finished = true));
  const deadline = performance.now() + 60_000;
  while (!finished) {
    if (performance.now() > deadline) throw new Error('the check never finished');
    await new Promise((resolve) => setImmediate(resolve));
    if (crypto === 0) await vi.advanceTimersByTimeAsync(10);
  }
  port.dispose();
  return { report: await running, cup, asked, key };
}

const failed = (report: CheckReport) =>
  report.results.filter((r) => r.verdict === 'fail').map((r) => r.id);
const verdict = (report: CheckReport, id: CheckId) =>
  report.results.find((r) => r.id === id)!.verdict;

describe('the conformance check', () => {
  it('passes every check on the good simulated cup and leaves it as it was', async () => {
    const { report, cup, asked, key } = await check();
    expect(
      failed(report),
      JSON.stringify(
        report.results.filter((r) => r.verdict !== 'pass'),
        null,
        1,
      ),
    ).toEqual([]);
    expect(report.results.filter((r) => r.verdict === 'skip').map((r) => r.id)).toEqual([]);
    expect(asked).toEqual(['shake', 'lift', 'restart']);
    // It wrote other Configs on the way and put the first one back; the owner is unchanged.
    expect(cup.firmware.config).toEqual(DEFAULT_CONFIG);
    expect(cup.firmware.owner.key).toBe(key);
    expect(report.results.find((r) => r.id === 'config.edges')!.sent.length).toBe(3);
  });

  it('claims a cup without an owner for the run and releases it at the end', async () => {
    const { report, cup } = await check({ ownerKey: null });
    expect(failed(report)).toEqual([]);
    expect(verdict(report, 'restore.owner')).toBe('pass');
    expect(cup.firmware.owner.owned).toBe(false);
  });

  it('skips the hands-on checks when the person skips them, and runs the rest', async () => {
    const { report, asked } = await check({}, false);
    expect(asked).toEqual(['shake', 'lift', 'restart']);
    const skipped = report.results.filter((r) => r.verdict === 'skip');
    expect(skipped.map((r) => [r.id, r.skip])).toEqual([
      ['events.shake', 'no-action'],
      ['events.shake-timing', 'no-action'],
      ['events.lid', 'no-action'],
      ['events.lid-timing', 'no-action'],
      ['sequence.consecutive', 'not-exercised'],
      ['sequence.replay-some', 'not-exercised'],
      ['sequence.replay-identical', 'not-exercised'],
      ['boot.restart', 'no-action'],
      ['boot.booted', 'no-action'],
    ]);
    expect(failed(report)).toEqual([]);
  });

  it('fails a hands-on step when the cup senses nothing, saying what was expected', async () => {
    const { report, asked } = await check({}, 'nothing', { personMs: 2_000 });
    expect(asked).toEqual(['shake', 'lift', 'restart']);
    for (const [id, then, names] of [
      ['events.shake', 'events.shake-timing', 'shake_started, shake_ended'],
      ['events.lid', 'events.lid-timing', 'lid_opened, lid_closed'],
      ['boot.restart', 'boot.booted', 'the link drops'],
    ] as const) {
      const result = report.results.find((r) => r.id === id)!;
      expect(result.verdict).toBe('fail');
      expect(result.expected).toBe(`${names}, within 2 s of the request`);
      expect(result.got).toBe('nothing within the time');
      expect(report.results.find((r) => r.id === then)!.skip).toBe('blocked');
    }
    expect(report.counts.fail).toBe(3);
  });

  it('cancelled while it waits for the person: stops, and leaves the cup as it was', async () => {
    const { report, cup, asked } = await check({ ownerKey: null }, 'cancel');
    expect(asked).toEqual(['shake']);
    expect(report.stopped).toBe('CheckCancelled: cancelled');
    expect(verdict(report, 'restore.config')).toBe('pass');
    expect(verdict(report, 'restore.owner')).toBe('pass');
    expect(cup.firmware.owner.owned).toBe(false); // the run's claim was released
    expect(cup.firmware.config).toEqual(DEFAULT_CONFIG);
    expect(report.results.find((r) => r.id === 'boot.restart')!.skip).toBe('cancelled');
    expect(failed(report)).toEqual([]);
  });

  it("checks what needs no proof on another table's cup and leaves the owner alone", async () => {
    const other = newOwnerKey();
    const { report, cup } = await check({ ownerKey: other });
    expect(
      failed(report),
      JSON.stringify(report.results.filter((r) => r.verdict === 'fail')),
    ).toEqual([]);
    expect(verdict(report, 'ownership.needs-proof')).toBe('pass');
    expect(report.results.find((r) => r.id === 'ownership.prove')!.skip).toBe('not-owner');
    expect(report.results.find((r) => r.id === 'config.edges')!.skip).toBe('not-owner');
    expect(cup.firmware.owner.key).toBe(other);
  });

  it('runs a telemetry stream on the good cup and leaves none running', async () => {
    const { report, cup } = await check();
    const numbering = report.results.find((r) => r.id === 'telemetry.numbering')!;
    // The stream carries the board's readings (a cup at rest), numbered from 0, and its end.
    expect(numbering.verdict).toBe('pass');
    expect(numbering.received[0]).toMatch(/^telemetry 00 00 0[123] /);
    expect(numbering.received.at(-1)).toMatch(/^telemetry [0-9a-f]{2} [0-9a-f]{2} 04 /);
    expect(report.results.find((r) => r.id === 'telemetry.busy')!.received).toEqual([
      expect.stringMatching(/^reply telemetry_start #\d+ busy: 09 [0-9a-f]{2} 04$/),
    ]);
    expect(cup.firmware.telemetry.running).toBe(false);
  });

  it('checks that a cup without telemetry has no characteristic and answers unknown_opcode', async () => {
    const { report } = await check({ telemetry: false });
    expect(failed(report)).toEqual([]);
    expect(verdict(report, 'telemetry.capability')).toBe('pass');
    expect(verdict(report, 'telemetry.opcodes')).toBe('pass');
    const skipped = report.results.filter((r) => r.verdict === 'skip');
    expect(skipped.map((r) => [r.id, r.skip])).toEqual(
      [
        'telemetry.needs-proof',
        'telemetry.bad-value',
        'telemetry.start-reply',
        'telemetry.busy',
        'telemetry.numbering',
        'telemetry.frame-length',
        'telemetry.stop-end',
        'telemetry.stop-count',
      ].map((id) => [id, 'no-telemetry']),
    );
  });

  const faults: [CupFault, CheckId][] = [
    ['longFrame', 'frames.max-length'],
    ['reusedRequestId', 'control.request-id'],
    ['replaySkipsOne', 'sequence.replay-wrap'],
    ['replayIgnoresWrap', 'sequence.replay-wrap'],
    ['missingCccd', 'gatt.cccd'],
    ['wrongUnknownStatus', 'control.unknown-opcode'],
    ['sameBootId', 'boot.restart'],
    ['configWithoutProof', 'ownership.needs-proof'],
    ['noBusy', 'sequence.busy'],
    ['writeWithoutResponse', 'gatt.write-with-response'],
    ['telemetryWithoutProof', 'telemetry.needs-proof'],
    ['telemetryFromOne', 'telemetry.numbering'],
    ['telemetryNoEnd', 'telemetry.stop-end'],
  ];
  it('accepts write without response on Control from a cup with capability bit 8 (10.1)', async () => {
    const { report } = await check({
      capabilities: Capability.ackedWrites,
      faults: { writeWithoutResponse: true },
    });
    expect(verdict(report, 'gatt.write-with-response')).toBe('pass');
    expect(verdict(report, 'info.capabilities')).toBe('pass');
    expect(verdict(report, 'control.too-short')).toBe('pass');
  });

  it.each(faults)('catches a cup with the fault %s: %s fails', async (fault, id) => {
    const { report } = await check({ faults: { [fault]: true } });
    expect(
      verdict(report, id),
      JSON.stringify([report.stopped, report.results.find((r) => r.id === id)]),
    ).toBe('fail');
    // Every failure says what came back and what was required.
    for (const r of report.results.filter((x) => x.verdict === 'fail')) {
      expect(r.received.length, r.id).toBeGreaterThan(0);
      expect(r.expected, r.id).toMatch(/\w/);
      expect(r.got, r.id).toMatch(/\w/);
    }
  });
});
