/**
 * vectors/session.json: whole 1.2 exchanges on one connection (PROTOCOL.md 4.4 and 6). The codec
 * reads every write as a Control and every Reply as a Reply, and the exchange follows the rules
 * of the spec, played by a small model of a 1.2 cup (session-model.ts): the cup's proof before
 * the app's, sessions and their counted tags, a forged tag withdrawing the proof, the claim's
 * key agreement, confirmations and its gesture within 10 s, identify only with the proof on a
 * cup with an owner, and the drop of an unproven connection after 5 s or its third denial.
 */
import { describe, expect, it } from 'vitest';
import { decodeControl, decodeReply, fromHex, type Reply } from '../../../firmware-protocol/codec';
import { Cup12, type Session } from './session-model';
import { loadVectors } from './vectors';

const file = loadVectors('session') as unknown as {
  family: string;
  protocol: string;
  vectors: Session[];
};

describe('session vectors', () => {
  it('follow the schema in vectors/README.md', () => {
    expect([file.family, file.protocol]).toEqual(['session', '1.2']);
    expect(new Set(file.vectors.map((v) => v.name)).size).toBe(file.vectors.length);
    for (const v of file.vectors) {
      const claims = v.steps.filter(
        (s) => s.write?.startsWith('0c') && s.replies[0]?.slice(4, 6) === '00',
      );
      const proves = v.steps.filter((s) => s.write?.startsWith('06')).length;
      expect(v.random.length, `${v.name}: one draw per challenge and accepted claim_begin`).toBe(
        1 + proves + claims.length,
      );
      v.steps.forEach((s, i) => {
        const actions = ['write', 'lid', 'tick'].filter((k) => k in s);
        expect(actions.length, `${v.name} step ${i}`).toBe(1);
        expect(!s.drop || i === v.steps.length - 1).toBe(true);
        if (i > 0) expect(s.atMs).toBeGreaterThanOrEqual(v.steps[i - 1].atMs);
      });
    }
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))(
    'plays %s by the rules',
    async (_name, v) => {
      const cup = await Cup12.boot(v);
      for (const step of v.steps) {
        let replies: string[];
        if (step.write !== undefined) {
          const frame = fromHex(step.write);
          const request = decodeControl(frame);
          if (!request.ok) throw new Error(`${step.write} unreadable`);
          for (const hex of step.replies) {
            const reply = decodeReply(fromHex(hex));
            expect(reply.ok, hex).toBe(true);
            expect((reply as { value: Reply }).value.requestId).toBe(request.value.requestId);
          }
          replies = await cup.write(request.value, frame);
          cup.started(step.atMs);
        } else {
          replies = await cup.time(step.atMs, step.lid);
        }
        expect(replies, `${v.name} at ${step.atMs}`).toEqual(step.replies);
        expect(
          { owned: cup.key !== null, proven: cup.provenFlag, drop: cup.dropsNow(step.atMs) },
          `${v.name} at ${step.atMs}`,
        ).toEqual({
          owned: step.owned,
          proven: step.proven,
          drop: step.drop,
        });
      }
    },
  );
});
