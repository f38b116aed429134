/**
 * A small model of a 1.2 cup on one connection, as PROTOCOL.md 4.4 and 6 describe it, built on
 * the codec's WebCrypto functions, for session-vectors.test.ts: the cup's proof before the
 * app's, sessions and their counted tags, a forged tag withdrawing the proof, the claim's key
 * agreement, confirmations and its gesture within 10 s, what needs proof (identify too, also
 * without an owner unless a claim waits for its gesture), and when the cup drops the connection.
 */
import {
  CLAIM_GESTURE_MS,
  DEFAULT_CONFIG,
  agreeOwnerKey,
  appProof,
  claimConfirmation,
  claimSessionKey,
  controlLength,
  cupProof,
  encodeConfig,
  fromHex,
  importOwnerKey,
  isSealable,
  replyTag,
  requestTag,
  sessionKey,
  toHex,
  type ControlRequest,
} from '../../../firmware-protocol/codec';

/** One connection's exchange (vectors/README.md, session.json). */
export interface Session {
  name: string;
  section: string;
  ownerKey: string | null;
  random: string[];
  steps: Step[];
  note?: string;
}

export interface Step {
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

/** PROTOCOL.md 6: an unproven connection is dropped this long after it was made (1.2). */
const UNPROVEN_MS = 5_000;

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

/** A 1.2 cup on one connection. `proven`: this connection proved the key or claimed the cup
 * (State says so only while the cup has an owner; a release keeps it). */
export class Cup12 {
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
  /** The connection's 5 s count from (ms after it was made), and its first claim's wait. */
  private countFrom = 0;
  private held: 'none' | 'waiting' | 'ended' = 'none';

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
      'identify',
      'replay_since',
      'read_config',
      'write_config',
      'release',
      'telemetry_start',
      'telemetry_stop',
      'firmware_unlock',
    ];
    if (locked && needsProof.includes(request.op)) return reply('needs_proof');
    // Without an owner, identify only while a claim waits for its gesture (claim it first).
    if (!owned && request.op === 'identify' && this.claim?.phase !== 'waiting')
      return reply('needs_proof');
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
        this.held = this.held === 'none' ? 'waiting' : 'ended';
        return [];
      case 'release': {
        if (!owned) return reply('ok');
        this.key = null;
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
      this.claimEnded(atMs);
      return [`${head}00${await claimConfirmation(claim.owner!, 'cup')}`];
    }
    if (atMs - claim.since! >= CLAIM_GESTURE_MS) {
      this.claimEnded(atMs);
      return [`${head}08`];
    }
    return [];
  }

  /** The claim_confirm write, timed (the 10 s count from it). */
  started(atMs: number): void {
    if (this.claim?.phase === 'waiting' && this.claim.since === undefined) this.claim.since = atMs;
  }

  /** State's proven flag. */
  get provenFlag(): boolean {
    return this.key !== null && this.proven;
  }

  /** The cup ends the connection: unproven at its third denial, or 5 s after it was made or
   * its first claim's wait ended (that wait holds it); owned or not. */
  dropsNow(atMs: number): boolean {
    const late = atMs - this.countFrom >= UNPROVEN_MS && this.held !== 'waiting';
    return !this.proven && (this.denied >= 3 || late);
  }

  /** The first claim's wait holds the connection; when it ends, the 5 s start again. */
  private claimEnded(atMs: number): void {
    this.claim = null;
    if (this.held === 'waiting') [this.held, this.countFrom] = ['ended', atMs];
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
