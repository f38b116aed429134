/* Protocol 1.2 (PROTOCOL.md 4.4, section 6): vectors/keys.json computed by mia_keys.c, every
 * exchange of vectors/session.json played through the cup's board API, and what the vectors
 * leave out: a shake or a button as the gesture, a link lost while a claim waits, the SMP
 * unlock, and a board that speaks 1.1 (those in test_session_beyond.c). */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_keys.h"
#include "session_util.h"
#include "test.h"
#include "vectors.h"

#define CONNECTED_AT 1000u /* the cup's clock when a session.json connection is made */

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

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

void run_session_tests(void)
{
    T_CASE("session", keys_vectors_);
    T_CASE("session", session_vectors_);
}
