/**
 * Ownership inside the firmware model (PROTOCOL.md 1.1, section 6 "Ownership" and 4.4): the
 * owner key, this connection's challenge, whether the connection has proven the key, and the
 * rules of `auth_challenge`, `auth_prove`, `claim` and `release`. One connection at a time.
 */
import { AUTH_BYTES, proofAnswer, toHex, type StatusName } from '../../../firmware-protocol/codec';

/** Wrong proofs one connection may send before the cup drops it. */
export const MAX_DENIED = 3;

export class SimOwner {
  /** The stored owner key (hex), or null for a cup without an owner. */
  key: string | null;
  private provenLink = false;
  private challenge: string | null = null;
  private asked = false;
  private denied = 0;

  constructor(
    key: string | null,
    private readonly random: (n: number) => Uint8Array,
  ) {
    this.key = key;
  }

  get owned(): boolean {
    return this.key !== null;
  }

  /** This connection has proven the key (or set it with `claim`). */
  get proven(): boolean {
    return this.key !== null && this.provenLink;
  }

  /** Requests that need proof are refused on this connection (a cup with an owner). */
  get locked(): boolean {
    return this.key !== null && !this.provenLink;
  }

  /** A new connection: nothing proven, a fresh challenge. */
  connect(): void {
    this.provenLink = false;
    this.denied = 0;
    this.draw();
  }

  challengeFor(): string {
    this.asked = true;
    return (this.challenge ??= toHex(this.random(AUTH_BYTES)));
  }

  /** Checks an answer; resolves with the status and whether the link must be dropped. */
  async prove(answer: string): Promise<{ status: StatusName; drop: boolean }> {
    const challenge = this.challenge;
    const key = this.key;
    const right =
      key !== null &&
      challenge !== null &&
      this.asked &&
      (await proofAnswer(key, challenge)) === answer;
    this.draw();
    if (right) {
      this.provenLink = true;
      return { status: 'ok', drop: false };
    }
    // A denied proof withdraws an earlier one; a cup without an owner drops no one (4.4, 6).
    this.provenLink = false;
    this.denied += 1;
    return { status: 'denied', drop: key !== null && this.denied >= MAX_DENIED };
  }

  claim(key: string): StatusName {
    if (this.key !== null && !this.provenLink) return 'denied';
    this.key = key;
    this.provenLink = true;
    return 'ok';
  }

  release(): void {
    this.key = null;
    this.provenLink = false;
  }

  private draw(): void {
    this.challenge = toHex(this.random(AUTH_BYTES));
    this.asked = false;
  }
}
