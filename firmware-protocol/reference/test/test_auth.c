/* Ownership (PROTOCOL.md 4.4 and section 6) through the cup's board API: the boot id, claiming,
 * proving, what needs proof, no Events before proof, dropping an unproven connection, release.
 * The app side is played here with the same HMAC the app computes. */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_sha256.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
static const uint8_t key_a[16] = {0x8f, 0x3a, 0x1c, 0x5e, 0x9b, 0x2d, 0x7f, 0x40,
                                  0x61, 0xa8, 0xc3, 0xe5, 0xd7, 0x09, 0x2b, 0x4f};
static const uint8_t key_b[16] = {0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe,
                                  0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
static uint8_t stored_key[16];
static int stored; /* 1: a key is in "flash" */
static int owner_changed_calls;
static int replies_queued_when_stored;
static int identify_calls;
static uint8_t identify_pattern;
static uint16_t identify_ms;
static uint8_t req = 0;

static void on_owner_changed(void *ctx, const uint8_t *key)
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

static uint8_t woke_;

static void boot(const uint8_t *owner_key, uint32_t seed, uint32_t now)
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

static void connect(uint32_t now)
{
    mia_cup_connected(&cup_, now, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
}

/* Writes a request and returns its Reply (checking the echo); frame[] gets the Reply bytes. */
static uint8_t request(uint32_t now, uint8_t op, const uint8_t *args, size_t n_args,
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

static uint8_t simple(uint32_t now, uint8_t op)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    return request(now, op, 0, 0, f, &n);
}

static uint8_t replay_since(uint32_t now, uint16_t since)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t a[2];
    size_t n;
    mia_put_u16(a, since);
    return request(now, MIA_OP_REPLAY_SINCE, a, 2, f, &n);
}

/* auth_challenge: the 16 bytes of the Reply. */
static void challenge(uint32_t now, uint8_t out[16])
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    CHECK_EQ(request(now, MIA_OP_AUTH_CHALLENGE, 0, 0, f, &n), MIA_STATUS_OK);
    CHECK_EQ(n, 19);
    memcpy(out, f + 3, 16);
}

/* What the app sends: the first 16 bytes of HMAC-SHA256(key, challenge). */
static uint8_t prove_with(uint32_t now, const uint8_t key[16], const uint8_t ch[16])
{
    uint8_t mac[MIA_SHA256_LEN];
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_hmac_sha256(key, 16, ch, 16, mac);
    return request(now, MIA_OP_AUTH_PROVE, mac, 16, f, &n);
}

static uint8_t claim(uint32_t now, const uint8_t key[16])
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    return request(now, MIA_OP_CLAIM, key, 16, f, &n);
}

static mia_state read_state(uint32_t now)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_state st;
    size_t n = mia_cup_read_state(&cup_, now, f);
    CHECK_EQ(n, 18);
    CHECK_EQ(mia_decode_state(f, n, &st), MIA_ACCEPT);
    return st;
}

static int advert_owned(void)
{
    uint8_t f[MIA_ADVERT_LEN];
    mia_advert ad;
    CHECK_EQ(mia_cup_read_advert(&cup_, f), 9);
    CHECK_EQ(mia_decode_advert(f, 9, &ad), MIA_ACCEPT);
    CHECK(ad.device_id[6] == 0x3f && ad.device_id[7] == 0x2a);
    return ad.flags & MIA_ADVERT_OWNED;
}

/* Takes notifications until none is due; counts the Events ones. */
static int drain_events(uint32_t now, uint16_t *last_seq)
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
static void lid_at(uint32_t t, uint16_t open)
{
    mia_cup_lid(&cup_, t, open);
    mia_cup_tick(&cup_, t + 100u);
}

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

/* Lid readings every 10 ms from `from` to `to` (exclusive), with a tick after each. */
static void lid_run(uint32_t from, uint32_t to, uint16_t open)
{
    uint32_t t;
    for (t = from; t < to; t += 10) {
        mia_cup_lid(&cup_, t, open);
        mia_cup_tick(&cup_, t);
    }
}

static void reset_gesture_forgets_the_owner_at_5_s(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_chr chr;
    int owned_flag_cleared = 0;
    boot(key_a, 20, 0);
    connect(0);
    lid_run(0, 4990, 1);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    CHECK(mia_cup_busy(&cup_));
    (void)drain_events(4990, 0);
    lid_run(4990, 5010, 1);
    CHECK(!cup_.owned);
    CHECK_EQ(owner_changed_calls, 1);
    CHECK(!stored);
    CHECK_EQ(identify_calls, 1);
    CHECK_EQ(identify_pattern, MIA_IDENTIFY_BLINK | MIA_IDENTIFY_BUZZ);
    CHECK_EQ(identify_ms, 2000);
    CHECK(!advert_owned());
    while ((n = mia_cup_next_notification(&cup_, 5100, &chr, f)) > 0) {
        if (chr == MIA_CHR_STATE) {
            owned_flag_cleared = (f[0] & MIA_STATE_OWNED) == 0;
        }
    }
    CHECK(owned_flag_cleared); /* State says so at once */
    /* the opening at boot is still an event; the next claim takes the cup */
    CHECK_EQ(mia_log_find(&cup_.log, 1)->type, MIA_EVENT_LID_OPENED);
    CHECK_EQ(mia_log_find(&cup_.log, 1)->t_ms, 0);
    CHECK_EQ(claim(5100, key_b), MIA_STATUS_OK);
    /* it happens once: the lid open longer changes nothing more */
    lid_run(5100, 9000, 1);
    CHECK_EQ(owner_changed_calls, 2);
    CHECK_EQ(identify_calls, 1);
    CHECK(cup_.owned);
    CHECK(!mia_cup_busy(&cup_));
}

/* A player who wakes a sleeping cup by lifting it and looks for 5 s resets nothing. */
static void reset_gesture_is_off_after_a_wake_from_sleep(void)
{
    woke_ = 1;
    boot(key_a, 21, 0);
    woke_ = 0;
    connect(0);
    lid_run(0, 8000, 1);
    CHECK(cup_.owned);
    CHECK_EQ(owner_changed_calls, 0);
    CHECK_EQ(identify_calls, 0);
    CHECK_EQ(mia_log_find(&cup_.log, 1)->type, MIA_EVENT_LID_OPENED); /* the look still counts */
}

static void reset_gesture_flickers_and_breaks(void)
{
    /* a break shorter than the debounce (40 < 50 ms) does not cancel it */
    boot(key_a, 21, 0);
    lid_run(0, 2000, 1);
    lid_run(2000, 2040, 0);
    lid_run(2040, 5100, 1);
    CHECK(!cup_.owned);
    CHECK_EQ(identify_calls, 1);
    /* a break longer than the debounce (60 ms) does */
    boot(key_a, 22, 0);
    lid_run(0, 2000, 1);
    lid_run(2000, 2060, 0);
    lid_run(2060, 8000, 1);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    CHECK_EQ(owner_changed_calls, 0);
    /* a break still being debounced at 5 s: wait for it; it held, so no reset */
    boot(key_a, 23, 0);
    lid_run(0, 4980, 1);
    lid_run(4980, 6000, 0);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    /* ... and it was a flicker: the reset comes when it ends */
    boot(key_a, 24, 0);
    lid_run(0, 4980, 1);
    lid_run(4980, 5020, 0);
    CHECK(cup_.owned);
    lid_run(5020, 5030, 1);
    CHECK(!cup_.owned);
    CHECK_EQ(identify_calls, 1);
}

static void no_reset_without_the_lid_open_from_boot(void)
{
    /* closed at boot, then opened and held: a look, not a reset */
    boot(key_a, 25, 0);
    lid_run(0, 100, 0);
    lid_run(100, 8000, 1);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    CHECK(!mia_cup_busy(&cup_));
    /* the first lid reading only after 5 s (a board that reads the lid late): no reset */
    boot(key_a, 26, 0);
    mia_cup_tick(&cup_, 3000);
    lid_run(5000, 12000, 1);
    CHECK(cup_.owned);
    /* no lid reading at all (a cup without a lid sensor): decided at 5 s, not busy after */
    boot(key_a, 27, 0);
    mia_cup_tick(&cup_, 4999);
    CHECK(mia_cup_busy(&cup_));
    mia_cup_tick(&cup_, 5000);
    CHECK(!mia_cup_busy(&cup_));
    CHECK(cup_.owned);
    /* but its board can reset with a button */
    mia_cup_forget_owner(&cup_);
    CHECK(!cup_.owned);
    CHECK_EQ(owner_changed_calls, 1);
}

static void reset_gesture_on_a_cup_without_owner_still_confirms(void)
{
    boot(0, 28, 1000);
    lid_run(1000, 6100, 1);
    CHECK_EQ(identify_calls, 1); /* the player sees the gesture worked */
    CHECK_EQ(owner_changed_calls, 0);
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

void run_auth_tests(void)
{
    T_CASE("auth", boot_id_is_random_and_in_state_and_booted);
    T_CASE("auth", a_cup_without_owner_needs_no_proof);
    T_CASE("auth", claim_stores_the_key_first_and_proves);
    T_CASE("auth", a_whole_connection_to_an_owned_cup);
    T_CASE("auth", the_third_denied_proof_drops_after_its_reply);
    T_CASE("auth", an_unproven_connection_is_dropped_after_10_s);
    T_CASE("auth", a_proven_owner_hands_on_or_releases);
    T_CASE("auth", without_an_rng_the_cup_cannot_be_owned);
    T_CASE("auth", a_right_answer_spends_the_challenge);
    T_CASE("auth", a_denied_proof_withdraws_the_proof);
    T_CASE("auth", after_a_wrong_answer_the_next_proof_needs_a_fresh_challenge);
    T_CASE("auth", release_on_a_cup_without_owner_is_ok_and_writes_nothing);
    T_CASE("auth", denied_proofs_on_a_cup_without_owner_count_but_drop_no_one);
    T_CASE("auth", reset_gesture_forgets_the_owner_at_5_s);
    T_CASE("auth", reset_gesture_flickers_and_breaks);
    T_CASE("auth", reset_gesture_is_off_after_a_wake_from_sleep);
    T_CASE("auth", no_reset_without_the_lid_open_from_boot);
    T_CASE("auth", reset_gesture_on_a_cup_without_owner_still_confirms);
}
