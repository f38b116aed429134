/* vectors/ownership.json: whole exchanges on one connection, played through the cup's board API
 * (PROTOCOL.md 4.4 and 6): each write gets exactly its Reply, leaves State's owned and proven
 * flags as the step says, and the cup ends the connection exactly where the step says. */
#include <string.h>

#include "../src/mia_cup.h"
#include "test.h"
#include "vectors.h"

#define CONNECTED_AT 1000u /* the cup's clock when the connection is made */

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
static int owner_writes; /* setup.owner_changed calls: release on a cup without owner has none */

static void on_owner_changed(void *ctx, const uint8_t *key)
{
    (void)ctx;
    (void)key;
    owner_writes++;
}

/* Boots the vector's cup, feeds its challenges to the RNG and connects at CONNECTED_AT. */
static void start(const own_vec *v)
{
    uint8_t script[OWN_MAX_CHALLENGES * 16];
    mia_cup_setup setup;
    size_t i;
    memset(&setup, 0, sizeof setup);
    setup.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED | MIA_CAP_TELEMETRY;
    setup.random = test_rng;
    setup.owner_changed = on_owner_changed;
    setup.owner_key = v->has_owner ? v->owner_key : 0;
    setup.protocol_minor = 1; /* ownership.json is what a 1.1 cup does */
    test_rng_seed(31);
    mia_cup_init(&cup_, &setup, 0, 0);
    for (i = 0; i < v->challenge_count; i++) {
        memcpy(script + i * 16, v->challenges[i], 16);
    }
    test_rng_script(script, v->challenge_count * 16);
    mia_cup_connected(&cup_, CONNECTED_AT, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    owner_writes = 0;
}

/* The Reply to the write just made: the first notification due (Replies come first). */
static void check_reply(const own_step *st, uint32_t now)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr = MIA_CHR_NONE;
    size_t n = mia_cup_next_notification(&cup_, now, &chr, f);
    CHECK_EQ(chr, MIA_CHR_REPLY);
    CHECK_EQ(n, st->reply_len);
    CHECK(n == st->reply_len && memcmp(f, st->reply, n) == 0);
    while (mia_cup_next_notification(&cup_, now, &chr, f) > 0) {
        CHECK(chr != MIA_CHR_REPLY); /* one Reply per write */
    }
}

static void play(const own_vec *v)
{
    size_t i;
    int owned_before = v->has_owner;
    start(v);
    for (i = 0; i < v->step_count; i++) {
        const own_step *st = &v->steps[i];
        uint32_t now = CONNECTED_AT + st->at_ms;
        uint8_t f[MIA_FRAME_MAX];
        mia_state state;
        int writes = owner_writes;
        mia_cup_tick(&cup_, now);
        CHECK(!mia_cup_should_disconnect(&cup_, now)); /* still connected when it writes */
        CHECK_EQ(mia_cup_control_write(&cup_, now, st->write, st->write_len), 0);
        check_reply(st, now);
        CHECK_EQ(mia_cup_read_state(&cup_, now, f), 18);
        CHECK_EQ(mia_decode_state(f, 18, &state), MIA_ACCEPT);
        CHECK_EQ((state.flags & MIA_STATE_OWNED) != 0, st->owned);
        CHECK_EQ((state.flags & MIA_STATE_PROVEN) != 0, st->proven);
        CHECK_EQ(mia_cup_should_disconnect(&cup_, now) != 0, st->drop);
        /* the key is written (or erased) when the cup gets or loses its owner, and nothing is
         * written while it has none (a release of a cup without owner) */
        if (owned_before != st->owned) {
            CHECK_EQ(owner_writes - writes, 1);
        } else if (!st->owned) {
            CHECK_EQ(owner_writes - writes, 0);
        }
        owned_before = st->owned;
    }
}

void run_ownership_vector_tests(void)
{
    size_t i;
    static char name[200];
    for (i = 0; i < own_vector_count; i++) {
        (void)snprintf(name, sizeof name, "ownership.json: %s", own_vectors[i].name);
        t_begin("vectors", name);
        play(&own_vectors[i]);
        t_end();
    }
}
