/** Sequence-number and clock arithmetic (PROTOCOL.md section 6): u16 and u32 values that wrap. */

/** `(a - b) mod 65536`: how many steps forward from b to a. */
export function seqDistance(a: number, b: number): number {
  return (a - b) & 0xffff;
}

/** Whether a is newer than b (RFC 1982 serial number arithmetic over u16). */
export function seqIsNewer(a: number, b: number): boolean {
  const d = seqDistance(a, b);
  return d >= 1 && d <= 0x7fff;
}

/** The sequence number after n steps from seq (n may be negative). */
export function seqAdd(seq: number, n: number): number {
  return (seq + n) & 0xffff;
}

/** `(later - earlier) mod 2^32`: elapsed ms between two "ms since boot" readings. */
export function elapsedMs(later: number, earlier: number): number {
  return (later - earlier) >>> 0;
}
