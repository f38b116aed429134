/* The protocol 1.2 tests' cup on a board (session_util.h): boot, connect, the Replies. */
#include <string.h>

#include "../src/mia_cup.h"
#include "session_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
uint8_t session_stored_key_[16];
int session_stored_;

static void on_owner_changed(void *ctx, const uint8_t *key)
{
    (void)ctx;
    stored_ = key != 0;
    if (key != 0) {
        memcpy(stored_key_, key, 16);
    }
}

/* Boots a cup at 0 with its lid closed (read at 0, believed at 60: the reset gesture is off),
 * the capabilities of session.json, and connects it at `at` subscribed to Events, State and
 * Reply. `random` (n bytes) is what its RNG draws from the connection on. */
void session_start(const uint8_t *owner_key, const uint8_t *random, size_t n, uint8_t minor,
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
size_t session_replies(uint32_t now, uint8_t out[][MIA_FRAME_MAX], size_t *lens, size_t max)
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
