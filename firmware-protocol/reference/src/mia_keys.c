/* Protocol 1.2's keys. See mia_keys.h and PROTOCOL.md 4.4. */
#include "mia_keys.h"

#include "mia_sha256.h"

void mia_keys_mac(const uint8_t key[MIA_AUTH_LEN], uint8_t label, const uint8_t *a,
                  const uint8_t *b, uint8_t out[MIA_AUTH_LEN])
{
    uint8_t msg[1 + 2 * MIA_AUTH_LEN];
    uint8_t mac[MIA_SHA256_LEN];
    size_t n = 1;
    msg[0] = label;
    if (a != 0 && b != 0) {
        mia_copy(msg + 1, a, MIA_AUTH_LEN);
        mia_copy(msg + 1 + MIA_AUTH_LEN, b, MIA_AUTH_LEN);
        n += 2 * MIA_AUTH_LEN;
    }
    mia_hmac_sha256(key, MIA_AUTH_LEN, msg, n, mac);
    mia_copy(out, mac, MIA_AUTH_LEN);
    mia_wipe(mac, sizeof mac);
}

void mia_keys_tag(const uint8_t session[MIA_AUTH_LEN], uint8_t label, uint32_t count,
                  const uint8_t *frame, size_t len, uint8_t out[MIA_TAG_LEN])
{
    uint8_t msg[1 + 4 + 2 + MIA_CONFIG_LEN];
    uint8_t mac[MIA_SHA256_LEN];
    if (len > sizeof msg - 5) {
        len = sizeof msg - 5;
    }
    msg[0] = label;
    mia_put_u32(msg + 1, count);
    mia_copy(msg + 5, frame, len);
    mia_hmac_sha256(session, MIA_AUTH_LEN, msg, 5 + len, mac);
    mia_copy(out, mac, MIA_TAG_LEN);
    mia_wipe(mac, sizeof mac);
}

int mia_keys_agree(const uint8_t priv[MIA_X25519_LEN], const uint8_t peer[MIA_X25519_LEN],
                   const uint8_t app_pub[MIA_X25519_LEN], const uint8_t cup_pub[MIA_X25519_LEN],
                   uint8_t key[MIA_AUTH_LEN])
{
    /* "K" | app's | cup's, then HKDF's counter 1; the shared secret passes through it first (one
     * buffer less on the deepest call chain of the core) */
    uint8_t info[1 + 2 * MIA_X25519_LEN + 1];
    uint8_t prk[MIA_SHA256_LEN];
    int bad = mia_x25519(info + 1, priv, peer);
    /* HKDF-Extract with an empty salt (RFC 5869 2.2: HMAC pads it to a block of zeros) */
    mia_hmac_sha256(info, 0, info + 1, MIA_X25519_LEN, prk);
    info[0] = MIA_KEY_OWNER;
    mia_copy(info + 1, app_pub, MIA_X25519_LEN);
    mia_copy(info + 1 + MIA_X25519_LEN, cup_pub, MIA_X25519_LEN);
    info[sizeof info - 1] = 1u;
    mia_hmac_sha256(prk, sizeof prk, info, sizeof info, info); /* HKDF-Expand, T(1) */
    mia_copy(key, info, MIA_AUTH_LEN);
    if (bad != 0) {
        mia_wipe(key, MIA_AUTH_LEN);
    }
    mia_wipe(info, sizeof info);
    mia_wipe(prk, sizeof prk);
    return bad;
}
