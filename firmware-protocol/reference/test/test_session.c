/* Protocol 1.2 (PROTOCOL.md 4.4, section 6): vectors/keys.json computed by mia_keys.c, every
 * exchange of vectors/session.json played through the cup's board API, and what the vectors
 * leave out: a shake or a button as the gesture, a link lost while a claim waits, the SMP
 * unlock, and a board that speaks 1.1. */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_keys.h"
#include "test.h"
#include "vectors.h"

#define CONNECTED_AT 1000u /* the cup's clock when a session.json connection is made */

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
static uint8_t stored_key_[16];
static int stored_;

static void on_owner_changed(void *ctx, const uint8_t *key)
{
    (void)ctx;
    stored_ = key != 0;
    if (key != 0) {
        memcpy(stored_key_, key, 16);
    }
}

/* ---------------------------------------------------------------- keys.json */

static void keys_vector(const keys_vec *k)
{
    uint8_t out[MIA_AUTH_LEN];
    uint8_t tag[MIA_TAG_LEN];
    uint8_t pub[MIA_X25519_LEN];
    switch (k->kind) {
    case KV_PROOF:
        mia_keys_mac(k->key, MIA_KEY_CUP_PROOF, k->challenge, k->nonce, out);
        CHECK(memcmp(out, k->cup_proof, 16) == 0);
        mia_keys_mac(k->key, MIA_KEY_APP_PROOF, k->challenge, k->nonce, out);
        CHECK(memcmp(out, k->app_proof, 16) == 0);
        mia_keys_mac(k->key, MIA_KEY_SESSION, k->challenge, k->nonce, out);
        CHECK(memcmp(out, k->session, 16) == 0);
        break;
    case KV_SEAL:
    case KV_REPLY_SEAL:
        mia_keys_tag(k->session, k->kind == KV_SEAL ? MIA_KEY_REQUEST_TAG : MIA_KEY_REPLY_TAG,
                     k->count, k->frame, k->frame_len, tag);
        CHECK(memcmp(tag, k->tag, MIA_TAG_LEN) == 0);
        break;
    case KV_CLAIM:
        mia_x25519_base(pub, k->cup_priv);
        CHECK(memcmp(pub, k->cup_pub, 32) == 0);
        mia_x25519_base(pub, k->app_priv);
        CHECK(memcmp(pub, k->app_pub, 32) == 0);
        /* the cup's side (its private key, the app's public key) and the app's give the key */
        CHECK_EQ(mia_keys_agree(k->cup_priv, k->app_pub, k->app_pub, k->cup_pub, out), 0);
        CHECK(memcmp(out, k->key, 16) == 0);
        CHECK_EQ(mia_keys_agree(k->app_priv, k->cup_pub, k->app_pub, k->cup_pub, out), 0);
        CHECK(memcmp(out, k->key, 16) == 0);
        mia_keys_mac(k->key, MIA_KEY_APP_CONFIRM, 0, 0, out);
        CHECK(memcmp(out, k->app_confirm, 16) == 0);
        mia_keys_mac(k->key, MIA_KEY_CUP_CONFIRM, 0, 0, out);
        CHECK(memcmp(out, k->cup_confirm, 16) == 0);
        mia_keys_mac(k->key, MIA_KEY_SESSION, 0, 0, out);
        CHECK(memcmp(out, k->session, 16) == 0);
        break;
    }
}

static void keys_vectors_(void)
{
    size_t i;
    for (i = 0; i < keys_vector_count; i++) {
        keys_vector(&keys_vectors[i]);
    }
    CHECK(keys_vector_count >= 4);
}

/* ---------------------------------------------------------------- a 1.2 cup on a board */

/* Boots a cup at 0 with its lid closed (read at 0, believed at 60: the reset gesture is off),
 * the capabilities of session.json, and connects it at `at` subscribed to Events, State and
 * Reply. `random` (n bytes) is what its RNG draws from the connection on. */
static void start(const uint8_t *owner_key, const uint8_t *random, size_t n, uint8_t minor,
                  uint32_t at)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED | MIA_CAP_TELEMETRY |
                     MIA_CAP_FIRMWARE_UPDATE;
    s.accel_rate_hz = 100;
    s.random = test_rng;
    s.owner_changed = on_owner_changed;
    s.owner_key = owner_key;
    s.protocol_minor = minor;
    stored_ = owner_key != 0;
    test_rng_seed(41);
    mia_cup_init(&cup_, &s, 0, 0);
    mia_cup_lid(&cup_, 0, 0);
    mia_cup_tick(&cup_, 60);
    test_rng_script(random, n);
    mia_cup_connected(&cup_, at, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
}

/* The Replies due now, in order (Events and State are drained and left aside). */
static size_t replies(uint32_t now, uint8_t out[][MIA_FRAME_MAX], size_t *lens, size_t max)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr = MIA_CHR_NONE;
    size_t n;
    size_t count = 0;
    while ((n = mia_cup_next_notification(&cup_, now, &chr, f)) > 0) {
        if (chr == MIA_CHR_REPLY && count < max) {
            memcpy(out[count], f, n);
            lens[count++] = n;
        }
    }
    return count;
}

static void play(const sess_vec *v)
{
    size_t i;
    start(v->has_owner ? v->owner_key : 0, v->random, v->random_len, 0, CONNECTED_AT);
    for (i = 0; i < v->step_count; i++) {
        const sess_step *st = &v->steps[i];
        uint32_t now = CONNECTED_AT + st->at_ms;
        uint8_t got[4][MIA_FRAME_MAX];
        size_t lens[4];
        size_t n;
        size_t r;
        mia_state state;
        if (st->write_len > 0) {
            CHECK_EQ(mia_cup_control_write(&cup_, now, st->write, st->write_len), 0);
        } else if (st->lid >= 0) {
            mia_cup_lid(&cup_, now, (uint16_t)st->lid);
        } else {
            mia_cup_tick(&cup_, now);
        }
        n = replies(now, got, lens, 4);
        CHECK_EQ(n, st->reply_count);
        for (r = 0; r < n && r < st->reply_count; r++) {
            CHECK_EQ(lens[r], st->replies[r].len);
            CHECK(lens[r] == st->replies[r].len &&
                  memcmp(got[r], st->replies[r].bytes, lens[r]) == 0);
        }
        state = mia_cup_state(&cup_, now);
        CHECK_EQ((state.flags & MIA_STATE_OWNED) != 0, st->owned);
        CHECK_EQ((state.flags & MIA_STATE_PROVEN) != 0, st->proven);
        CHECK_EQ(mia_cup_should_disconnect(&cup_, now) != 0, st->drop);
        CHECK_EQ(stored_, st->owned); /* the key in "flash" follows the owner */
        if (t_failed_now()) {
            printf("  session.json: %s, step %lu\n", v->name, (unsigned long)i);
            return;
        }
    }
}

static void session_vectors_(void)
{
    size_t i;
    for (i = 0; i < sess_vector_count; i++) {
        play(&sess_vectors[i]);
    }
    CHECK(sess_vector_count >= 10);
}

/* ---------------------------------------------------------------- beyond the vectors */

static const uint8_t app_priv_[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                      12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                      23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
static uint8_t req_;

static uint8_t request(uint32_t now, uint8_t op, const uint8_t *args, size_t n, uint8_t out[20])
{
    uint8_t w[MIA_FRAME_MAX];
    uint8_t got[4][MIA_FRAME_MAX];
    size_t lens[4];
    w[0] = op;
    w[1] = ++req_;
    if (n > 0) {
        memcpy(w + 2, args, n);
    }
    CHECK_EQ(mia_cup_control_write(&cup_, now, w, 2 + n), 0);
    if (replies(now, got, lens, 4) != 1) {
        return 0xEE; /* none (a claim_confirm that waits) */
    }
    if (out != 0) {
        memcpy(out, got[0], lens[0]);
    }
    return got[0][2];
}

/* Runs a claim up to its confirmation (the cup then waits for the gesture); key: the agreed
 * owner key. */
static void claim_until_waiting(uint32_t now, uint8_t key[16])
{
    uint8_t app_pub[32];
    uint8_t cup_pub[32];
    uint8_t f[MIA_FRAME_MAX];
    uint8_t confirm[16];
    mia_x25519_base(app_pub, app_priv_);
    CHECK_EQ(request(now, MIA_OP_CLAIM_BEGIN, app_pub, 16, f), MIA_STATUS_OK);
    memcpy(cup_pub, f + 3, 16);
    CHECK_EQ(request(now + 1, MIA_OP_CLAIM_KEY, app_pub + 16, 16, f), MIA_STATUS_OK);
    memcpy(cup_pub + 16, f + 3, 16);
    CHECK_EQ(mia_keys_agree(app_priv_, cup_pub, app_pub, cup_pub, key), 0);
    mia_keys_mac(key, MIA_KEY_APP_CONFIRM, 0, 0, confirm);
    CHECK_EQ(request(now + 2, MIA_OP_CLAIM_CONFIRM, confirm, 16, 0), 0xEE);
    CHECK(mia_cup_claim_waiting(&cup_));
    CHECK(mia_cup_busy(&cup_)); /* a board keeps ticking for the 10 s */
}

/* A shake confirms a claim, as the lid does (a cup without a lid sensor). */
static void a_shake_confirms_a_claim(void)
{
    uint8_t key[16];
    uint8_t got[2][MIA_FRAME_MAX];
    size_t lens[2];
    uint32_t t = 2000;
    start(0, 0, 0, 0, 1000);
    claim_until_waiting(1100, key);
    for (; t < 3000 && !cup_.owned; t += 10) {
        int16_t z = (int16_t)((t / 100) % 2 ? 3200 : -1200); /* a vigorous up-and-down swing */
        mia_cup_accel(&cup_, t, 0, 0, z);
    }
    CHECK(cup_.owned && cup_.proven);
    CHECK_EQ(replies(t, got, lens, 2), 1);
    CHECK_EQ(got[0][0], MIA_OP_CLAIM_CONFIRM);
    CHECK_EQ(got[0][2], MIA_STATUS_OK);
    CHECK(stored_ && memcmp(stored_key_, key, 16) == 0);
}

/* A claim button confirms it too; with no claim waiting a press does nothing. */
static void a_button_confirms_a_claim(void)
{
    uint8_t key[16];
    start(0, 0, 0, 0, 1000);
    mia_cup_claim_button(&cup_, 1050);
    CHECK(!cup_.owned);
    claim_until_waiting(1100, key);
    mia_cup_claim_button(&cup_, 1200);
    CHECK(cup_.owned && cup_.proven && !mia_cup_claim_waiting(&cup_));
    CHECK(stored_ && memcmp(stored_key_, key, 16) == 0);
}

/* A link lost while the claim waits ends it: a lift afterwards claims nothing. */
static void a_lost_link_ends_the_claim(void)
{
    uint8_t key[16];
    start(0, 0, 0, 0, 1000);
    claim_until_waiting(1100, key);
    mia_cup_connected(&cup_, 1200, 0, 0);
    CHECK(!mia_cup_claim_waiting(&cup_));
    mia_cup_lid(&cup_, 1300, 1);
    mia_cup_tick(&cup_, 1400);
    CHECK(!cup_.owned && !stored_);
}

/* SMP (PROTOCOL.md 9.1): only after a sealed firmware_unlock on a proven connection; never on a
 * cup without an owner; locked again when the proof goes. A 1.1 board: the proof, or no owner. */
static void smp_needs_the_unlock(void)
{
    uint8_t key[16];
    uint8_t w[MIA_FRAME_MAX];
    uint8_t session[16];
    start(0, 0, 0, 0, 1000);
    CHECK(!mia_cup_smp_allowed(&cup_));
    CHECK_EQ(request(1010, MIA_OP_FIRMWARE_UNLOCK, 0, 0, 0), MIA_STATUS_DENIED);
    claim_until_waiting(1100, key);
    mia_cup_claim_button(&cup_, 1200);
    CHECK(!mia_cup_smp_allowed(&cup_)); /* proven, not unlocked */
    mia_keys_mac(key, MIA_KEY_SESSION, 0, 0, session);
    w[0] = MIA_OP_FIRMWARE_UNLOCK;
    w[1] = 0x55;
    mia_keys_tag(session, MIA_KEY_REQUEST_TAG, 0, w, 2, w + 2);
    w[1] = 0x56; /* the tag of request 0x55 on request 0x56: denied, and the proof withdrawn */
    CHECK_EQ(mia_cup_control_write(&cup_, 1300, w, 2 + MIA_TAG_LEN), 0);
    CHECK(!mia_cup_smp_allowed(&cup_) && !cup_.proven);

    start(0, 0, 0, 1, 1000);
    CHECK(mia_cup_smp_allowed(&cup_)); /* 1.1: a cup without an owner answers anyone */
    mia_cup_connected(&cup_, 1100, 0, 0);
    CHECK(!mia_cup_smp_allowed(&cup_));
}

/* A sealed firmware_unlock opens SMP, until the link goes. */
static void smp_unlocked_until_the_link_goes(void)
{
    uint8_t key[16];
    uint8_t w[MIA_FRAME_MAX];
    uint8_t session[16];
    uint8_t got[2][MIA_FRAME_MAX];
    size_t lens[2];
    start(0, 0, 0, 0, 1000);
    claim_until_waiting(1100, key);
    mia_cup_claim_button(&cup_, 1200);
    CHECK_EQ(replies(1200, got, lens, 2), 1);
    mia_keys_mac(key, MIA_KEY_SESSION, 0, 0, session);
    w[0] = MIA_OP_FIRMWARE_UNLOCK;
    w[1] = 0x77;
    mia_keys_tag(session, MIA_KEY_REQUEST_TAG, 0, w, 2, w + 2);
    CHECK_EQ(mia_cup_control_write(&cup_, 1300, w, 2 + MIA_TAG_LEN), 0);
    CHECK_EQ(replies(1300, got, lens, 2), 1);
    CHECK_EQ(got[0][2], MIA_STATUS_OK);
    CHECK(mia_cup_smp_allowed(&cup_));
    mia_cup_connected(&cup_, 1400, 0, 0);
    mia_cup_connected(&cup_, 1500, 1, 0);
    CHECK(!mia_cup_smp_allowed(&cup_));
}

/* A board that speaks 1.1: Info says 1.1, the 1.2 opcodes are unknown, the claim in the clear
 * and the 1.1 proof work, nothing is sealed. */
static void a_board_that_speaks_1_1(void)
{
    uint8_t info[MIA_FRAME_MAX];
    uint8_t key[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
    uint8_t f[MIA_FRAME_MAX];
    start(0, 0, 0, 1, 1000);
    CHECK_EQ(mia_cup_read_info(&cup_, info), MIA_INFO_LEN);
    CHECK_EQ(info[1], 1);
    CHECK_EQ(request(1010, MIA_OP_CLAIM_BEGIN, key, 16, 0), MIA_STATUS_UNKNOWN_OPCODE);
    CHECK_EQ(request(1020, MIA_OP_FIRMWARE_UNLOCK, 0, 0, 0), MIA_STATUS_UNKNOWN_OPCODE);
    CHECK_EQ(request(1030, MIA_OP_CLAIM, key, 16, 0), MIA_STATUS_OK);
    CHECK(cup_.owned && cup_.proven);
    CHECK_EQ(request(1040, MIA_OP_RELEASE, 0, 0, f), MIA_STATUS_OK); /* no tag needed */
    CHECK(!cup_.owned);
    start(0, 0, 0, 0, 1000);
    CHECK_EQ(mia_cup_read_info(&cup_, info), MIA_INFO_LEN);
    CHECK_EQ(info[1], 2);
}

void run_session_tests(void)
{
    T_CASE("session", keys_vectors_);
    T_CASE("session", session_vectors_);
    T_CASE("session", a_shake_confirms_a_claim);
    T_CASE("session", a_button_confirms_a_claim);
    T_CASE("session", a_lost_link_ends_the_claim);
    T_CASE("session", smp_needs_the_unlock);
    T_CASE("session", smp_unlocked_until_the_link_goes);
    T_CASE("session", a_board_that_speaks_1_1);
}
