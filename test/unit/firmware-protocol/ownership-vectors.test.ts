/**
 * vectors/ownership.json: whole exchanges on one connection (PROTOCOL.md 4.4 and 6). The codec
 * reads every write as a Control and every Reply as the answer to it, and the exchange follows
 * the rules of the spec, played here as a small independent model: each `auth_prove` is `ok`
 * exactly when the cup has an owner, its challenge was asked since the last `auth_prove` and the
 * answer is the HMAC of it (auth.json); every answer spends the challenge; a denied one
 * withdraws a proof and counts; an owned cup drops an unproven connection after the third
 * denied or 10 s; `release` on a cup without an owner is `ok`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  decodeControl,
  decodeReply,
  fromHex,
  proofAnswer,
  type ControlRequest,
  type Reply,
} from '../../../firmware-protocol/codec';
import { VECTOR_DIR } from './vectors';

interface Step {
  atMs: number;
  write: string;
  reply: string;
  owned: boolean;
  proven: boolean;
  drop: boolean;
  note?: string;
}

interface Exchange {
  name: string;
  section: string;
  ownerKey: string | null;
  challenges: string[];
  steps: Step[];
  note?: string;
}

const file = JSON.parse(readFileSync(`${VECTOR_DIR}ownership.json`, 'utf8')) as {
  family: string;
  characteristic: null;
  uuid: null;
  protocol: string;
  vectors: Exchange[];
};

const HEX16 = /^[0-9a-f]{32}$/;
const STEP_KEYS = ['atMs', 'write', 'reply', 'owned', 'proven', 'drop', 'note'];
const VECTOR_KEYS = ['name', 'section', 'ownerKey', 'challenges', 'steps', 'note'];
/** PROTOCOL.md 6: an unproven connection to an owned cup is dropped 10 s after it was made. */
const UNPROVEN_MS = 10_000;
const DROP_AFTER_DENIED = 3;

/** The cup as the spec describes it, for one connection. */
class Rules {
  private challenge = 0;
  private asked = false;
  private denied = 0;
  proven = false;

  constructor(
    private key: string | null,
    private readonly challenges: string[],
  ) {}

  get owned(): boolean {
    return this.key !== null;
  }

  /** The Reply the spec requires for `request`, compared with the one in the vector. */
  async expect(request: ControlRequest, reply: Reply): Promise<void> {
    const locked = this.owned && !this.proven;
    switch (request.op) {
      case 'auth_challenge':
        this.asked = true;
        expect(reply).toMatchObject({ status: 'ok', challenge: this.challenges[this.challenge] });
        return;
      case 'auth_prove': {
        const right =
          this.key !== null &&
          this.asked &&
          request.answer === (await proofAnswer(this.key, this.challenges[this.challenge]));
        this.challenge += 1; // spent, right or wrong
        this.asked = false;
        if (right) this.proven = true;
        else {
          this.denied += 1;
          this.proven = false;
        }
        expect(reply.status).toBe(right ? 'ok' : 'denied');
        return;
      }
      case 'claim':
        expect(reply.status).toBe(locked ? 'denied' : 'ok');
        if (!locked) [this.key, this.proven] = [request.key, true];
        return;
      case 'release':
        expect(reply.status).toBe(locked ? 'needs_proof' : 'ok');
        if (!locked) [this.key, this.proven] = [null, false];
        return;
      case 'read_config':
        expect(reply).toEqual(
          locked
            ? { op: 'read_config', requestId: request.requestId, status: 'needs_proof' }
            : {
                op: 'read_config',
                requestId: request.requestId,
                status: 'ok',
                config: DEFAULT_CONFIG,
              },
        );
        return;
      default:
        throw new Error(`no rule here for ${request.op}`);
    }
  }

  dropsAt(ms: number): boolean {
    return this.owned && !this.proven && (this.denied >= DROP_AFTER_DENIED || ms >= UNPROVEN_MS);
  }
}

describe('ownership vectors', () => {
  it('follow the schema in vectors/README.md', () => {
    expect(file.family).toBe('ownership');
    expect([file.characteristic, file.uuid, file.protocol]).toEqual([null, null, '1.1']);
    expect(new Set(file.vectors.map((v) => v.name)).size).toBe(file.vectors.length);
    for (const v of file.vectors) {
      expect(
        Object.keys(v).every((k) => VECTOR_KEYS.includes(k)),
        v.name,
      ).toBe(true);
      expect(v.section, v.name).toMatch(/^[0-9.]+(, [0-9.]+)*$/);
      if (v.ownerKey !== null) expect(v.ownerKey).toMatch(HEX16);
      for (const c of v.challenges) expect(c).toMatch(HEX16);
      const proves = v.steps.filter((s) => s.write.startsWith('06')).length;
      expect(v.challenges.length, `${v.name}: one challenge more than auth_prove`).toBe(proves + 1);
      v.steps.forEach((s, i) => {
        expect(
          Object.keys(s).every((k) => STEP_KEYS.includes(k)),
          v.name,
        ).toBe(true);
        expect(s.write).toMatch(/^([0-9a-f]{2}){2,20}$/);
        expect(s.reply).toMatch(/^([0-9a-f]{2}){3,20}$/);
        expect(!s.drop || i === v.steps.length - 1, `${v.name}: only the last step drops`).toBe(
          true,
        );
        if (i > 0) expect(s.atMs).toBeGreaterThanOrEqual(v.steps[i - 1].atMs);
      });
    }
  });

  it.each(file.vectors.map((v) => [v.name, v] as const))(
    'plays %s by the rules',
    async (_name, v) => {
      const cup = new Rules(v.ownerKey, v.challenges);
      for (const step of v.steps) {
        const request = decodeControl(fromHex(step.write));
        const reply = decodeReply(fromHex(step.reply));
        if (!request.ok || !reply.ok) throw new Error(`${step.write} / ${step.reply} unreadable`);
        expect(reply.value).toMatchObject({
          op: request.value.op,
          requestId: request.value.requestId,
        });
        await cup.expect(request.value, reply.value);
        expect(
          { owned: cup.owned, proven: cup.proven, drop: cup.dropsAt(step.atMs) },
          step.write,
        ).toEqual({ owned: step.owned, proven: step.proven, drop: step.drop });
      }
    },
  );

  it('cover each answer PROTOCOL.md 4.4 and 6 settle', () => {
    const names = file.vectors.map((v) => v.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'a right answer spends the challenge',
        'a denied proof withdraws the proof',
        'after a wrong answer the next proof needs a fresh challenge',
        'release on a cup without an owner',
        'denied proofs on a cup without an owner drop no one',
        'denied proofs before a claim count after it',
      ]),
    );
  });
});
