/**
 * The conformance check against simulated cups (fake clock): the good cup passes every check
 * and is left as it was found; each deliberately broken cup fails the check for its fault.
 */
import { describe, expect, it } from 'vitest';
import { Capability, DEFAULT_CONFIG, newOwnerKey } from '../../../../firmware-protocol/codec';
import type { CupFault } from '../../../../src/cup';
import { STOPPED_BY_CANCEL, type CheckId } from '../../../../src/cup/check';
import { check, failed, useCheckClock, verdict } from './run-check';

useCheckClock();

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
    // A 1.2 cup this app owns: not claimed nor released for the run, no 1.1 claim to deny.
    expect(report.results.filter((r) => r.verdict === 'skip').map((r) => [r.id, r.skip])).toEqual([
      ['ownership.claim-gesture', 'owned-at-start'],
      ['ownership.claim-denied', 'other-version'],
      ['ownership.release-sealed', 'owned-at-start'],
      ['ownership.release-unowned', 'key-kept'],
      ['ownership.unowned-identify', 'key-kept'],
      ['ownership.unowned-denied', 'key-kept'],
    ]);
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
    // (The ownership checks a 1.2 cup owned at the start skips: the first test.)
    const skipped = report.results.filter(
      (r) => r.verdict === 'skip' && !r.id.startsWith('ownership.'),
    );
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
    const { report, cup, asked } = await check(
      { ownerKey: null, protocol: { major: 1, minor: 1 } },
      'cancel',
    );
    expect(asked).toEqual(['shake']);
    expect(report.stopped).toBe(STOPPED_BY_CANCEL);
    expect(verdict(report, 'restore.config')).toBe('pass');
    expect(verdict(report, 'restore.owner')).toBe('pass');
    expect(cup.firmware.owner.owned).toBe(false); // the run's claim was released
    expect(cup.firmware.config).toEqual(DEFAULT_CONFIG);
    expect(report.results.find((r) => r.id === 'boot.restart')!.skip).toBe('cancelled');
    expect(failed(report)).toEqual([]);
  });

  it('says where it could not go on when the cup stops connecting, and skips what is left', async () => {
    let opens = 0;
    const { report } = await check({}, 'act', (port) => ({
      // The cup is gone after the run's first two connections (its battery died).
      port: new Proxy(port, {
        get: (target, name) => {
          if (name === 'open')
            return () => (++opens > 2 ? Promise.reject(new Error('out of range')) : target.open());
          const value: unknown = Reflect.get(target, name);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    }));
    expect(report.blocked).toEqual({ at: 'ownership.third-denied-drops', reason: 'reconnect' });
    expect(verdict(report, 'ownership.third-denied-drops')).toBe('pass');
    expect(report.results.find((r) => r.id === 'control.request-id')!.skip).toBe('blocked');
    expect(report.stopped).toBeUndefined();
    expect(failed(report)).toEqual([]);
  });

  it('has nothing to say of a run that could do everything', async () => {
    const { report } = await check();
    expect(report.blocked).toBeUndefined();
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
    // (The ownership checks a 1.2 cup owned at the start skips: the first test.)
    const skipped = report.results.filter(
      (r) => r.verdict === 'skip' && !r.id.startsWith('ownership.'),
    );
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
