/* Shake detector on synthetic signals (the recorded-style traces are in test_traces.c). */
#include "../src/mia_shake.h"
#include "test.h"

static mia_shake s_;

typedef struct {
    int started;
    int ended;
    uint32_t started_at; /* onset reported with the start */
    uint32_t start_ms, end_ms;
    uint16_t peak;
} counts;

/* Vertical shaking: z = 1000 + amp * triangle-ish sine at hz, sampled every 10 ms. */
static int16_t wave(uint32_t t, uint32_t hz, int32_t amp)
{
    /* integer sine approximation: a triangle wave is enough for the detector */
    uint32_t period = 1000u / hz;
    uint32_t ph = t % period;
    int32_t tri = (int32_t)(ph < period / 2 ? ph : period - ph); /* 0..period/2 */
    int32_t v = (tri * 4 - (int32_t)period) * amp / (int32_t)period; /* -amp..amp */
    return (int16_t)(1000 + v);
}

static void feed(counts *c, uint32_t t, int16_t x, int16_t y, int16_t z)
{
    mia_shake_result r = mia_shake_feed(&s_, t, x, y, z);
    if (r == MIA_SHAKE_STARTED) {
        c->started++;
        c->started_at = s_.onset_ms;
    } else if (r == MIA_SHAKE_ENDED) {
        c->ended++;
        c->start_ms = s_.start_ms;
        c->end_ms = s_.end_ms;
        c->peak = s_.ended_peak_mg;
    }
}

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

/* ---- real sensors: calibration, clipping, timing, orientation, swirl, spikes ---- */

/* A sensor with per-axis gain (percent) and offset (mg), clipped at +-rail (0: none). */
typedef struct {
    int32_t gain_pct[3];
    int32_t offset[3];
    int32_t rail;
} sensor;

static int16_t read_axis(const sensor *sn, int i, int32_t v)
{
    v = v * sn->gain_pct[i] / 100 + sn->offset[i];
    if (sn->rail != 0 && v > sn->rail) {
        v = sn->rail;
    }
    if (sn->rail != 0 && v < -sn->rail) {
        v = -sn->rail;
    }
    return (int16_t)v;
}

/* A small deterministic noise, +-n mg. */
static uint32_t seed_ = 1;
static int32_t noise(int32_t n)
{
    seed_ = seed_ * 1103515245u + 12345u;
    return (int32_t)((seed_ >> 16) % (uint32_t)(2 * n + 1)) - n;
}

/* True acceleration (cup frame, z up) of an up-and-down shake during [on, off), through the
 * sensor, fed at time t. */
static void feed_sensor(counts *c, const sensor *sn, uint32_t t, int32_t x, int32_t y, int32_t z)
{
    feed(c, t, read_axis(sn, 0, x + noise(8)), read_axis(sn, 1, y + noise(8)),
         read_axis(sn, 2, z + noise(8)));
}

static void miscalibrated_at_rest_sees_no_motion(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    mia_shake_config cfg = mia_shake_config_default();
    sensor sn = {{105, 105, 105}, {90, -100, 100}, 0}; /* rest reads about 1159 mg */
    uint32_t t;
    cfg.threshold_mg = 250; /* sensitive: release 125 mg, less than the 159 mg error */
    mia_shake_init(&s_, &cfg);
    for (t = 0; t < 60000; t += 20) {
        feed_sensor(&c, &sn, t, 0, 0, 1000);
        if (t >= 1000) {
            CHECK(s_.last_d_mg < 40); /* motion is measured against this sensor's own 1 g */
        }
    }
    CHECK_EQ(c.started, 0);
    CHECK(s_.one_g_mg >= 1150 && s_.one_g_mg <= 1168);
    /* Turned on its side, it reads differently at rest (gain and offset on another axis):
     * the next still spell recalibrates. */
    for (; t < 70000; t += 20) {
        feed_sensor(&c, &sn, t, 1000, 0, 0);
    }
    CHECK_EQ(c.started, 0);
    CHECK(s_.one_g_mg >= 1140 && s_.one_g_mg <= 1160); /* |(1140, -100, 100)| = 1149 */
    CHECK(s_.last_d_mg < 40);
}

static void miscalibrated_low_sensor_still_sees_a_shake(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    sensor sn = {{95, 95, 95}, {-60, 40, -100}, 0}; /* rest reads about 852 mg */
    uint32_t t;
    mia_shake_init(&s_, 0);
    for (t = 0; t < 5000; t += 10) {
        int32_t z = 1000;
        if (t >= 1500 && t < 3500) {
            z = wave(t - 1500, 4, 1300); /* true swings of 1.3 g: over the 1.2 g threshold */
        }
        feed_sensor(&c, &sn, t, 0, 0, z);
    }
    /* Uncalibrated, its swings read (2300 * 0.95 - 100) - 1000 = 1085 mg: under 1200. */
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(s_.one_g_mg >= 845 && s_.one_g_mg <= 860);
    /* The peak in milli-g of the real 1 g: the true 2300 mg, within the offsets' error. */
    CHECK(c.peak >= 2200 && c.peak <= 2450);
}

static void seeded_calibration_and_its_limits(void)
{
    mia_shake_init(&s_, 0);
    CHECK_EQ(s_.one_g_mg, 1000);
    mia_shake_set_one_g(&s_, 1180);
    CHECK_EQ(s_.one_g_mg, 1180);
    mia_shake_set_one_g(&s_, 1400); /* not a plausible 1 g: ignored */
    CHECK_EQ(s_.one_g_mg, 1180);
    mia_shake_set_one_g(&s_, 650);
    CHECK_EQ(s_.one_g_mg, 1180);
    /* Free fall is perfectly still but not 1 g: it never becomes the calibration. */
    {
        counts c = {0, 0, 0, 0, 0, 0};
        uint32_t t;
        for (t = 0; t < 3000; t += 10) {
            feed(&c, t, 20, -10, 30);
        }
        CHECK_EQ(s_.one_g_mg, 1180);
    }
}

/* An up-and-down shake at 5 Hz of amplitude amp (true), on sensor sn, sampled every dt ms with
 * a jitter of +-jit ms; returns the counts. */
static counts shake_through(const sensor *sn, int32_t amp, uint32_t dt, uint32_t jit)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t k;
    mia_shake_init(&s_, 0);
    for (k = 0; k * dt < 5000; k++) {
        uint32_t t = k * dt + (jit != 0 ? (uint32_t)(noise((int32_t)jit) + (int32_t)jit) : 0);
        int32_t z = t >= 1500 && t < 3500 ? wave(t - 1500, 5, amp) : 1000;
        feed_sensor(&c, sn, t, 0, 0, z);
    }
    (void)mia_shake_tick(&s_, 5000 + MIA_SHAKE_SILENCE_MS + 1);
    return c;
}

static void clipped_shakes_are_shakes(void)
{
    sensor two = {{100, 100, 100}, {0, 0, 0}, 2000};
    sensor four = {{100, 100, 100}, {0, 0, 0}, 4000};
    counts c = shake_through(&two, 3500, 10, 0);
    /* At +-2 g the magnitude cannot pass about 2 g, a deviation of 1 g: only the rail says
     * the swing went further. One shake, not split, its peak as clipped. */
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.end_ms - c.start_ms >= 1700);
    CHECK(c.peak >= 1990 && c.peak <= 2030);
    CHECK_EQ(s_.rail_mg[0], 2000);
    c = shake_through(&four, 5000, 10, 0);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.peak >= 3990 && c.peak <= 4030);
    /* 25 Hz and +-2 g together. */
    c = shake_through(&two, 3500, 40, 0);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
}

static void clipping_alone_makes_no_shake(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    mia_shake_init(&s_, 0);
    /* Knocks on a +-2 g sensor, 300 ms apart: each clips for two samples and rings. */
    for (t = 0; t < 4000; t += 10) {
        int16_t z = 1000;
        uint32_t k = t % 300;
        if (t >= 1000 && t < 3000 && k < 20) {
            z = 2000;
        } else if (t >= 1000 && t < 3000 && k < 40) {
            z = 400;
        }
        feed(&c, t, 0, 0, z);
    }
    CHECK_EQ(c.started, 0);
    /* A sensor that once read more than a "rail" was never clipped there: a +-8 g sensor
     * whose swings happen to peak at 2000 mg is measured, not assumed. */
    mia_shake_init(&s_, 0);
    feed(&c, 0, 0, 0, 2500);
    for (t = 10; t < 3000; t += 10) {
        feed(&c, t, 0, 0, (int16_t)((t / 10) % 10 < 3 ? 2000 : 1000));
    }
    CHECK_EQ(c.started, 0);
}

static void jitter_and_low_rates(void)
{
    sensor ideal = {{100, 100, 100}, {0, 0, 0}, 0};
    counts c = shake_through(&ideal, 3000, 40, 12); /* 25 Hz, +-12 ms */
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.started_at >= 1500 && c.started_at < 1750);
    CHECK(c.end_ms > 3250 && c.end_ms <= 3550);
    c = shake_through(&ideal, 3000, 20, 8); /* 50 Hz, +-8 ms */
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    c = shake_through(&ideal, 3000, 10, 4); /* 100 Hz, +-4 ms */
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
}

static void time_stepping_back_is_clamped(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t k;
    mia_shake_init(&s_, 0);
    /* FIFO batches of 10 whose stamps step back at every batch (the sensor runs faster than
     * the board assumes). */
    for (k = 0; k < 500; k++) {
        uint32_t t = k * 10 - (k / 10) * 12; /* each batch starts 2 ms before the last ended */
        int16_t z = k >= 100 && k < 300 ? wave(k * 10 - 1000, 5, 3000) : 1000;
        feed(&c, t, 0, 0, z);
        if (k % 10 == 9) {
            (void)mia_shake_tick(&s_, t + 5); /* ticks between batches */
        }
    }
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
}

static void any_orientation_and_swirl(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    /* Upside down: rest reads z = -1000. */
    mia_shake_init(&s_, 0);
    for (t = 0; t < 4000; t += 10) {
        int16_t z = t >= 1000 && t < 3000 ? wave(t - 1000, 5, 3000) : 1000;
        feed(&c, t, 0, 0, (int16_t)-z);
    }
    CHECK_EQ(c.started, 1);
    /* A swirl: the vector turns at 2.6 g horizontally, |a| stays about 2.8 g, never near 1 g
     * (a triangle-wave circle is good enough). */
    c.started = 0;
    c.ended = 0;
    mia_shake_init(&s_, 0);
    for (t = 0; t < 5000; t += 10) {
        int16_t x = 0, y = 0;
        if (t >= 1000 && t < 3500) {
            x = (int16_t)(wave(t, 3, 2600) - 1000);
            y = (int16_t)(wave(t + 83, 3, 2600) - 1000);
        }
        feed(&c, t, x, y, 1000);
    }
    (void)mia_shake_tick(&s_, 5000 + MIA_SHAKE_SILENCE_MS + 1);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.started_at >= 1000 && c.started_at < 1250);
    CHECK(c.end_ms >= 3250 && c.end_ms < 3500);
}

static void dice_spikes_neither_split_nor_start(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    mia_shake_init(&s_, 0);
    for (t = 0; t < 6000; t += 10) {
        int16_t z = 1000;
        if (t >= 1000 && t < 2000) {
            z = wave(t - 1000, 5, 3000);
        } else if (t >= 2000 && t < 2300) {
            z = (t % 60 == 0) ? 3600 : 1000; /* a pause of rattle, longer than the gap */
        } else if (t >= 2300 && t < 3300) {
            z = wave(t - 2300, 5, 3000);
        } else if (t >= 3300 && t < 4500) {
            z = (t % 70 == 0) ? 3600 : (t % 70 == 10 ? 200 : 1000); /* rattle after it */
        }
        feed(&c, t, 0, 0, z);
    }
    /* The rattle bridges the pause (one shake) and does not extend it or start another. */
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.started_at >= 1000 && c.started_at < 1100);
    CHECK(c.end_ms >= 3200 && c.end_ms < 3300);
}

static void a_knock_then_rattle_then_a_jolt_is_not_a_shake(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    mia_shake_init(&s_, 0);
    for (t = 0; t < 3000; t += 10) {
        int16_t z = 1000;
        if (t >= 1000 && t < 1040) {
            z = 4000; /* the knock: strong motion for 40 ms */
        } else if (t > 1040 && t < 1600 && t % 150 == 0) {
            z = 3500; /* a die hits the wall: one sample, bridging the quiet */
        } else if (t >= 1650 && t < 1680) {
            z = 3800; /* a jolt: strong motion again, 650 ms after the knock */
        }
        feed(&c, t, 0, 0, z);
    }
    /* Long enough and strong at both ends, but in motion for far less than a quarter of the
     * time: not a shake (and the jolt alone is too short to be one). */
    CHECK_EQ(c.started, 0);
}

static void strong_at_the_end_not_just_moving(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    mia_shake_init(&s_, 0);
    for (t = 0; t < 3000; t += 10) {
        int16_t z = 1000;
        if (t >= 1000 && t < 1030) {
            z = 4000; /* slammed down */
        } else if (t >= 1030 && t < 2000) {
            z = (int16_t)(1800 + (t % 40)); /* then pushed about hard, under the threshold */
        }
        feed(&c, t, 0, 0, z);
    }
    CHECK_EQ(c.started, 0);
}

static void pause_is_the_quiet_span_at_low_rates(void)
{
    counts c = {0, 0, 0, 0, 0, 0};
    uint32_t t;
    mia_shake_init(&s_, 0);
    /* 25 Hz: three strong samples, then six quiet ones. Active samples are 280 ms apart, more
     * than the 200 ms gap, but the quiet the samples show lasts 200 ms: one shake. */
    for (t = 0; t < 5000; t += 40) {
        int in = t >= 1000 && t < 3000 && (t / 40) % 9 < 3;
        feed(&c, t, 0, 0, (int16_t)(in ? 3500 : 1000));
    }
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(c.end_ms - c.start_ms > 1700);
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
    T_CASE("shake", miscalibrated_at_rest_sees_no_motion);
    T_CASE("shake", miscalibrated_low_sensor_still_sees_a_shake);
    T_CASE("shake", seeded_calibration_and_its_limits);
    T_CASE("shake", clipped_shakes_are_shakes);
    T_CASE("shake", clipping_alone_makes_no_shake);
    T_CASE("shake", jitter_and_low_rates);
    T_CASE("shake", time_stepping_back_is_clamped);
    T_CASE("shake", any_orientation_and_swirl);
    T_CASE("shake", dice_spikes_neither_split_nor_start);
    T_CASE("shake", a_knock_then_rattle_then_a_jolt_is_not_a_shake);
    T_CASE("shake", strong_at_the_end_not_just_moving);
    T_CASE("shake", pause_is_the_quiet_span_at_low_rates);
}
