/* Telemetry (PROTOCOL.md 4.7 and section 6, a 1.1 addition): a stream of raw readings with its
 * own sequence numbers; pairs of samples, lid changes, the limit, stop, a drop shows as a gap,
 * the link going down, proof (a replay of what was streamed: test_telemetry_replay.c). */
#include <string.h>

#include "../src/mia_cup.h"
#include "telemetry_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

static void starts_with_the_lid_then_pairs_samples(void)
{
    mia_telemetry_frame fr[8];
    mia_reply r;
    boot(ALL, 100, 0);
    mia_cup_lid(&cup_, 5, 0);
    r = start(100, 60);
    CHECK_EQ(r.status, MIA_STATUS_OK);
    CHECK_EQ(r.rate_hz, 100);
    CHECK_EQ(r.seconds, 60);
    CHECK_EQ(take(100, fr, 8), 1);
    CHECK_EQ(fr[0].seq, 0);
    CHECK_EQ(fr[0].kind, MIA_TLM_LID);
    CHECK_EQ(fr[0].t_ms, 100);
    CHECK_EQ(fr[0].open, 0);
    mia_cup_accel(&cup_, 110, 10, -20, 1000);
    CHECK_EQ(take(110, fr, 8), 0); /* waits for its partner */
    mia_cup_accel(&cup_, 120, 11, -21, 1001);
    CHECK_EQ(take(120, fr, 8), 1);
    CHECK_EQ(fr[0].seq, 1);
    CHECK_EQ(fr[0].kind, MIA_TLM_ACCEL2);
    CHECK_EQ(fr[0].t_ms, 110);
    CHECK_EQ(fr[0].interval_ms, 10);
    CHECK_EQ(fr[0].xyz[0][1], -20);
    CHECK_EQ(fr[0].xyz[1][2], 1001);
    /* A lid change sends a waiting sample alone first, so frames stay in time order. */
    mia_cup_accel(&cup_, 130, 1, 2, 3);
    mia_cup_lid(&cup_, 133, 1);
    mia_cup_lid(&cup_, 134, 1); /* the same reading again: nothing */
    CHECK_EQ(take(134, fr, 8), 2);
    CHECK_EQ(fr[0].kind, MIA_TLM_ACCEL);
    CHECK_EQ(fr[0].seq, 2);
    CHECK_EQ(fr[0].t_ms, 130);
    CHECK_EQ(fr[1].kind, MIA_TLM_LID);
    CHECK_EQ(fr[1].seq, 3);
    CHECK_EQ(fr[1].t_ms, 133);
    CHECK_EQ(fr[1].open, 1);
    CHECK_EQ(fr[1].reading, 1);
    /* Samples too far apart for one frame go alone. */
    mia_cup_accel(&cup_, 140, 0, 0, 1000);
    mia_cup_accel(&cup_, 400, 0, 0, 1000);
    CHECK_EQ(take(400, fr, 8), 1);
    CHECK_EQ(fr[0].kind, MIA_TLM_ACCEL);
    CHECK_EQ(fr[0].t_ms, 140);
    /* Stop: the Reply counts the frames, the held sample and the end frame follow it. */
    r = stop(500);
    CHECK_EQ(r.status, MIA_STATUS_OK);
    CHECK_EQ(r.frames, 7);
    CHECK_EQ(take(500, fr, 8), 2);
    CHECK_EQ(fr[0].kind, MIA_TLM_ACCEL);
    CHECK_EQ(fr[0].t_ms, 400);
    CHECK_EQ(fr[1].kind, MIA_TLM_END);
    CHECK_EQ(fr[1].seq, 6);
    CHECK_EQ(fr[1].reason, MIA_TLM_END_STOP);
    /* Nothing more; a second stop is ok with 0 frames. */
    mia_cup_accel(&cup_, 510, 0, 0, 1000);
    mia_cup_accel(&cup_, 520, 0, 0, 1000);
    CHECK_EQ(take(520, fr, 8), 0);
    r = stop(530);
    CHECK_EQ(r.frames, 0);
}

static void stops_by_itself_at_the_limit(void)
{
    mia_telemetry_frame fr[4];
    uint32_t t;
    size_t frames = 0;
    boot(ALL, 50, 0);
    CHECK_EQ(start(1000, 2).rate_hz, 50);
    CHECK(mia_cup_busy(&cup_));
    CHECK(!mia_cup_may_sleep(&cup_, 1000));
    for (t = 1000; t < 3000; t += 20) {
        mia_cup_accel(&cup_, t, 0, 0, 1000);
        frames += take(t, fr, 4);
    }
    CHECK_EQ(frames, 50); /* 100 samples in pairs, no lid reading seen yet */
    mia_cup_tick(&cup_, 3000);
    CHECK_EQ(take(3000, fr, 4), 1);
    CHECK_EQ(fr[0].kind, MIA_TLM_END);
    CHECK_EQ(fr[0].reason, MIA_TLM_END_LIMIT);
    CHECK_EQ(fr[0].seq, 50);
    CHECK_EQ(fr[0].t_ms, 3000);
    mia_cup_accel(&cup_, 3010, 0, 0, 1000);
    mia_cup_accel(&cup_, 3020, 0, 0, 1000);
    CHECK_EQ(take(3020, fr, 4), 0);
    /* A new stream may start after it, numbered from 0 again. */
    CHECK_EQ(start(3100, 1).status, MIA_STATUS_OK);
    mia_cup_accel(&cup_, 3110, 0, 0, 1000);
    mia_cup_accel(&cup_, 3120, 0, 0, 1000);
    CHECK_EQ(take(3120, fr, 4), 1);
    CHECK_EQ(fr[0].seq, 0);
}

static void a_full_queue_drops_a_frame_and_its_number_is_a_gap(void)
{
    mia_telemetry_frame fr[16];
    uint32_t t;
    size_t n;
    boot(ALL, 100, 0);
    CHECK_EQ(start(0, 10).status, MIA_STATUS_OK);
    /* The board does not drain for 12 samples: 6 frames for a queue of 4. */
    for (t = 10; t <= 120; t += 10) {
        mia_cup_accel(&cup_, t, 0, 0, (int16_t)(1000 + t));
    }
    mia_cup_accel(&cup_, 130, 0, 0, 1130);
    mia_cup_accel(&cup_, 140, 0, 0, 1140);
    n = take(140, fr, 16);
    CHECK_EQ(n, MIA_TELEMETRY_QUEUE);
    CHECK_EQ(fr[0].seq, 0);
    CHECK_EQ(fr[3].seq, 3);
    CHECK_EQ(cup_.telemetry.dropped, 3);
    mia_cup_accel(&cup_, 150, 0, 0, 1150);
    mia_cup_accel(&cup_, 160, 0, 0, 1160);
    CHECK_EQ(take(160, fr, 16), 1);
    CHECK_EQ(fr[0].seq, 7); /* 4, 5 and 6 never came: the app sees the gap */
    CHECK_EQ(fr[0].t_ms, 150);
}

static void needs_proof_and_knows_its_capability(void)
{
    mia_reply r;
    boot(ALL, 100, 1);
    r = start(10, 60);
    CHECK_EQ(r.status, MIA_STATUS_NEEDS_PROOF);
    r = stop(20);
    CHECK_EQ(r.status, MIA_STATUS_NEEDS_PROOF);
    CHECK(!cup_.telemetry.running);
    boot(MIA_CAP_SHAKE | MIA_CAP_LID, 100, 0); /* no MIA_CAP_TELEMETRY */
    CHECK_EQ(start(10, 60).status, MIA_STATUS_UNKNOWN_OPCODE);
    CHECK_EQ(stop(10).status, MIA_STATUS_UNKNOWN_OPCODE);
    boot(MIA_CAP_TELEMETRY | MIA_CAP_LED, 100, 0); /* knows it, has no sensor */
    CHECK_EQ(start(10, 60).status, MIA_STATUS_NOT_SUPPORTED);
    boot(ALL, 400, 0); /* a fast sensor: every 4th sample, 100 Hz */
    r = start(10, 60);
    CHECK_EQ(r.status, MIA_STATUS_OK);
    CHECK_EQ(r.rate_hz, 100);
    CHECK_EQ(start(11, 60).status, MIA_STATUS_BUSY);
    CHECK(cup_.telemetry.running);
}

static void ends_with_the_link_and_without_a_subscriber_sends_nothing(void)
{
    mia_telemetry_frame fr[4];
    boot(ALL, 100, 0);
    mia_cup_lid(&cup_, 1, 0);
    CHECK_EQ(start(10, 60).status, MIA_STATUS_OK);
    mia_cup_connected(&cup_, 20, 0, 0);
    CHECK(!cup_.telemetry.running);
    mia_cup_connected(&cup_, 30, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_TELEMETRY, 1);
    mia_cup_accel(&cup_, 40, 0, 0, 1000);
    mia_cup_accel(&cup_, 50, 0, 0, 1000);
    CHECK_EQ(take(50, fr, 4), 0); /* a new connection starts without a stream */
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_TELEMETRY, 0);
    CHECK_EQ(start(60, 60).status, MIA_STATUS_OK);
    mia_cup_accel(&cup_, 70, 0, 0, 1000);
    mia_cup_accel(&cup_, 80, 0, 0, 1000);
    CHECK_EQ(take(80, fr, 4), 0);
    CHECK_EQ(cup_.telemetry.seq, 2); /* lid + accel2: numbers spent, frames dropped */
}

void run_telemetry_tests(void)
{
    T_CASE("telemetry", starts_with_the_lid_then_pairs_samples);
    T_CASE("telemetry", stops_by_itself_at_the_limit);
    T_CASE("telemetry", a_full_queue_drops_a_frame_and_its_number_is_a_gap);
    T_CASE("telemetry", needs_proof_and_knows_its_capability);
    T_CASE("telemetry", ends_with_the_link_and_without_a_subscriber_sends_nothing);
}
