/*
 * X25519 (RFC 7748 section 5): Diffie-Hellman on Curve25519, for protocol 1.2's owner key
 * agreement (issue #31). Not used by mia_cup yet.
 *
 * Small and constant-time: a Montgomery ladder with a masked conditional swap; field elements
 * of 16 limbs of 16 bits, multiplied with 32-bit products only (a Cortex-M0+ has MULS but no
 * 64-bit multiply; their halves are summed in 32-bit words). No branch and no memory
 * index depends on the scalar or the point (checked under valgrind, test.sh). No tables, no
 * static data; about 330 bytes of stack. One X25519 takes some 8 million instructions on a
 * Cortex-M4 and 15 million on a Cortex-M0+ (README: "X25519").
 *
 * Portable C99, no heap, no OS. Keys and shared secrets are 32 bytes, little-endian, as in
 * the RFC and in WebCrypto's "raw" format.
 */
#ifndef MIA_X25519_H
#define MIA_X25519_H

#include <stdint.h>

#define MIA_X25519_LEN 32u

/* out = X25519(scalar, point): the shared secret of our private key `scalar` and the peer's
 * public key `point`. The scalar is clamped as RFC 7748 says (bits 0-2 and 255 cleared, bit
 * 254 set; the caller's bytes are not changed) and the top bit of the point is ignored; a
 * point that is not reduced mod 2^255 - 19 is accepted.
 * Returns 0, or -1 when the shared secret is all zero (the peer sent a point of small order:
 * RFC 7748 section 6.1 says to check for that and abort). out is written either way; the
 * check itself is constant-time. out may alias neither input. */
int mia_x25519(uint8_t out[MIA_X25519_LEN], const uint8_t scalar[MIA_X25519_LEN],
               const uint8_t point[MIA_X25519_LEN]);

/* out = X25519(scalar, 9): the public key of the private key `scalar` (32 random bytes). */
void mia_x25519_base(uint8_t out[MIA_X25519_LEN], const uint8_t scalar[MIA_X25519_LEN]);

#endif
