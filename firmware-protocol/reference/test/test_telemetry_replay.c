/* Telemetry: a replay of what was streamed gives the cup's events. */
#include <string.h>

#include "../src/mia_cup.h"
#include "telemetry_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

/* What a cup streams, fed to a second cup, gives the same events: the recording holds what
 * the detectors saw. Each frame is replayed as it arrives (no room to keep them on a micro:bit). */
static mia_cup replay_;
static uint16_t replay_next_seq_;

static void replay_frames(const mia_telemetry_frame *fr, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        const mia_telemetry_frame *f = &fr[i];
        CHECK_EQ(f->seq, replay_next_seq_);
        replay_next_seq_ = (uint16_t)(f->seq + 1u);
        if (f->kind == MIA_TLM_ACCEL || f->kind == MIA_TLM_ACCEL2) {
            mia_cup_accel(&replay_, f->t_ms, f->xyz[0][0], f->xyz[0][1], f->xyz[0][2]);
            mia_cup_tick(&replay_, f->t_ms);
        }
        if (f->kind == MIA_TLM_ACCEL2) {
            uint32_t t2 = f->t_ms + f->interval_ms;
            mia_cup_accel(&replay_, t2, f->xyz[1][0], f->xyz[1][1], f->xyz[1][2]);
            mia_cup_tick(&replay_, t2);
        } else if (f->kind == MIA_TLM_LID) {
            mia_cup_lid(&replay_, f->t_ms, f->open);
            mia_cup_tick(&replay_, f->t_ms);
        }
    }
}

static void a_replay_of_the_stream_gives_the_same_events(void)
{
    mia_telemetry_frame fr[4];
    mia_cup_setup s;
    uint32_t t;
    uint16_t seq;
    boot(ALL, 100, 0);
    memset(&s, 0, sizeof s);
    s.capabilities = ALL;
    s.accel_rate_hz = 100;
    mia_cup_init(&replay_, &s, 0, 0);
    replay_next_seq_ = 0;
    mia_cup_lid(&cup_, 0, 0);
    CHECK_EQ(start(0, 10).status, MIA_STATUS_OK);
    for (t = 10; t <= 3000; t += 10) {
        int16_t z = 1000;
        if (t >= 500 && t < 1300) {
            z = (int16_t)((t / 50) % 2 ? 3200 : -1200); /* a 10 Hz shake, well over 1.2 g */
        }
        mia_cup_accel(&cup_, t, 30, -40, z);
        if (t == 2000 || t == 2003) {
            mia_cup_lid(&cup_, t, 1);
        } else if (t == 2001) {
            mia_cup_lid(&cup_, t, 0); /* a bounce */
        } else if (t == 2600) {
            mia_cup_lid(&cup_, t, 0);
        }
        mia_cup_tick(&cup_, t);
        replay_frames(fr, take(t, fr, 4));
    }
    mia_cup_tick(&replay_, 3100);
    mia_cup_tick(&cup_, 3100);
    CHECK(cup_.log.next_seq >= 5); /* booted, shake started and ended, lid opened and closed */
    CHECK_EQ(replay_.log.next_seq, cup_.log.next_seq);
    for (seq = 1; seq != cup_.log.next_seq; seq++) {
        const mia_event *a = mia_log_find(&cup_.log, seq);
        const mia_event *b = mia_log_find(&replay_.log, seq);
        CHECK(a != 0 && b != 0);
        if (a != 0 && b != 0) {
            CHECK_EQ(b->type, a->type);
            CHECK_EQ(b->t_ms, a->t_ms);
            CHECK_EQ(b->value[0], a->value[0]);
            CHECK_EQ(b->value[1], a->value[1]);
        }
    }
}

void run_telemetry_replay_tests(void)
{
    T_CASE("telemetry", a_replay_of_the_stream_gives_the_same_events);
}
