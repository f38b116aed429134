/*
 * Protocol 1.2's keys (PROTOCOL.md 4.4): the proofs both ways and the session key, the tags of
 * sealed requests, and the claim's key agreement (X25519, then HKDF-SHA256) with its
 * confirmations. All of them are HMAC-SHA256 over a one-byte label and the values it binds:
 *
 *   cup's proof   first 16 of HMAC(owner key, "C" | challenge | nonce)
 *   app's proof   first 16 of HMAC(owner key, "A" | challenge | nonce)
 *   session key   first 16 of HMAC(owner key, "S" | challenge | nonce), or of HMAC(key, "S")
 *                 on the connection that claimed the cup
 *   request tag   first 8 of HMAC(session key, "Q" | count (u32 LE) | request without its tag)
 *   Reply tag     first 8 of HMAC(session key, "R" | count | the Reply's first 3 bytes)
 *   owner key     HKDF-SHA256(empty salt, X25519(private, peer), "K" | app's public | cup's
 *                 public, 16 bytes)
 *   confirmations first 16 of HMAC(owner key, "a") (the app's), "c" (the cup's)
 *
 * Vectors: vectors/keys.json. Key material on the stack is wiped before returning.
 * Portable C99, no heap, no OS.
 */
#ifndef MIA_KEYS_H
#define MIA_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "mia_codec.h"
#include "mia_x25519.h"

#define MIA_KEY_CUP_PROOF 0x43u   /* "C" */
#define MIA_KEY_APP_PROOF 0x41u   /* "A" */
#define MIA_KEY_SESSION 0x53u     /* "S" */
#define MIA_KEY_REQUEST_TAG 0x51u /* "Q" */
#define MIA_KEY_REPLY_TAG 0x52u   /* "R" */
#define MIA_KEY_OWNER 0x4Bu       /* "K" */
#define MIA_KEY_APP_CONFIRM 0x61u /* "a" */
#define MIA_KEY_CUP_CONFIRM 0x63u /* "c" */

/* out = first 16 bytes of HMAC-SHA256(key, label | a | b); a and b are 16 bytes each, or both 0
 * (NULL) for the label alone. */
void mia_keys_mac(const uint8_t key[MIA_AUTH_LEN], uint8_t label, const uint8_t *a,
                  const uint8_t *b, uint8_t out[MIA_AUTH_LEN]);

/* out = first 8 bytes of HMAC-SHA256(session, label | count (u32 LE) | frame[0..len)), len at
 * most 12 (the longest sealed request without its tag). */
void mia_keys_tag(const uint8_t session[MIA_AUTH_LEN], uint8_t label, uint32_t count,
                  const uint8_t *frame, size_t len, uint8_t out[MIA_TAG_LEN]);

/* The owner key a claim agrees (into key): HKDF-SHA256 of X25519(priv, peer), where the app's
 * and the cup's public keys name the claim (peer is one of them). Returns -1 (and a key of
 * zeros) when the shared secret is all zero: the peer's key has small order. */
int mia_keys_agree(const uint8_t priv[MIA_X25519_LEN], const uint8_t peer[MIA_X25519_LEN],
                   const uint8_t app_pub[MIA_X25519_LEN], const uint8_t cup_pub[MIA_X25519_LEN],
                   uint8_t key[MIA_AUTH_LEN]);

#endif
