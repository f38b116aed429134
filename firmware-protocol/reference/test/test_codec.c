/* Codec: the examples in PROTOCOL.md's text, round trips, and a fuzz that decodes random
 * frames from exact-size heap buffers (so AddressSanitizer catches any read past the end). */
#include <stdlib.h>
#include <string.h>

#include "../src/mia_codec.h"
#include "test.h"

static void protocol_examples(void)
{
    uint8_t buf[32];
    uint8_t out[MIA_FRAME_MAX];
    size_t n;
    mia_info info;
    mia_event_frame ev;
    mia_control c;
    mia_reply r;

    n = test_unhex("01 01 01 04 02 1f 00 a1 b2 c3 d4 e5 f6 3f 2a 40 00", buf);
    CHECK_EQ(mia_decode_info(buf, n, &info), MIA_ACCEPT);
    CHECK_EQ(info.protocol_minor, 1);
    CHECK_EQ(info.capabilities, 0x1f);
    CHECK_EQ(info.log_capacity, 64);
    CHECK_EQ(mia_encode_info(&info, out), n);
    CHECK(memcmp(out, buf, n) == 0);
    {
        /* Section 3: the short code of a1b2c3d4e5f63f2a is 3F2A; the service data carries the
         * owner flag and the device id. */
        char code[5];
        mia_advert ad;
        mia_short_code(info.device_id, code);
        CHECK(strcmp(code, "3F2A") == 0);
        ad.flags = MIA_ADVERT_OWNED;
        memcpy(ad.device_id, info.device_id, 8);
        CHECK_EQ(mia_encode_advert(&ad, out), 9);
        n = test_unhex("01 a1 b2 c3 d4 e5 f6 3f 2a", buf);
        CHECK(memcmp(out, buf, n) == 0);
    }

    n = test_unhex("02 2a 00 10 27 00 00 e8 03 c4 09", buf);
    CHECK_EQ(mia_decode_event(buf, n, &ev), MIA_ACCEPT);
    CHECK_EQ(ev.ev.type, MIA_EVENT_SHAKE_ENDED);
    CHECK_EQ(ev.ev.seq, 42);
    CHECK_EQ(ev.ev.t_ms, 10000);
    CHECK_EQ(ev.ev.value[0], 1000);
    CHECK_EQ(ev.ev.value[1], 2500);

    n = test_unhex("01 07 03 d0 07", buf);
    CHECK_EQ(mia_decode_control(buf, n, &c), MIA_ACCEPT);
    CHECK_EQ(c.opcode, MIA_OP_IDENTIFY);
    CHECK_EQ(c.request_id, 7);
    CHECK_EQ(c.pattern, MIA_IDENTIFY_BLINK | MIA_IDENTIFY_BUZZ);
    CHECK_EQ(c.duration_ms, 2000);

    n = test_unhex("02 09 00 29 00 03 00", buf);
    CHECK_EQ(mia_decode_reply(buf, n, &r), MIA_ACCEPT);
    CHECK_EQ(r.first_seq, 41);
    CHECK_EQ(r.count, 3);
}

static void encoders_saturate(void)
{
    uint8_t out[MIA_FRAME_MAX];
    mia_event e;
    mia_event_frame back;
    e.type = MIA_EVENT_SHAKE_ENDED;
    e.seq = 1;
    e.t_ms = 5;
    e.value[0] = 100000; /* a 100 s shake */
    e.value[1] = 70000;
    CHECK_EQ(mia_encode_event(&e, out), 11);
    CHECK_EQ(mia_decode_event(out, 11, &back), MIA_ACCEPT);
    CHECK_EQ(back.ev.value[0], 65535);
    CHECK_EQ(back.ev.value[1], 65535);
}

static void names(void)
{
    CHECK(strcmp(mia_reason_name(MIA_REASON_TOO_LONG), "too_long") == 0);
    CHECK(strcmp(mia_reason_name(MIA_REASON_UNSUPPORTED_VERSION), "unsupported_version") == 0);
    CHECK(strcmp(mia_status_name(MIA_STATUS_NOT_SUPPORTED), "not_supported") == 0);
    CHECK(strcmp(mia_status_name(MIA_STATUS_NEEDS_PROOF), "needs_proof") == 0);
    CHECK(strcmp(mia_status_name(MIA_STATUS_DENIED), "denied") == 0);
    CHECK(strcmp(mia_status_name(MIA_STATUS_NO_GESTURE), "no_gesture") == 0);
    CHECK(mia_status_name(9) == 0);
    CHECK(mia_status_name(0xFF) == 0);
    CHECK_EQ(mia_status_for_reason(MIA_REASON_TRUNCATED), MIA_STATUS_BAD_LENGTH);
    CHECK_EQ(mia_status_for_reason(MIA_REASON_TOO_LONG), MIA_STATUS_BAD_LENGTH);
    CHECK_EQ(mia_status_for_reason(MIA_REASON_UNKNOWN_OPCODE), MIA_STATUS_UNKNOWN_OPCODE);
    CHECK_EQ(mia_status_for_reason(MIA_REASON_BAD_VALUE), MIA_STATUS_BAD_VALUE);
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 17;
    rnd_state ^= rnd_state << 5;
    return rnd_state;
}

static void fuzz_decoders_stay_in_bounds(void)
{
    /* 100,000 random frames of 0..24 bytes, biased towards valid type bytes; every decoder
     * returns a known reason, and an accepted frame re-encodes to a prefix of itself. */
    unsigned i;
    for (i = 0; i < 100000u; i++) {
        size_t len = rnd() % 25u;
        size_t k;
        uint8_t *buf = (uint8_t *)malloc(len > 0 ? len : 1);
        uint8_t out[MIA_FRAME_MAX];
        mia_info info;
        mia_event_frame ev;
        mia_state st;
        mia_control c;
        mia_reply r;
        mia_config cfg;
        mia_advert ad;
        mia_reason why;
        if (buf == 0) {
            CHECK(0);
            return;
        }
        for (k = 0; k < len; k++) {
            buf[k] = (uint8_t)rnd();
        }
        if (len > 0 && (rnd() & 1u)) {
            buf[0] = (uint8_t)(rnd() % 10u);
        }
        if (len > 2 && (rnd() & 1u)) {
            buf[2] = (uint8_t)(rnd() % 10u);
        }
        why = mia_decode_info(buf, len, &info);
        CHECK(why <= MIA_REASON_BAD_VALUE);
        if (why == MIA_ACCEPT) {
            CHECK(mia_encode_info(&info, out) <= len && memcmp(out, buf, MIA_INFO_LEN) == 0);
        }
        why = mia_decode_event(buf, len, &ev);
        CHECK(why <= MIA_REASON_BAD_VALUE);
        /* (a 1.0 `booted`, without a boot id, is not something a 1.1 cup encodes) */
        if (why == MIA_ACCEPT && ev.ev.type >= 1 && ev.ev.type <= 5 &&
            (ev.ev.type != MIA_EVENT_BOOTED || ev.has_boot_id)) {
            size_t n = mia_encode_event(&ev.ev, out);
            CHECK(n <= len && memcmp(out, buf, n) == 0);
        }
        CHECK(why != MIA_ACCEPT || ev.has_boot_id == (ev.ev.type == MIA_EVENT_BOOTED && len >= 11));
        why = mia_decode_state(buf, len, &st);
        CHECK(why <= MIA_REASON_BAD_VALUE);
        if (why == MIA_ACCEPT) {
            size_t n = mia_encode_state(&st, out);
            CHECK_EQ(n, len >= MIA_STATE_LEN ? MIA_STATE_LEN : MIA_STATE_LEN_1_0);
            CHECK(n <= len && memcmp(out, buf, n) == 0);
        }
        why = mia_decode_control(buf, len, &c);
        CHECK(why <= MIA_REASON_BAD_VALUE);
        if (why == MIA_ACCEPT) {
            size_t n = mia_encode_control(&c, out);
            CHECK(n <= len && memcmp(out, buf, n) == 0);
        }
        why = mia_decode_reply(buf, len, &r);
        CHECK(why <= MIA_REASON_BAD_VALUE);
        if (why == MIA_ACCEPT) {
            size_t n = mia_encode_reply(&r, out);
            CHECK(n <= len && memcmp(out, buf, n) == 0);
        }
        why = mia_decode_config(buf, len, &cfg);
        CHECK(why == MIA_ACCEPT || why == MIA_REASON_TRUNCATED || why == MIA_REASON_BAD_VALUE);
        why = mia_decode_advert(buf, len, &ad);
        CHECK(why == MIA_ACCEPT || why == MIA_REASON_TRUNCATED || why == MIA_REASON_TOO_LONG);
        CHECK_EQ(why == MIA_ACCEPT, len >= MIA_ADVERT_LEN && len <= MIA_ADVERT_MAX);
        if (why == MIA_ACCEPT) {
            CHECK(mia_encode_advert(&ad, out) == MIA_ADVERT_LEN &&
                  memcmp(out, buf, MIA_ADVERT_LEN) == 0);
        }
        free(buf);
    }
}

void run_codec_tests(void)
{
    T_CASE("codec", protocol_examples);
    T_CASE("codec", encoders_saturate);
    T_CASE("codec", names);
    T_CASE("codec", fuzz_decoders_stay_in_bounds);
}
