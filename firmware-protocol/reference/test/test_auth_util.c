/* The ownership tests' cup and app (auth_util.h): boot, connect, requests, proofs, reads. */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_sha256.h"
#include "auth_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
const uint8_t auth_key_a[16] = {0x8f, 0x3a, 0x1c, 0x5e, 0x9b, 0x2d, 0x7f, 0x40,
                                0x61, 0xa8, 0xc3, 0xe5, 0xd7, 0x09, 0x2b, 0x4f};
const uint8_t auth_key_b[16] = {0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
                                0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
uint8_t auth_stored_key[16];
int auth_stored; /* 1: a key is in "flash" */
int auth_owner_changed_calls;
int auth_replies_queued_when_stored;
int auth_identify_calls;
uint8_t auth_identify_pattern;
uint16_t auth_identify_ms;
static uint8_t req = 0;

void auth_on_owner_changed(void *ctx, const uint8_t *key)
{
    (void)ctx;
    owner_changed_calls++;
    replies_queued_when_stored = cup_.reply_count;
    stored = key != 0;
    if (key != 0) {
        memcpy(stored_key, key, 16);
    } else {
        memset(stored_key, 0, 16);
    }
}

static void on_identify(void *ctx, uint8_t pattern, uint16_t ms)
{
    (void)ctx;
    identify_calls++;
    identify_pattern = pattern;
    identify_ms = ms;
}

uint8_t auth_woke_;

void auth_boot(const uint8_t *owner_key, uint32_t seed, uint32_t now)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.woke_from_sleep = woke_;
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED | MIA_CAP_BUZZER;
    s.device_id[6] = 0x3f;
    s.device_id[7] = 0x2a;
    s.accel_rate_hz = 100;
    s.identify = on_identify;
    s.owner_changed = on_owner_changed;
    s.random = test_rng;
    s.owner_key = owner_key;
    s.protocol_minor = 1; /* 1.1's ownership; test_session.c has 1.2's */
    owner_changed_calls = 0;
    identify_calls = 0;
    stored = owner_key != 0;
    test_rng_seed(seed);
    mia_cup_init(&cup_, &s, 0, now);
}

void auth_connect(uint32_t now)
{
    mia_cup_connected(&cup_, now, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
}

/* Writes a request and returns its Reply (checking the echo); frame[] gets the Reply bytes. */
uint8_t auth_request(uint32_t now, uint8_t op, const uint8_t *args, size_t n_args,
                     uint8_t reply[MIA_FRAME_MAX], size_t *reply_len)
{
    uint8_t w[MIA_FRAME_MAX];
    mia_chr chr = MIA_CHR_NONE;
    size_t n;
    w[0] = op;
    w[1] = ++req;
    if (n_args > 0) {
        memcpy(w + 2, args, n_args);
    }
    CHECK_EQ(mia_cup_control_write(&cup_, now, w, 2 + n_args), 0);
    n = mia_cup_next_notification(&cup_, now, &chr, reply);
    *reply_len = n;
    CHECK_EQ(chr, MIA_CHR_REPLY);
    if (n < 3 || chr != MIA_CHR_REPLY) {
        return 0xEE;
    }
    CHECK_EQ(reply[0], op);
    CHECK_EQ(reply[1], req);
    return reply[2];
}

uint8_t auth_simple(uint32_t now, uint8_t op)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    return request(now, op, 0, 0, f, &n);
}

uint8_t auth_replay_since(uint32_t now, uint16_t since)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t a[2];
    size_t n;
    mia_put_u16(a, since);
    return request(now, MIA_OP_REPLAY_SINCE, a, 2, f, &n);
}

/* auth_challenge: the 16 bytes of the Reply. */
void auth_challenge(uint32_t now, uint8_t out[16])
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    CHECK_EQ(request(now, MIA_OP_AUTH_CHALLENGE, 0, 0, f, &n), MIA_STATUS_OK);
    CHECK_EQ(n, 19);
    memcpy(out, f + 3, 16);
}

/* What the app sends: the first 16 bytes of HMAC-SHA256(key, challenge). */
uint8_t auth_prove_with(uint32_t now, const uint8_t key[16], const uint8_t ch[16])
{
    uint8_t mac[MIA_SHA256_LEN];
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_hmac_sha256(key, 16, ch, 16, mac);
    return request(now, MIA_OP_AUTH_PROVE, mac, 16, f, &n);
}

uint8_t auth_claim(uint32_t now, const uint8_t key[16])
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    return request(now, MIA_OP_CLAIM, key, 16, f, &n);
}

mia_state auth_read_state(uint32_t now)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_state st;
    size_t n = mia_cup_read_state(&cup_, now, f);
    CHECK_EQ(n, 18);
    CHECK_EQ(mia_decode_state(f, n, &st), MIA_ACCEPT);
    return st;
}

int auth_advert_owned(void)
{
    uint8_t f[MIA_ADVERT_LEN];
    mia_advert ad;
    CHECK_EQ(mia_cup_read_advert(&cup_, f), 9);
    CHECK_EQ(mia_decode_advert(f, 9, &ad), MIA_ACCEPT);
    CHECK(ad.device_id[6] == 0x3f && ad.device_id[7] == 0x2a);
    return ad.flags & MIA_ADVERT_OWNED;
}

/* Takes notifications until none is due; counts the Events ones. */
int auth_drain_events(uint32_t now, uint16_t *last_seq)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    int events = 0;
    size_t n;
    while ((n = mia_cup_next_notification(&cup_, now, &chr, f)) > 0) {
        if (chr == MIA_CHR_EVENTS) {
            events++;
            if (last_seq != 0) {
                *last_seq = mia_get_u16(f + 1);
            }
        }
    }
    return events;
}

/* A lid reading held for 100 ms (digital: 1 open). */
void auth_lid_at(uint32_t t, uint16_t open)
{
    mia_cup_lid(&cup_, t, open);
    mia_cup_tick(&cup_, t + 100u);
}
