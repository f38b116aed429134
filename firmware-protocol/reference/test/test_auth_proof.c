/* Ownership: no RNG, and what auth_prove does (PROTOCOL.md 4.4); test_auth.c has the rest. */
#include <string.h>

#include "../src/mia_cup.h"
#include "auth_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

static void without_an_rng_the_cup_cannot_be_owned(void)
{
    mia_cup_setup s;
    uint8_t c[16];
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_LED;
    s.owner_changed = on_owner_changed;
    s.protocol_minor = 1;
    owner_changed_calls = 0;
    mia_cup_init(&cup_, &s, 0, 0);
    CHECK_EQ(cup_.boot_id, 0);
    connect(100);
    CHECK_EQ(claim(110, key_a), MIA_STATUS_DENIED);
    CHECK(!cup_.owned);
    CHECK_EQ(owner_changed_calls, 0);
    /* a stored owner cannot prove with a predictable (zero) challenge: only the reset frees it */
    s.owner_key = key_a;
    mia_cup_init(&cup_, &s, 0, 0);
    connect(200);
    challenge(210, c);
    CHECK_EQ(prove_with(220, key_a, c), MIA_STATUS_DENIED);
    CHECK(!cup_.proven);
    mia_cup_forget_owner(&cup_);
    CHECK(!cup_.owned);
    CHECK_EQ(owner_changed_calls, 1);
}

/* ---------------------------------------------------------------- what auth_prove does (4.4) */

/* A right answer spends the challenge too: the next one is new, the old answer is useless. */
static void a_right_answer_spends_the_challenge(void)
{
    uint8_t c1[16];
    uint8_t c2[16];
    boot(key_a, 40, 0);
    connect(100);
    challenge(110, c1);
    CHECK_EQ(prove_with(120, key_a, c1), MIA_STATUS_OK);
    challenge(130, c2);
    CHECK(memcmp(c1, c2, 16) != 0);
    CHECK_EQ(prove_with(140, key_a, c1), MIA_STATUS_DENIED); /* the answer, replayed */
}

/* Notifications due now: Events counted, the last State's flags, a telemetry `end` reason. */
static void drain_all(uint32_t now, int *events, int *state_flags, int *end_reason)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    *events = 0;
    *state_flags = -1;
    *end_reason = -1;
    while ((n = mia_cup_next_notification(&cup_, now, &chr, f)) > 0) {
        mia_telemetry_frame tf;
        if (chr == MIA_CHR_EVENTS) {
            (*events)++;
        } else if (chr == MIA_CHR_STATE) {
            *state_flags = f[0];
        } else if (chr == MIA_CHR_TELEMETRY && mia_decode_telemetry(f, n, &tf) == MIA_ACCEPT &&
                   tf.kind == MIA_TLM_END) {
            *end_reason = tf.reason;
        }
    }
}

/* A denied proof on a proven connection withdraws the proof: needs_proof again, no Events, the
 * telemetry stream ends, State says so; a fresh proof restores it; after the first 10 s the
 * connection is dropped at once. */
static void a_denied_proof_withdraws_the_proof(void)
{
    static const uint8_t seconds[1] = {10};
    uint8_t f[MIA_FRAME_MAX];
    uint8_t c[16];
    size_t n;
    int events;
    int flags;
    int end;
    boot(key_a, 41, 0);
    cup_.setup.capabilities |= MIA_CAP_TELEMETRY;
    lid_at(0, 0);
    connect(1000);
    mia_cup_subscribe(&cup_, MIA_CHR_TELEMETRY, 1);
    challenge(1010, c);
    CHECK_EQ(prove_with(1020, key_a, c), MIA_STATUS_OK);
    CHECK_EQ(request(1030, MIA_OP_TELEMETRY_START, seconds, 1, f, &n), MIA_STATUS_OK);
    lid_at(1100, 1);
    drain_all(1300, &events, &flags, &end);
    CHECK_EQ(events, 1); /* live */
    CHECK_EQ(flags & MIA_STATE_PROVEN, MIA_STATE_PROVEN);

    challenge(1400, c);
    CHECK_EQ(prove_with(1410, key_b, c), MIA_STATUS_DENIED);
    drain_all(1500, &events, &flags, &end);
    CHECK_EQ(flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), MIA_STATE_OWNED); /* notified */
    CHECK_EQ(end, MIA_TLM_END_OTHER);
    CHECK(!cup_.telemetry.running);
    CHECK_EQ(simple(1510, MIA_OP_READ_CONFIG), MIA_STATUS_NEEDS_PROOF);
    CHECK_EQ(simple(1520, MIA_OP_RELEASE), MIA_STATUS_NEEDS_PROOF);
    CHECK(cup_.owned);
    lid_at(1600, 0);
    drain_all(1800, &events, &flags, &end);
    CHECK_EQ(events, 0); /* logged, not notified */
    CHECK(!mia_cup_should_disconnect(&cup_, 1800)); /* one denied, within 10 s */

    challenge(2000, c); /* proven again with a fresh challenge */
    CHECK_EQ(prove_with(2010, key_a, c), MIA_STATUS_OK);
    CHECK_EQ(simple(2020, MIA_OP_READ_CONFIG), MIA_STATUS_OK);
    CHECK(!mia_cup_should_disconnect(&cup_, 20000));
    /* after the first 10 s, a withdrawn proof ends the connection (after the Reply) */
    challenge(20000, c);
    CHECK_EQ(prove_with(20010, key_b, c), MIA_STATUS_DENIED);
    CHECK(mia_cup_should_disconnect(&cup_, 20010));
}

/* After a wrong answer the next proof needs a fresh auth_challenge: the right answer to the new
 * challenge, not asked for, is denied. */
static void after_a_wrong_answer_the_next_proof_needs_a_fresh_challenge(void)
{
    uint8_t c1[16];
    uint8_t c2[16];
    boot(key_a, 42, 0);
    connect(100);
    challenge(110, c1);
    CHECK_EQ(prove_with(120, key_b, c1), MIA_STATUS_DENIED);
    CHECK(memcmp(cup_.challenge, c1, 16) != 0); /* drawn at once */
    CHECK_EQ(prove_with(130, key_a, cup_.challenge), MIA_STATUS_DENIED); /* not asked for */
    challenge(140, c2);
    CHECK_EQ(prove_with(150, key_a, c2), MIA_STATUS_OK);
    CHECK_EQ(cup_.denied, 2);
    CHECK(!mia_cup_should_disconnect(&cup_, 150));
}

/* release on a cup without an owner: ok, and nothing written (so a retried release is ok). */
static void release_on_a_cup_without_owner_is_ok_and_writes_nothing(void)
{
    uint8_t c[16];
    boot(0, 43, 0);
    connect(100);
    CHECK_EQ(simple(110, MIA_OP_RELEASE), MIA_STATUS_OK);
    CHECK_EQ(owner_changed_calls, 0);
    /* an owner's release whose Reply was lost, sent again */
    boot(key_a, 44, 0);
    connect(100);
    challenge(110, c);
    CHECK_EQ(prove_with(120, key_a, c), MIA_STATUS_OK);
    CHECK_EQ(simple(130, MIA_OP_RELEASE), MIA_STATUS_OK);
    CHECK_EQ(simple(140, MIA_OP_RELEASE), MIA_STATUS_OK);
    CHECK_EQ(owner_changed_calls, 1);
    CHECK(!cup_.owned && !stored);
}

/* Denied proofs on a cup without an owner count, but such a cup drops no one; once the
 * connection has claimed it, a failed proof is its fourth and ends it. */
static void denied_proofs_on_a_cup_without_owner_count_but_drop_no_one(void)
{
    uint8_t c[16];
    int i;
    boot(0, 45, 0);
    connect(100);
    for (i = 0; i < 3; i++) {
        challenge(200, c);
        CHECK_EQ(prove_with(210, key_b, c), MIA_STATUS_DENIED);
    }
    CHECK_EQ(cup_.denied, 3);
    CHECK(!mia_cup_should_disconnect(&cup_, 220));
    CHECK(!mia_cup_should_disconnect(&cup_, 60000));
    CHECK_EQ(simple(230, MIA_OP_READ_CONFIG), MIA_STATUS_OK);
    CHECK_EQ(claim(240, key_a), MIA_STATUS_OK);
    CHECK(!mia_cup_should_disconnect(&cup_, 250));
    challenge(260, c);
    CHECK_EQ(prove_with(270, key_b, c), MIA_STATUS_DENIED);
    CHECK(mia_cup_should_disconnect(&cup_, 270));
}

void run_auth_proof_tests(void)
{
    T_CASE("auth", without_an_rng_the_cup_cannot_be_owned);
    T_CASE("auth", a_right_answer_spends_the_challenge);
    T_CASE("auth", a_denied_proof_withdraws_the_proof);
    T_CASE("auth", after_a_wrong_answer_the_next_proof_needs_a_fresh_challenge);
    T_CASE("auth", release_on_a_cup_without_owner_is_ok_and_writes_nothing);
    T_CASE("auth", denied_proofs_on_a_cup_without_owner_count_but_drop_no_one);
}
