/* A stranger that leaves by itself (PROTOCOL.md 6, "Keeping a stranger out for a while"), through
 * the board API: a connection the cup would have dropped, had its peer not left first, counts
 * for the peer's back-off like a drop 2 s earlier (so the first leave costs no wait); the owner
 * and a claim waiting for its gesture count nothing, nor anyone on a 1.1 board without an
 * owner (it drops no one). */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_keys.h"
#include "test.h"

#define cup_ test_cup_
static const uint8_t owner_[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t nonce_[16] = {7, 7, 7, 7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const uint8_t app_priv_[32] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 11, 12, 13, 14, 15, 16,
                                      17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30};
static uint8_t req_;

static void boot(const uint8_t *owner_key, uint8_t minor)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED;
    s.accel_rate_hz = 100;
    s.random = test_rng;
    s.owner_key = owner_key;
    s.protocol_minor = minor;
    test_rng_seed(79);
    mia_cup_init(&cup_, &s, 0, 0);
}

static const uint8_t *peer(uint8_t who)
{
    static uint8_t addr[MIA_PEER_ADDR_LEN];
    uint8_t i;
    for (i = 0; i < MIA_PEER_ADDR_LEN; i++) {
        addr[i] = (uint8_t)(0xa0u + who + i);
    }
    return addr;
}

/* A connection from `who` at `now`: whether the cup refuses it. */
static int refused(uint8_t who, uint32_t now)
{
    mia_cup_connected(&cup_, now, 1, peer(who));
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    return mia_cup_should_disconnect(&cup_, now);
}

/* The peer ends the link at `now` (the cup did not ask for it). */
static void leave(uint32_t now)
{
    CHECK(!mia_cup_should_disconnect(&cup_, now));
    mia_cup_connected(&cup_, now, 0, 0);
}

static uint8_t request(uint32_t now, uint8_t op, const uint8_t *args, size_t n, uint8_t out[20])
{
    uint8_t w[MIA_FRAME_MAX];
    mia_chr chr = MIA_CHR_NONE;
    w[0] = op;
    w[1] = ++req_;
    if (n > 0) {
        memcpy(w + 2, args, n);
    }
    CHECK_EQ(mia_cup_control_write(&cup_, now, w, 2 + n), 0);
    if (mia_cup_next_notification(&cup_, now, &chr, out) < 3 || chr != MIA_CHR_REPLY) {
        return 0xEE;
    }
    return out[2];
}

static void a_stranger_that_connects_and_leaves_counts_like_a_drop(void)
{
    boot(owner_, 0);
    CHECK(!refused(1, 1000));
    leave(1500); /* as if dropped at -500: its 2 s are over */
    CHECK(!refused(1, 1500));
    leave(1600); /* the second: 4 s from -400 */
    CHECK(refused(1, 3599));
    mia_cup_connected(&cup_, 3599, 0, 0); /* a refused connection adds nothing */
    CHECK(!refused(2, 3599)); /* another peer is let in */
    leave(3599);
    CHECK(!refused(1, 3600));
    leave(3700); /* the third: 8 s from 1700 */
    CHECK(refused(1, 9699));
    mia_cup_connected(&cup_, 9699, 0, 0);
    CHECK(!refused(1, 9700));
    /* a drop after leaves goes on from them: the fourth, 16 s */
    CHECK(mia_cup_should_disconnect(&cup_, 9700 + MIA_UNPROVEN_DROP_MS));
    mia_cup_connected(&cup_, 9700 + MIA_UNPROVEN_DROP_MS, 0, 0);
    CHECK(refused(1, 14700 + 15999u));
    mia_cup_connected(&cup_, 14700 + 15999u, 0, 0);
    CHECK(!refused(1, 14700 + 16000u));
    /* and a stranger dropped once that then leaves waits as after two drops, less 2 s */
    boot(owner_, 0);
    CHECK(!refused(3, 0));
    CHECK(mia_cup_should_disconnect(&cup_, MIA_UNPROVEN_DROP_MS));
    mia_cup_connected(&cup_, MIA_UNPROVEN_DROP_MS, 0, 0);
    CHECK(!refused(3, 7000));
    leave(7100);
    CHECK(refused(3, 9099));
    mia_cup_connected(&cup_, 9099, 0, 0);
    CHECK(!refused(3, 9100));
}

/* The 1.2 proof on this connection. */
static uint8_t prove(uint32_t now)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t challenge[16];
    uint8_t answer[16];
    CHECK_EQ(request(now, MIA_OP_AUTH_CHALLENGE, 0, 0, f), MIA_STATUS_OK);
    memcpy(challenge, f + 3, 16);
    CHECK_EQ(request(now, MIA_OP_AUTH_CUP_PROOF, nonce_, 16, f), MIA_STATUS_OK);
    mia_keys_mac(owner_, MIA_KEY_APP_PROOF, challenge, nonce_, answer);
    return request(now, MIA_OP_AUTH_PROVE, answer, 16, f);
}

/* claim_begin and claim_key; with `confirm`, claim_confirm too: the claim waits for its
 * gesture. */
static void claim(uint32_t now, int confirm)
{
    uint8_t app_pub[32];
    uint8_t cup_pub[32];
    uint8_t key[16];
    uint8_t mine[16];
    uint8_t f[MIA_FRAME_MAX];
    mia_x25519_base(app_pub, app_priv_);
    CHECK_EQ(request(now, MIA_OP_CLAIM_BEGIN, app_pub, 16, f), MIA_STATUS_OK);
    memcpy(cup_pub, f + 3, 16);
    CHECK_EQ(request(now, MIA_OP_CLAIM_KEY, app_pub + 16, 16, f), MIA_STATUS_OK);
    memcpy(cup_pub + 16, f + 3, 16);
    if (confirm) {
        CHECK_EQ(mia_keys_agree(app_priv_, cup_pub, app_pub, cup_pub, key), 0);
        mia_keys_mac(key, MIA_KEY_APP_CONFIRM, 0, 0, mine);
        CHECK_EQ(request(now, MIA_OP_CLAIM_CONFIRM, mine, 16, f), 0xEE);
        CHECK(mia_cup_claim_waiting(&cup_));
    }
}

static void the_owner_and_a_claim_waiting_for_its_gesture_count_nothing(void)
{
    int i;
    boot(owner_, 0);
    CHECK(!refused(4, 1000));
    CHECK_EQ(prove(1010), MIA_STATUS_OK); /* the owner's app */
    leave(2000);
    for (i = 0; i < 3; i++) { /* it looks and goes, unproven: never kept out */
        CHECK(!refused(4, 2000));
        leave(2000);
    }
    CHECK(!refused(4, 2000));
    /* a cup without an owner: a claim waiting for its gesture holds the link, and its peer
     * leaving it (a link lost) counts nothing */
    boot(0, 0);
    for (i = 0; i < 2; i++) {
        CHECK(!refused(5, 1000));
        claim(1000, 1);
        leave(1100);
    }
    CHECK(!refused(5, 1100));
    /* a claim only begun holds nothing: it counts, as the cup would have dropped it */
    claim(1100, 0);
    leave(1200);
    CHECK(!refused(5, 1200));
    claim(1200, 0);
    leave(1300);
    CHECK(refused(5, 3299));
}

static void a_1_1_board_counts_only_where_it_drops(void)
{
    int i;
    boot(0, 1); /* without an owner a 1.1 board drops no one: nothing counts */
    for (i = 0; i < 4; i++) {
        CHECK(!refused(6, 1000));
        leave(1100);
    }
    CHECK(!refused(6, 1100));
    leave(1100);
    boot(owner_, 1); /* with one, it drops after 10 s: a leave before counts */
    CHECK(!refused(6, 1000));
    leave(1100);
    CHECK(!refused(6, 1100));
    leave(1200);
    CHECK(refused(6, 3199));
}

void run_leave_tests(void)
{
    T_CASE("leave", a_stranger_that_connects_and_leaves_counts_like_a_drop);
    T_CASE("leave", the_owner_and_a_claim_waiting_for_its_gesture_count_nothing);
    T_CASE("leave", a_1_1_board_counts_only_where_it_drops);
}
