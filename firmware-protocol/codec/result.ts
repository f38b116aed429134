/** The decode result type and the rejection reasons every reader shares (PROTOCOL.md section 5). */

export const REJECTION_CODES = [
  'too_long',
  'truncated',
  'unsupported_version',
  'unknown_opcode',
  'bad_value',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export interface Rejection {
  ok: false;
  reason: RejectionCode;
  /** A human-readable sentence for logs and the cup panel; never empty. */
  detail: string;
}

export type DecodeResult<T> = { ok: true; value: T } | Rejection;

export function accept<T>(value: T): DecodeResult<T> {
  return { ok: true, value };
}

export function reject(reason: RejectionCode, detail: string): Rejection {
  return { ok: false, reason, detail };
}

export function isRejectionCode(value: unknown): value is RejectionCode {
  return (REJECTION_CODES as readonly unknown[]).includes(value);
}
