/* Who may stay connected, and what a stranger may ask (PROTOCOL.md 4.4 and 6, protocol 1.2):
 * identify needs the owner's proof, or on a cup without an owner a claim waiting for its
 * gesture (a 1.1 board blinks for anyone); a cup without an owner drops a connection that does
 * not claim it within 5 s, but not while its claim waits for the gesture; a connection that
 * released the cup keeps its place. */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_keys.h"
#include "test.h"

#define cup_ test_cup_
static const uint8_t owner_[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t nonce_[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
static const uint8_t app_priv_[32] = {5, 4, 3, 2, 1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                      17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30};
static const uint8_t blink_[3] = {0x01, 0xe8, 0x03}; /* blink, 1000 ms */
static int identified_;
static uint8_t req_;
static uint8_t minor_; /* the protocol minor the next start() boots (0: the newest) */

static void on_identify(void *ctx, uint8_t pattern, uint16_t ms)
{
    (void)ctx;
    (void)pattern;
    (void)ms;
    identified_++;
}

static void start(const uint8_t *owner_key, uint32_t at)
{
    static const uint8_t peer[MIA_PEER_ADDR_LEN] = {1, 2, 3, 4, 5, 6};
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED;
    s.accel_rate_hz = 100;
    s.random = test_rng;
    s.identify = on_identify;
    s.owner_key = owner_key;
    s.protocol_minor = minor_;
    test_rng_seed(78);
    mia_cup_init(&cup_, &s, 0, 0);
    mia_cup_lid(&cup_, 0, 0);
    mia_cup_tick(&cup_, 60);
    mia_cup_connected(&cup_, at, 1, peer);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    identified_ = 0;
}

/* Writes a request; its Reply's status (0xEE: no Reply now), the Reply in out. */
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

/* The 1.2 proof; returns the session key in session. */
static uint8_t prove(uint32_t now, uint8_t session[16])
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t challenge[16];
    uint8_t answer[16];
    CHECK_EQ(request(now, MIA_OP_AUTH_CHALLENGE, 0, 0, f), MIA_STATUS_OK);
    memcpy(challenge, f + 3, 16);
    CHECK_EQ(request(now, MIA_OP_AUTH_CUP_PROOF, nonce_, 16, f), MIA_STATUS_OK);
    mia_keys_mac(owner_, MIA_KEY_APP_PROOF, challenge, nonce_, answer);
    mia_keys_mac(owner_, MIA_KEY_SESSION, challenge, nonce_, session);
    return request(now, MIA_OP_AUTH_PROVE, answer, 16, f);
}

/* claim_begin and claim_key at `now`; with `confirm`, the claim_confirm too (it then waits). */
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

static void identify_needs_the_owners_proof(void)
{
    static const uint8_t neither[3] = {0x00, 0xe8, 0x03};
    uint8_t f[MIA_FRAME_MAX];
    uint8_t session[16];
    start(owner_, 1000);
    CHECK_EQ(request(1010, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_NEEDS_PROOF);
    CHECK_EQ(request(1020, MIA_OP_IDENTIFY, neither, 3, f), MIA_STATUS_BAD_VALUE); /* first */
    CHECK_EQ(identified_, 0);
    CHECK_EQ(prove(1030, session), MIA_STATUS_OK);
    CHECK_EQ(request(1040, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_OK);
    CHECK_EQ(identified_, 1);
}

static void identify_on_a_cup_without_an_owner_only_for_its_claim(void)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    int i;
    start(0, 1000);
    for (i = 0; i < 4; i++) { /* claim it first; a refusal is not a denial: nothing counts */
        CHECK_EQ(request(1010, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_NEEDS_PROOF);
    }
    CHECK_EQ(identified_, 0);
    CHECK(!mia_cup_should_disconnect(&cup_, 1010));
    claim(1100, 0); /* begun, not waiting: still nothing */
    CHECK_EQ(request(1110, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_NEEDS_PROOF);
    start(0, 1000);
    claim(1100, 1); /* the claim's own blink */
    CHECK_EQ(identified_, 1);
    CHECK_EQ(request(1200, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_OK); /* while it waits */
    CHECK_EQ(identified_, 2);
    mia_cup_tick(&cup_, 11100); /* nobody at the cup: after 10 s the claim ends */
    CHECK(mia_cup_next_notification(&cup_, 11100, &chr, f) == 3 && f[2] == MIA_STATUS_NO_GESTURE);
    CHECK_EQ(request(11200, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_NEEDS_PROOF);
    CHECK_EQ(identified_, 2);
    /* a 1.1 board keeps 1.1's rule: anyone makes a cup without an owner blink */
    minor_ = 1;
    start(0, 1000);
    CHECK_EQ(request(1010, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_OK);
    CHECK_EQ(identified_, 1);
    minor_ = 0;
}

static void a_cup_without_an_owner_keeps_room_for_a_claim(void)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    /* a connection that does not claim it: 5 s */
    start(0, 1000);
    CHECK(mia_cup_busy(&cup_)); /* the board keeps ticking for the 5 s */
    CHECK(!mia_cup_should_disconnect(&cup_, 5999));
    CHECK(mia_cup_should_disconnect(&cup_, 6000));
    /* a claim begun but not confirmed holds nothing */
    start(0, 1000);
    claim(4000, 0);
    CHECK(mia_cup_should_disconnect(&cup_, 6000));
    /* a claim waiting for its gesture holds the link; the gesture proves it */
    start(0, 1000);
    claim(5000, 1);
    CHECK(!mia_cup_should_disconnect(&cup_, 6000));
    CHECK(!mia_cup_should_disconnect(&cup_, 14999));
    mia_cup_claim_button(&cup_, 9000);
    CHECK(cup_.owned && cup_.proven);
    CHECK(!mia_cup_should_disconnect(&cup_, 600000));
    /* nobody at the cup: no_gesture, then 5 s more (to tell the players); a second claim on
     * the connection holds nothing */
    start(0, 1000);
    claim(5000, 1);
    mia_cup_tick(&cup_, 15000);
    CHECK(mia_cup_next_notification(&cup_, 15000, &chr, f) == 3 && f[2] == MIA_STATUS_NO_GESTURE);
    CHECK(!mia_cup_should_disconnect(&cup_, 19999));
    claim(16000, 1);
    CHECK(mia_cup_should_disconnect(&cup_, 20000));
}

static void a_connection_that_released_the_cup_stays(void)
{
    uint8_t w[MIA_FRAME_MAX];
    uint8_t f[MIA_FRAME_MAX];
    uint8_t session[16];
    mia_chr chr;
    start(owner_, 1000);
    CHECK_EQ(prove(1010, session), MIA_STATUS_OK);
    w[0] = MIA_OP_RELEASE;
    w[1] = 0x40;
    mia_keys_tag(session, MIA_KEY_REQUEST_TAG, 0, w, 2, w + 2);
    CHECK_EQ(mia_cup_control_write(&cup_, 1020, w, 2 + MIA_TAG_LEN), 0);
    CHECK(mia_cup_next_notification(&cup_, 1020, &chr, f) == 11 && f[2] == MIA_STATUS_OK);
    CHECK(!cup_.owned);
    CHECK(!mia_cup_should_disconnect(&cup_, 600000)); /* it proved itself, then gave the cup up */
    CHECK_EQ(request(1030, MIA_OP_IDENTIFY, blink_, 3, f), MIA_STATUS_NEEDS_PROOF); /* not its */
    mia_cup_connected(&cup_, 600000, 0, 0);
    mia_cup_connected(&cup_, 600100, 1, 0); /* the next one has 5 s to claim it */
    CHECK(mia_cup_should_disconnect(&cup_, 605100));
}

void run_room_tests(void)
{
    T_CASE("room", identify_needs_the_owners_proof);
    T_CASE("room", identify_on_a_cup_without_an_owner_only_for_its_claim);
    T_CASE("room", a_cup_without_an_owner_keeps_room_for_a_claim);
    T_CASE("room", a_connection_that_released_the_cup_stays);
}
