/* Shake detector on synthetic signals (real sensors: test_shake_sensors.c and
 * test_shake_motion.c; the recorded-style traces are in test_traces.c). */
#include "../src/mia_shake.h"
#include "shake_util.h"
#include "test.h"

/* Shakes during [on, off) and rests otherwise, from t0 to t1, every 10 ms. */
static void run(counts *c, uint32_t t0, uint32_t t1, uint32_t on, uint32_t off, int32_t amp)
{
    uint32_t t;
    for (t = t0; t != t1; t += 10) {
        int shaking = (uint32_t)(t - on) < (uint32_t)(off - on);
        feed(c, t, 0, 0, shaking ? wave(t - on, 5, amp) : 1000);
    }
}

static void isqrt_is_exact(void)
{
    uint32_t v;
    for (v = 0; v < 70000u; v++) {
        uint32_t r = mia_isqrt32(v);
        CHECK(r * r <= v && (r + 1u) * (r + 1u) > v);
    }
    CHECK_EQ(mia_isqrt32(0xFFFFFFFFu), 65535);
    CHECK_EQ(mia_isqrt32(3u * 1073741824u), 56755);
    CHECK_EQ(mia_magnitude_mg(-32768, -32768, -32768), 56755);
    CHECK_EQ(mia_magnitude_mg(0, 0, 1000), 1000);
    CHECK_EQ(mia_magnitude_mg(600, 0, 800), 1000);
    CHECK_EQ(mia_magnitude_mg(0, 0, -1000), 1000);
}

static void rest_is_nothing(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_init(&s_, 0);
    run(&c, 0, 5000, 0, 0, 0);
    CHECK_EQ(c.started, 0);
    CHECK_EQ(c.ended, 0);
    CHECK(!mia_shake_is_shaking(&s_));
}

static void one_shake_with_duration_and_peak(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_init(&s_, 0);
    run(&c, 0, 4000, 1000, 2500, 3000);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.started_at >= 1000 && c.started_at < 1100);
    CHECK(c.end_ms > 2400 && c.end_ms <= 2500);
    CHECK(c.end_ms - c.start_ms > 1300 && c.end_ms - c.start_ms <= 1500);
    CHECK(c.peak > 3500 && c.peak <= 4000); /* |a| = 1000 + amp at the top */
}

static void start_waits_for_min_duration(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_config cfg = mia_shake_config_default();
    uint32_t t;
    cfg.min_duration_ms = 600;
    mia_shake_init(&s_, &cfg);
    for (t = 0; t < 3000 && c.started == 0; t += 10) {
        feed(&c, t, 0, 0, t >= 1000 ? wave(t - 1000, 5, 3000) : 1000);
    }
    CHECK_EQ(c.started, 1);
    CHECK(t - 10 >= 1600); /* confirmed no earlier than onset + 600 ms */
    CHECK(c.started_at >= 1000 && c.started_at < 1100);
}

static void pause_shorter_than_gap_is_one_shake(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_config cfg = mia_shake_config_default();
    cfg.gap_ms = 500;
    mia_shake_init(&s_, &cfg);
    run(&c, 0, 1500, 500, 1500, 3000);
    run(&c, 1500, 1900, 0, 0, 0); /* 400 ms pause */
    run(&c, 1900, 4000, 1900, 2900, 3000);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.end_ms - c.start_ms > 2200);
}

static void pause_longer_than_gap_is_two_shakes(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_config cfg = mia_shake_config_default();
    cfg.gap_ms = 300;
    mia_shake_init(&s_, &cfg);
    run(&c, 0, 1500, 500, 1500, 3000);
    run(&c, 1500, 2000, 0, 0, 0); /* 500 ms pause */
    run(&c, 2000, 4000, 2000, 3000, 3000);
    CHECK_EQ(c.started, 2);
    CHECK_EQ(c.ended, 2);
}

static void one_spike_is_not_a_shake(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    mia_shake_init(&s_, 0);
    for (t = 0; t < 3000; t += 10) {
        int16_t z = 1000;
        if (t == 1000) {
            z = 5000; /* a knock */
        } else if (t == 1010) {
            z = -1500; /* rebound */
        } else if (t == 1030) {
            z = 3000; /* bounce */
        }
        feed(&c, t, 0, 0, z);
    }
    CHECK_EQ(c.started, 0);
    CHECK_EQ(c.ended, 0);
}

static void below_threshold_is_not_a_shake(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_init(&s_, 0);
    /* deviation 1150 < 1200 (the peak, 2150 mg, is no sensor's rail: see clipping below) */
    run(&c, 0, 4000, 1000, 3000, 1150);
    CHECK_EQ(c.started, 0);
    /* The same motion with a lower threshold (a more sensitive Config) is a shake. */
    {
        mia_shake_config cfg = mia_shake_config_default();
        cfg.threshold_mg = 800;
        mia_shake_init(&s_, &cfg);
        run(&c, 0, 4000, 1000, 3000, 1150);
        CHECK_EQ(c.started, 1);
        CHECK_EQ(c.ended, 1);
    }
}

static void tick_ends_a_shake_when_samples_stop(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t last;
    mia_shake_init(&s_, 0);
    run(&c, 0, 2000, 1000, 2000, 3000);
    CHECK_EQ(c.started, 1);
    CHECK(mia_shake_is_shaking(&s_));
    last = 1990; /* the last sample */
    /* Ticks between FIFO batches: samples may still be coming, nothing ends. */
    CHECK_EQ(mia_shake_tick(&s_, last + 300), MIA_SHAKE_NONE);
    CHECK_EQ(mia_shake_tick(&s_, last + MIA_SHAKE_SILENCE_MS), MIA_SHAKE_NONE);
    /* The sensor has stopped: the gap since the last motion has long passed. */
    CHECK_EQ(mia_shake_tick(&s_, last + MIA_SHAKE_SILENCE_MS + 1), MIA_SHAKE_ENDED);
    CHECK(!mia_shake_is_shaking(&s_));
    CHECK(s_.end_ms > 1900 && s_.end_ms < 2000); /* the last motion, not the tick */
    CHECK_EQ(mia_shake_tick(&s_, last + 5000), MIA_SHAKE_NONE);
    /* A tick with a time before the last sample changes nothing. */
    mia_shake_init(&s_, 0);
    run(&c, 0, 2000, 1000, 2000, 3000);
    CHECK_EQ(mia_shake_tick(&s_, 1000), MIA_SHAKE_NONE);
    CHECK(mia_shake_is_shaking(&s_));
}

static void flush_ends_a_shake_now(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_init(&s_, 0);
    run(&c, 0, 2000, 1000, 2000, 3000);
    CHECK(mia_shake_is_shaking(&s_));
    CHECK_EQ(mia_shake_flush(&s_), MIA_SHAKE_ENDED);
    CHECK(s_.end_ms >= 1900 && s_.end_ms < 2000);
    CHECK_EQ(mia_shake_flush(&s_), MIA_SHAKE_NONE);
}

static void works_across_the_clock_wrap(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t0 = 0xFFFFFFFFu - 1999u; /* 2 s before the u32 wrap */
    mia_shake_init(&s_, 0);
    run(&c, t0 - 9u, t0 + 3991u, t0 + 991u, t0 + 2491u, 3000);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.end_ms - c.start_ms > 1300 && c.end_ms - c.start_ms <= 1500);
}

/* Bursts of `on` saturated samples and `off` rest samples, every 10 ms. */
static void bursts(counts *c, unsigned on, unsigned off)
{
    uint32_t t;
    for (t = 0; t < 2000; t += 10) {
        if ((t / 10) % (on + off) < on) {
            feed(c, t, -32768, -32768, 32767);
        } else {
            feed(c, t, 0, 0, 1000);
        }
    }
}

static void gap_zero_and_extremes_are_safe(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_config cfg = mia_shake_config_default();
    /* Gap 0 (allowed by Config 1.0): a pause of two quiet samples ends the motion, so bursts
     * with such pauses never add up; nothing breaks. */
    cfg.gap_ms = 0;
    cfg.min_duration_ms = 50;
    cfg.threshold_mg = 100;
    mia_shake_init(&s_, &cfg);
    bursts(&c, 3, 2);
    CHECK_EQ(c.started, 0);
    /* One-sample bursts are spikes at 100 Hz, whatever the gap: never a shake. */
    cfg.gap_ms = 20;
    mia_shake_init(&s_, &cfg);
    bursts(&c, 1, 1);
    CHECK_EQ(c.started, 0);
    /* Gap 20 (the 1.1 minimum): 30 ms bursts with 20 ms pauses are one shake. */
    mia_shake_init(&s_, &cfg);
    bursts(&c, 3, 2);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 0);
    CHECK_EQ(mia_shake_tick(&s_, 1990 + MIA_SHAKE_SILENCE_MS + 1), MIA_SHAKE_ENDED);
    CHECK_EQ(s_.ended_peak_mg, 56755);
}

void run_shake_tests(void)
{
    T_CASE("shake", isqrt_is_exact);
    T_CASE("shake", rest_is_nothing);
    T_CASE("shake", one_shake_with_duration_and_peak);
    T_CASE("shake", start_waits_for_min_duration);
    T_CASE("shake", pause_shorter_than_gap_is_one_shake);
    T_CASE("shake", pause_longer_than_gap_is_two_shakes);
    T_CASE("shake", one_spike_is_not_a_shake);
    T_CASE("shake", below_threshold_is_not_a_shake);
    T_CASE("shake", tick_ends_a_shake_when_samples_stop);
    T_CASE("shake", flush_ends_a_shake_now);
    T_CASE("shake", works_across_the_clock_wrap);
    T_CASE("shake", gap_zero_and_extremes_are_safe);
}
