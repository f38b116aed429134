/**
 * vectors/session.json: whole 1.2 exchanges on one connection (PROTOCOL.md 4.4 and 6). The codec
 * reads every write as a Control and every Reply as a Reply, and the exchange follows the rules
 * of the spec, played here by a small model of a 1.2 cup built on the codec's WebCrypto
 * functions: the cup's proof before the app's, sessions and their counted tags, a forged tag
 * withdrawing the proof, the claim's key agreement, confirmations and its gesture within 10 s.
 */
import { describe, expect, it } from 'vitest';
import {
  CLAIM_GESTURE_MS,
  DEFAULT_CONFIG,
  agreeOwnerKey,
  appProof,
  claimConfirmation,
  claimSessionKey,
  controlLength,
  cupProof,
  decodeControl,
  decodeReply,
  encodeConfig,
  fromHex,
  importOwnerKey,
  isSealable,
  replyTag,
  requestTag,
  sessionKey,
  toHex,
  type ControlRequest,
  type Reply,
} from '../../../firmware-protocol/codec';
import { loadVectors } from './vectors';

interface Step {
  atMs: number;
  write?: string;
  lid?: number;
  tick?: boolean;
  replies: string[];
  owned: boolean;
  proven: boolean;
  drop: boolean;
  note?: string;
}
interface Session {
  name: string;
  section: string;
  ownerKey: string | null;
  random: string[];
  steps: Step[];
  note?: string;
}

const file = loadVectors('session') as unknown as {
  family: string;
  protocol: string;
  vectors: Session[];
};
const PKCS8_X25519 = '302e020100300506032b656e04220420';
const DEBOUNCE_MS = DEFAULT_CONFIG.lidDebounceMs;

/** The cup's private key of a claim (32 drawn bytes) and its public key. */
async function cupKeys(privateHex: string): Promise<{ key: CryptoKey; pub: Uint8Array }> {
  const key = await crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array(fromHex(PKCS8_X25519 + privateHex)),
    { name: 'X25519' },
    true,
    ['deriveBits'],
  );
  const jwk = await crypto.subtle.exportKey('jwk', key);
  return { key, pub: new Uint8Array(Buffer.from(jwk.x!, 'base64url')) };
}

/** A 1.2 cup on one connection, as PROTOCOL.md 4.4 and 6 describe it. */
class Cup12 {
  key: CryptoKey | null = null;
  proven = false;
  private draws = 0;
  private asked = false;
  private nonce: string | null = null;
  private session: CryptoKey | null = null;
  private count = 0;
  private denied = 0;
  private claim: {
    phase: 'begun' | 'keyed' | 'waiting';
    app: Uint8Array;
    cup?: { key: CryptoKey; pub: Uint8Array };
    owner?: CryptoKey;
    requestId?: number;
    since?: number;
  } | null = null;
  private lid = { open: false, reading: 0, since: 0 };

  constructor(private readonly random: string[]) {}

  static async boot(v: Session): Promise<Cup12> {
    const cup = new Cup12(v.random);
    if (v.ownerKey) cup.key = await importOwnerKey(v.ownerKey);
    return cup;
  }

  get challenge(): string {
    return this.random[this.draws];
  }

  /** The Replies (hex) the spec requires after a write. */
  async write(request: ControlRequest, frame: Uint8Array): Promise<string[]> {
    const reply = async (status: string, extra = ''): Promise<string[]> => {
      const code = { ok: 0, busy: 4, not_supported: 5, needs_proof: 6, denied: 7 }[status]!;
      return [toHex(frame.subarray(0, 2)) + code.toString(16).padStart(2, '0') + extra];
    };
    const owned = this.key !== null;
    const locked = owned && !this.proven;
    const needsProof = [
      'replay_since',
      'read_config',
      'write_config',
      'release',
      'telemetry_start',
      'telemetry_stop',
      'firmware_unlock',
    ];
    if (locked && needsProof.includes(request.op)) return reply('needs_proof');
    let sealedCount: number | null = null;
    if (owned && isSealable(request.op)) {
      const body = frame.subarray(0, controlLength(request.op));
      const tag = 'tag' in request ? request.tag : null;
      const right = this.session && tag === (await requestTag(this.session, this.count, body));
      if (!right) return this.deny(reply);
      sealedCount = this.count++;
    }
    switch (request.op) {
      case 'auth_challenge':
        this.asked = true;
        return reply('ok', this.challenge);
      case 'auth_cup_proof':
        if (!this.key || !this.asked) return reply('denied');
        this.nonce = request.nonce;
        return reply('ok', await cupProof(this.key, this.challenge, request.nonce));
      case 'auth_prove': {
        const right =
          !!this.key &&
          this.asked &&
          this.nonce !== null &&
          request.answer === (await appProof(this.key, this.challenge, this.nonce));
        const nonce = this.nonce;
        const challenge = this.challenge;
        this.draws++;
        [this.asked, this.nonce] = [false, null];
        if (!right) return this.deny(reply);
        this.proven = true;
        this.session = await sessionKey(this.key!, challenge, nonce!);
        this.count = 0;
        return reply('ok');
      }
      case 'claim':
        return reply('not_supported');
      case 'claim_begin':
        if (owned) return reply('denied');
        if (this.claim?.phase === 'waiting') return reply('busy');
        this.claim = {
          phase: 'begun',
          app: fromHex(request.keyPart),
          cup: await cupKeys(this.random[++this.draws]),
        };
        return reply('ok', toHex(this.claim.cup!.pub.subarray(0, 16)));
      case 'claim_key': {
        if (this.claim?.phase !== 'begun') return this.endClaim(reply);
        const app = new Uint8Array([...this.claim.app, ...fromHex(request.keyPart)]);
        const owner = await agreeOwnerKey(
          this.claim.cup!.key,
          { app, cup: this.claim.cup!.pub },
          'app',
        );
        if (!owner) return this.endClaim(reply);
        this.claim = { ...this.claim, phase: 'keyed', app, owner };
        return reply('ok', toHex(this.claim.cup!.pub.subarray(16)));
      }
      case 'claim_confirm':
        if (this.claim?.phase === 'waiting') return reply('busy');
        if (this.claim?.phase !== 'keyed') return this.endClaim(reply);
        if (request.confirm !== (await claimConfirmation(this.claim.owner!, 'app')))
          return this.endClaim(reply);
        this.claim = { ...this.claim, phase: 'waiting', requestId: request.requestId };
        return [];
      case 'release': {
        if (!owned) return reply('ok');
        [this.key, this.proven] = [null, false];
        const head = frame.subarray(0, 2);
        const ok = Uint8Array.of(head[0], head[1], 0);
        return reply('ok', await replyTag(this.session!, sealedCount!, ok));
      }
      case 'firmware_unlock':
        return owned ? reply('ok') : reply('denied');
      case 'write_config':
        return reply('ok', toHex(frame.subarray(2, 12)));
      case 'read_config':
        return reply('ok', toHex(encodeConfig(DEFAULT_CONFIG)));
      case 'telemetry_stop':
        return reply('ok', '0000');
      case 'identify':
        return reply('ok');
      default:
        throw new Error(`no rule here for ${request.op}`);
    }
  }

  /** A lid reading, or a tick: the Reply of a claim the gesture or the time settles. */
  async time(atMs: number, lid: number | undefined): Promise<string[]> {
    if (lid !== undefined) {
      if (lid !== this.lid.reading) this.lid = { ...this.lid, reading: lid, since: atMs };
      return [];
    }
    const opened = !this.lid.open && this.lid.reading === 1 && atMs - this.lid.since >= DEBOUNCE_MS;
    if (this.lid.reading !== +this.lid.open && atMs - this.lid.since >= DEBOUNCE_MS) {
      this.lid.open = this.lid.reading === 1;
    }
    const claim = this.claim;
    if (claim?.phase !== 'waiting') return [];
    const head = `0e${claim.requestId!.toString(16).padStart(2, '0')}`;
    if (opened && this.lid.since >= claim.since!) {
      this.key = claim.owner!;
      this.proven = true;
      this.session = await claimSessionKey(claim.owner!);
      this.count = 0;
      this.claim = null;
      return [`${head}00${await claimConfirmation(claim.owner!, 'cup')}`];
    }
    if (atMs - claim.since! >= CLAIM_GESTURE_MS) {
      this.claim = null;
      return [`${head}08`];
    }
    return [];
  }

  /** The claim_confirm write, timed (the 10 s count from it). */
  started(atMs: number): void {
    if (this.claim?.phase === 'waiting' && this.claim.since === undefined) this.claim.since = atMs;
  }

  dropsNow(): boolean {
    return this.key !== null && !this.proven && this.denied >= 3;
  }

  private deny(reply: (s: string) => Promise<string[]>): Promise<string[]> {
    this.denied++;
    this.proven = false;
    this.session = null;
    return reply('denied');
  }

  private endClaim(reply: (s: string) => Promise<string[]>): Promise<string[]> {
    this.claim = null;
    return reply('denied');
  }
}

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
          { owned: cup.key !== null, proven: cup.proven, drop: cup.dropsNow() },
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
