/* Protocol 1.2 beyond the vectors: a shake or a button as the gesture, a lost link, SMP, 1.1. */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_keys.h"
#include "session_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

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

void run_session_beyond_tests(void)
{
    T_CASE("session", a_shake_confirms_a_claim);
    T_CASE("session", a_button_confirms_a_claim);
    T_CASE("session", a_lost_link_ends_the_claim);
    T_CASE("session", smp_needs_the_unlock);
    T_CASE("session", smp_unlocked_until_the_link_goes);
    T_CASE("session", a_board_that_speaks_1_1);
}
