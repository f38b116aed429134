/*
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), small and portable, for the ownership
 * proof of PROTOCOL.md 4.4: the answer to a challenge is the first 16 bytes of
 * HMAC-SHA256(owner key, challenge).
 *
 * No heap, no libc, no tables in RAM (the 64 round constants are const). The message schedule
 * is a rolling window of 16 words, so one compression needs about 100 bytes of stack, and the
 * whole HMAC about 250. Byte counts are kept as two u32 halves: no 64-bit helpers from libgcc
 * on a Cortex-M0.
 *
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_SHA256_H
#define MIA_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define MIA_SHA256_LEN 32u
#define MIA_SHA256_BLOCK_LEN 64u

typedef struct {
    uint32_t h[8];
    uint32_t bytes_lo; /* message length so far, in bytes (64 bits as two halves) */
    uint32_t bytes_hi;
    uint8_t block[MIA_SHA256_BLOCK_LEN];
    uint8_t used; /* bytes waiting in block */
} mia_sha256;

void mia_sha256_init(mia_sha256 *s);
void mia_sha256_update(mia_sha256 *s, const uint8_t *data, size_t len);
/* Writes the digest; the context is spent (init it again to reuse it). */
void mia_sha256_final(mia_sha256 *s, uint8_t out[MIA_SHA256_LEN]);

/* One call: SHA-256 of data. */
void mia_sha256_digest(const uint8_t *data, size_t len, uint8_t out[MIA_SHA256_LEN]);

/* HMAC-SHA256 with a key of any length (a key longer than 64 bytes is hashed first, as RFC
 * 2104 says). The ownership proof uses a 16-byte key and a 16-byte message, and keeps the
 * first 16 bytes of out. out may be msg or key (both are read before out is written). Key
 * material on the stack is wiped before returning. */
void mia_hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                     uint8_t out[MIA_SHA256_LEN]);

/* 1 if the n bytes at a and b are equal, else 0, in a time that does not depend on where they
 * differ (for checking a proof: no early exit an attacker could time). */
int mia_equal_ct(const uint8_t *a, const uint8_t *b, size_t n);

/* Sets n bytes to 0 through a volatile pointer, so the compiler cannot drop it. */
void mia_wipe(void *p, size_t n);

#endif
