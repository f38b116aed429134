/* The telemetry tests' cup and app (telemetry_util.h): boot, start, stop, the frames. */
#include <string.h>

#include "../src/mia_cup.h"
#include "telemetry_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
static const uint8_t key_[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

void telemetry_boot(uint16_t caps, uint16_t rate_hz, int owned)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = caps;
    s.accel_rate_hz = rate_hz;
    s.random = test_rng;
    s.owner_key = owned ? key_ : 0;
    test_rng_seed(99);
    mia_cup_init(&cup_, &s, 0, 0);
    mia_cup_connected(&cup_, 0, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_TELEMETRY, 1);
}

/* Writes a Control request; returns the Reply (decoded), which must be the next frame. */
static mia_reply control(uint32_t now, const uint8_t *req, size_t len)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    mia_reply r;
    memset(&r, 0, sizeof r);
    CHECK_EQ(mia_cup_control_write(&cup_, now, req, len), 0);
    n = mia_cup_next_notification(&cup_, now, &chr, f);
    CHECK_EQ(chr, MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    return r;
}

mia_reply telemetry_start(uint32_t now, uint8_t seconds)
{
    uint8_t req[3] = {MIA_OP_TELEMETRY_START, 0x40, 0};
    req[2] = seconds;
    return control(now, req, sizeof req);
}

mia_reply telemetry_stop(uint32_t now)
{
    static const uint8_t req[2] = {MIA_OP_TELEMETRY_STOP, 0x41};
    return control(now, req, sizeof req);
}

/* Takes every telemetry frame due, decoded, into out (at most cap); returns how many. */
size_t telemetry_take(uint32_t now, mia_telemetry_frame *out, size_t cap)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    size_t got = 0;
    while ((n = mia_cup_next_notification(&cup_, now, &chr, f)) > 0) {
        if (chr != MIA_CHR_TELEMETRY) {
            continue;
        }
        CHECK(n <= MIA_FRAME_MAX);
        if (got < cap) {
            CHECK_EQ(mia_decode_telemetry(f, n, &out[got]), MIA_ACCEPT);
        }
        got++;
    }
    return got;
}
