/**
 * The conformance check's protocol 1.2 ownership (PROTOCOL.md 4.4, 4.5, section 6) against
 * simulated cups: the claim by key agreement with a person at the cup, the cup's proof, sealed
 * requests; each broken cup fails the check for its fault; a 1.1 cup skips the 1.2 checks.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CupFault, FirmwareOptions } from '../../../../src/cup';
import type { CheckId, CheckPort, LinkPort } from '../../../../src/cup/check';
import { check, failed, useCheckClock, verdict } from './run-check';

useCheckClock();

const result = (report: Awaited<ReturnType<typeof check>>['report'], id: CheckId) =>
  report.results.find((r) => r.id === id)!;

describe('the conformance check with a 1.2 cup', () => {
  it('claims a cup without an owner when the person lifts the lid as it blinks, and releases it sealed', async () => {
    const { report, cup, asked } = await check({ ownerKey: null });
    expect(
      failed(report),
      JSON.stringify(report.results.filter((r) => r.verdict === 'fail')),
    ).toEqual([]);
    expect(asked).toEqual(['claim', 'shake', 'lift', 'restart']);
    const claim = result(report, 'ownership.claim-gesture');
    expect(claim.verdict).toBe('pass');
    expect(claim.sent.slice(0, 3)).toEqual([
      expect.stringMatching(/^control claim_begin /),
      expect.stringMatching(/^control claim_key /),
      expect.stringMatching(/^control claim_confirm /),
    ]);
    for (const id of [
      'ownership.cup-proof',
      'ownership.claim-not-supported',
      'ownership.sealed',
      'ownership.unsealed-denied',
      'ownership.wrong-tag-denied',
      'ownership.release-sealed',
      'ownership.release-unowned',
      'ownership.unowned-identify',
      'restore.owner',
    ] as const) {
      expect(verdict(report, id), id).toBe('pass');
    }
    expect(verdict(report, 'ownership.claim-denied')).toBe('skip');
    // The sealed release carried its tag (10 bytes) and its Reply the cup's (11 bytes).
    expect(result(report, 'ownership.release-sealed').received[0]).toMatch(/: (\w\w ){10}\w\w$/);
    expect(cup.firmware.owner.owned).toBe(false);
  });

  it('denies a cup without an owner its proofs on a connection of its own: a slow device is no failure', async () => {
    // The checks before took 6 s on this connection (a slow device): a 1.2 cup drops an unproven
    // connection older than 5 s at its first denial, as the protocol says.
    const { report } = await check({ ownerKey: null }, 'act', {
      onProgress: (progress) => {
        if (progress.type === 'running' && progress.id === 'ownership.unowned-identify') {
          vi.advanceTimersByTime(6_000);
        }
      },
    });
    const denied = result(report, 'ownership.unowned-denied');
    expect(denied.verdict, JSON.stringify(denied)).toBe('pass');
  });

  it('fails the claim when nobody confirms it at the cup, saying what was expected', async () => {
    const { report, cup, asked } = await check({ ownerKey: null }, 'nothing');
    expect(asked[0]).toBe('claim');
    const claim = result(report, 'ownership.claim-gesture');
    expect(claim.verdict).toBe('fail');
    expect(claim.expected).toBe(
      "claim_confirm ok with the cup's confirmation, within 10 s of the request",
    );
    expect(claim.got).toBe('no_gesture (nothing within the time)');
    expect(result(report, 'ownership.prove').skip).toBe('blocked');
    expect(cup.firmware.owner.owned).toBe(false);
  });

  it('skips the claim when the person taps "Skip", and the cup stays without an owner', async () => {
    const { report, cup } = await check({ ownerKey: null }, 'skip');
    expect(result(report, 'ownership.claim-gesture').skip).toBe('no-action');
    expect(failed(report)).toEqual([]);
    expect(cup.firmware.owner.owned).toBe(false);
  });

  it('keeps its 1.1 path for a 1.1 cup, and skips the 1.2 checks there', async () => {
    const options: FirmwareOptions = { ownerKey: null, protocol: { major: 1, minor: 1 } };
    const { report, asked } = await check(options);
    expect(failed(report)).toEqual([]);
    expect(asked).toEqual(['shake', 'lift', 'restart']);
    expect(verdict(report, 'ownership.claim-denied')).toBe('pass');
    expect(verdict(report, 'ownership.unowned-identify')).toBe('pass'); // 1.1: it blinks
    const skipped = report.results.filter((r) => r.verdict === 'skip');
    expect(skipped.map((r) => [r.id, r.skip])).toEqual(
      [
        'ownership.claim-gesture',
        'ownership.claim-not-supported',
        'ownership.cup-proof',
        'ownership.sealed',
        'ownership.unsealed-denied',
        'ownership.wrong-tag-denied',
        'ownership.release-sealed',
      ].map((id) => [id, 'other-version']),
    );
  });

  it('takes a link that drops as State is read, after the wrong tag, as the drop the rule allows', async () => {
    // The cup ends the link after its `denied` Reply, and the news of the drop comes after the
    // read of State has already failed (as over a real radio).
    const late = (inner: LinkPort): CheckPort => {
      let dropping = false;
      const own: Partial<CheckPort> = {
        writeControl: async (bytes: Uint8Array) => {
          await inner.writeControl(bytes);
          dropping = bytes[0] === 0x04 && bytes.length === 20 && bytes[19] === 0x5a;
        },
        readState: () => {
          if (!dropping) return inner.readState();
          dropping = false;
          setTimeout(() => inner.close(), 200);
          return Promise.reject(new Error('GATT Server is disconnected.'));
        },
      };
      return new Proxy(inner, {
        get: (target, name: keyof CheckPort) => {
          const value = own[name] ?? target[name];
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
    };
    const { report } = await check({}, 'act', (port) => ({ port: late(port) }));
    const wrong = result(report, 'ownership.wrong-tag-denied');
    expect(
      wrong.verdict,
      JSON.stringify([report.stopped, report.results.filter((r) => r.verdict === 'fail')]),
    ).toBe('pass');
    expect(wrong.received).toContain('disconnected');
    expect(failed(report)).toEqual([]);
  });

  const faults: [CupFault, CheckId, FirmwareOptions][] = [
    ['tagUnchecked', 'ownership.unsealed-denied', {}],
    ['tagUnchecked', 'ownership.wrong-tag-denied', {}],
    ['wrongCupProof', 'ownership.cup-proof', {}],
    ['releaseUntagged', 'ownership.release-sealed', { ownerKey: null }],
    ['clearClaimDenied', 'ownership.claim-not-supported', {}],
    ['identifyForAnyone', 'ownership.unowned-identify', { ownerKey: null }],
  ];
  it.each(faults)('catches a 1.2 cup with the fault %s: %s fails', async (fault, id, options) => {
    const { report } = await check({ ...options, faults: { [fault]: true } });
    expect(verdict(report, id), JSON.stringify([report.stopped, result(report, id)])).toBe('fail');
    for (const r of report.results.filter((x) => x.verdict === 'fail')) {
      expect(r.received.length, r.id).toBeGreaterThan(0);
      expect(r.expected, r.id).toMatch(/\w/);
      expect(r.got, r.id).toMatch(/\w/);
    }
  });
});
