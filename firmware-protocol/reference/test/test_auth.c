/* Ownership (PROTOCOL.md 4.4 and section 6) through the cup's board API: the boot id, claiming,
 * proving, what needs proof, no Events before proof, dropping an unproven connection, release.
 * The app side is played (test_auth_util.c) with the same HMAC the app computes; what
 * auth_prove does is in test_auth_proof.c, the reset gesture in test_auth_reset.c. */
#include <string.h>

#include "../src/mia_cup.h"
#include "auth_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

static void boot_id_is_random_and_in_state_and_booted(void)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_event_frame ev;
    mia_state st;
    uint32_t first;
    unsigned long calls;
    boot(0, 1, 0);
    calls = test_rng_calls();
    CHECK(calls >= 1);
    st = read_state(5);
    CHECK_EQ(st.has_boot_id, 1);
    CHECK_EQ(mia_encode_event(mia_log_find(&cup_.log, 0), f), 11);
    CHECK_EQ(mia_decode_event(f, 11, &ev), MIA_ACCEPT);
    CHECK_EQ(ev.ev.type, MIA_EVENT_BOOTED);
    CHECK_EQ(ev.has_boot_id, 1);
    CHECK_EQ(ev.ev.value[0], st.boot_id);
    CHECK_EQ(st.boot_id, cup_.boot_id);
    first = st.boot_id;
    boot(0, 2, 0); /* another boot draws another id */
    CHECK(read_state(5).boot_id != first);
    CHECK(read_state(5).flags == 0);
    /* a scripted draw: the id is the 4 bytes little-endian */
    {
        static const uint8_t id[4] = {0xb9, 0x79, 0x37, 0x9e};
        mia_cup_setup s = cup_.setup;
        test_rng_script(id, 4);
        mia_cup_init(&cup_, &s, 0, 0);
        CHECK_EQ(read_state(0).boot_id, 0x9e3779b9u);
    }
}

static void a_cup_without_owner_needs_no_proof(void)
{
    uint8_t c1[16];
    uint8_t c2[16];
    uint32_t t;
    boot(0, 3, 0);
    connect(100);
    CHECK(!advert_owned());
    CHECK_EQ(read_state(100).flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), 0);
    CHECK_EQ(replay_since(110, 65535), MIA_STATUS_OK);
    CHECK_EQ(drain_events(110, 0), 1); /* booted */
    CHECK_EQ(simple(120, MIA_OP_READ_CONFIG), MIA_STATUS_OK);
    CHECK_EQ(simple(130, MIA_OP_RELEASE), MIA_STATUS_OK); /* nothing to forget */
    CHECK_EQ(owner_changed_calls, 0);
    lid_at(150, 0);
    lid_at(250, 1);
    CHECK_EQ(drain_events(350, 0), 1); /* live */
    /* there is no owner to prove: denied, and the challenge is spent */
    challenge(400, c1);
    CHECK_EQ(prove_with(410, key_a, c1), MIA_STATUS_DENIED);
    challenge(420, c2);
    CHECK(memcmp(c1, c2, 16) != 0);
    /* never dropped, and not kept awake by the connection */
    for (t = 500; t < 60000; t += 1000) {
        CHECK(!mia_cup_should_disconnect(&cup_, t));
    }
    mia_cup_tick(&cup_, 60000);
    (void)drain_events(60000, 0);
    CHECK(!mia_cup_busy(&cup_));
}

static void claim_stores_the_key_first_and_proves(void)
{
    mia_state st;
    boot(0, 4, 0);
    connect(100);
    CHECK_EQ(claim(200, key_a), MIA_STATUS_OK);
    CHECK_EQ(owner_changed_calls, 1);
    CHECK_EQ(replies_queued_when_stored, 0); /* stored before the Reply was queued */
    CHECK(stored && memcmp(stored_key, key_a, 16) == 0);
    st = read_state(210);
    CHECK_EQ(st.flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), MIA_STATE_OWNED | MIA_STATE_PROVEN);
    CHECK(advert_owned());
    /* the claiming connection is proven: nothing needs proof, it is never dropped */
    CHECK_EQ(simple(220, MIA_OP_READ_CONFIG), MIA_STATUS_OK);
    CHECK(!mia_cup_should_disconnect(&cup_, 60000));
    /* the next connection is not proven */
    mia_cup_connected(&cup_, 300, 0, 0);
    connect(400);
    st = read_state(410);
    CHECK_EQ(st.flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), MIA_STATE_OWNED);
    CHECK_EQ(simple(420, MIA_OP_READ_CONFIG), MIA_STATUS_NEEDS_PROOF);
    /* another app cannot claim it */
    CHECK_EQ(claim(430, key_b), MIA_STATUS_DENIED);
    CHECK_EQ(owner_changed_calls, 1);
    CHECK(memcmp(cup_.owner_key, key_a, 16) == 0);
    /* a reboot reads the key back from "flash" */
    boot(stored_key, 5, 0);
    connect(10);
    CHECK_EQ(read_state(20).flags & MIA_STATE_OWNED, MIA_STATE_OWNED);
}

static void a_whole_connection_to_an_owned_cup(void)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t c1[16];
    uint8_t c2[16];
    uint8_t c3[16];
    size_t n;
    mia_state st;
    mia_chr chr;
    uint16_t last = 0;
    int states = 0;
    boot(key_a, 6, 0);
    lid_at(0, 0);
    connect(1000);
    CHECK(advert_owned());
    st = read_state(1000);
    CHECK_EQ(st.flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), MIA_STATE_OWNED);
    CHECK(mia_cup_busy(&cup_)); /* the 10 s are running: keep ticking */

    /* Unproven: these need proof and change nothing. */
    CHECK_EQ(replay_since(1010, 65535), MIA_STATUS_NEEDS_PROOF);
    CHECK_EQ(simple(1020, MIA_OP_READ_CONFIG), MIA_STATUS_NEEDS_PROOF);
    {
        static const uint8_t cfg[10] = {0x58, 0x02, 0x96, 0x00, 0xc8, 0x00, 0x32, 0x00, 0x58, 0x02};
        CHECK_EQ(request(1030, MIA_OP_WRITE_CONFIG, cfg, 10, f, &n), MIA_STATUS_NEEDS_PROOF);
        CHECK_EQ(cup_.config.shake_threshold_mg, 1200);
        /* a malformed request gets its own status first */
        CHECK_EQ(request(1035, MIA_OP_WRITE_CONFIG, cfg, 5, f, &n), MIA_STATUS_BAD_LENGTH);
    }
    CHECK_EQ(simple(1040, MIA_OP_RELEASE), MIA_STATUS_NEEDS_PROOF);
    CHECK(cup_.owned);
    CHECK_EQ(owner_changed_calls, 0);
    /* identify works unproven: a table finds its cup first */
    {
        static const uint8_t blink[3] = {0x01, 0xd0, 0x07};
        CHECK_EQ(request(1050, MIA_OP_IDENTIFY, blink, 3, f, &n), MIA_STATUS_OK);
        CHECK_EQ(identify_calls, 1);
    }

    /* Events are logged, but not notified before proof; State still is. */
    lid_at(2000, 1);
    CHECK_EQ(mia_log_last_seq(&cup_.log), 1);
    while ((n = mia_cup_next_notification(&cup_, 2200, &chr, f)) > 0) {
        CHECK(chr != MIA_CHR_EVENTS);
        states += chr == MIA_CHR_STATE;
    }
    CHECK_EQ(states, 1);
    CHECK_EQ(read_state(2200).flags & MIA_STATE_LID_OPEN, MIA_STATE_LID_OPEN);

    /* A proof without a challenge asked is denied, even the right answer. */
    CHECK_EQ(prove_with(3000, key_a, cup_.challenge), MIA_STATUS_DENIED);
    CHECK_EQ(cup_.denied, 1);
    /* Asking twice gives the same challenge until it is answered. */
    challenge(3100, c1);
    challenge(3110, c2);
    CHECK(memcmp(c1, c2, 16) == 0);
    /* A wrong key is denied, and the challenge changes. */
    CHECK_EQ(prove_with(3200, key_b, c1), MIA_STATUS_DENIED);
    CHECK_EQ(cup_.denied, 2);
    CHECK(!mia_cup_should_disconnect(&cup_, 3200));
    challenge(3300, c2);
    CHECK(memcmp(c1, c2, 16) != 0);
    /* The old challenge's answer is useless now (a replayed answer). */
    CHECK_EQ(prove_with(3400, key_a, c1), MIA_STATUS_DENIED);
    CHECK(mia_cup_should_disconnect(&cup_, 3400)); /* that was the third */

    /* The same on a new connection, proven this time. */
    mia_cup_connected(&cup_, 3500, 0, 0);
    connect(4000);
    CHECK_EQ(cup_.denied, 0);
    CHECK(!mia_cup_should_disconnect(&cup_, 4000));
    lid_at(5000, 0); /* a closing (seq 2), not notified */
    CHECK_EQ(drain_events(5200, 0), 0);
    challenge(6000, c3);
    CHECK(memcmp(c3, c2, 16) != 0); /* a new connection, a new challenge */
    CHECK_EQ(prove_with(6010, key_a, c3), MIA_STATUS_OK);
    st = read_state(6020);
    CHECK_EQ(st.flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), MIA_STATE_OWNED | MIA_STATE_PROVEN);
    CHECK(!mia_cup_should_disconnect(&cup_, 60000));
    (void)drain_events(6020, 0); /* the State change */

    /* Proven: a replay delivers what was logged before the proof. */
    CHECK_EQ(replay_since(6100, 65535), MIA_STATUS_OK);
    CHECK_EQ(drain_events(6100, &last), 3); /* booted, opened, closed */
    CHECK_EQ(last, 2);
    /* and new events are live */
    lid_at(7000, 1);
    CHECK_EQ(drain_events(7200, &last), 1);
    CHECK_EQ(last, 3);
    CHECK_EQ(simple(7300, MIA_OP_READ_CONFIG), MIA_STATUS_OK);
    /* proven again later on the same connection: a fresh challenge each time */
    challenge(7400, c1);
    CHECK(memcmp(c1, c3, 16) != 0);
    CHECK_EQ(prove_with(7410, key_a, c1), MIA_STATUS_OK);
}

static void the_third_denied_proof_drops_after_its_reply(void)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t c[16];
    size_t n;
    int i;
    boot(key_a, 7, 0);
    connect(100);
    for (i = 0; i < 3; i++) {
        CHECK(!mia_cup_should_disconnect(&cup_, 200));
        challenge(200, c);
        CHECK_EQ(prove_with(210, key_b, c), MIA_STATUS_DENIED); /* the Reply is taken first */
    }
    CHECK(mia_cup_should_disconnect(&cup_, 220));
    CHECK_EQ(request(230, MIA_OP_READ_CONFIG, 0, 0, f, &n), MIA_STATUS_NEEDS_PROOF);
    mia_cup_connected(&cup_, 240, 0, 0);
    CHECK(!mia_cup_should_disconnect(&cup_, 250));
    connect(300);
    CHECK(!mia_cup_should_disconnect(&cup_, 310));
}

static void an_unproven_connection_is_dropped_after_10_s(void)
{
    uint8_t c[16];
    boot(key_a, 8, 0);
    connect(1000);
    CHECK(!mia_cup_should_disconnect(&cup_, 10999));
    CHECK(mia_cup_should_disconnect(&cup_, 11000));
    CHECK(mia_cup_busy(&cup_));
    /* a new connection gets its own 10 s */
    mia_cup_connected(&cup_, 11000, 0, 0);
    CHECK(!mia_cup_should_disconnect(&cup_, 11000));
    connect(20000);
    CHECK(!mia_cup_should_disconnect(&cup_, 29999));
    challenge(25000, c);
    CHECK_EQ(prove_with(25010, key_a, c), MIA_STATUS_OK);
    CHECK(!mia_cup_should_disconnect(&cup_, 30000));
    CHECK(!mia_cup_should_disconnect(&cup_, 900000));
    /* a time across the u32 wrap */
    boot(key_a, 9, 0xFFFFF000u);
    connect(0xFFFFF000u);
    CHECK(!mia_cup_should_disconnect(&cup_, 0x00001000u));
    CHECK(mia_cup_should_disconnect(&cup_, 0xFFFFF000u + 10000u));
}

static void a_proven_owner_hands_on_or_releases(void)
{
    uint8_t c[16];
    boot(key_a, 10, 0);
    connect(100);
    challenge(110, c);
    CHECK_EQ(prove_with(120, key_a, c), MIA_STATUS_OK);
    /* a proven connection may claim with a new key: it replaces the old one */
    CHECK_EQ(claim(130, key_b), MIA_STATUS_OK);
    CHECK_EQ(owner_changed_calls, 1);
    CHECK(memcmp(stored_key, key_b, 16) == 0);
    CHECK(memcmp(cup_.owner_key, key_b, 16) == 0);
    /* release: no owner, nothing proven, the key erased */
    CHECK_EQ(simple(140, MIA_OP_RELEASE), MIA_STATUS_OK);
    CHECK_EQ(owner_changed_calls, 2);
    CHECK(!stored);
    CHECK(!cup_.owned);
    CHECK_EQ(read_state(150).flags & (MIA_STATE_OWNED | MIA_STATE_PROVEN), 0);
    CHECK(!advert_owned());
    /* and the next table claims it without the gesture */
    mia_cup_connected(&cup_, 200, 0, 0);
    connect(300);
    CHECK_EQ(claim(310, key_a), MIA_STATUS_OK);
    CHECK(stored && memcmp(stored_key, key_a, 16) == 0);
}

void run_auth_tests(void)
{
    T_CASE("auth", boot_id_is_random_and_in_state_and_booted);
    T_CASE("auth", a_cup_without_owner_needs_no_proof);
    T_CASE("auth", claim_stores_the_key_first_and_proves);
    T_CASE("auth", a_whole_connection_to_an_owned_cup);
    T_CASE("auth", the_third_denied_proof_drops_after_its_reply);
    T_CASE("auth", an_unproven_connection_is_dropped_after_10_s);
    T_CASE("auth", a_proven_owner_hands_on_or_releases);
}
