/* Shake detector, real sensors: calibration, clipping, sample rates and jitter. */
#include "../src/mia_shake.h"
#include "shake_util.h"
#include "test.h"

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

void run_shake_sensor_tests(void)
{
    T_CASE("shake", miscalibrated_at_rest_sees_no_motion);
    T_CASE("shake", miscalibrated_low_sensor_still_sees_a_shake);
    T_CASE("shake", seeded_calibration_and_its_limits);
    T_CASE("shake", clipped_shakes_are_shakes);
    T_CASE("shake", clipping_alone_makes_no_shake);
    T_CASE("shake", jitter_and_low_rates);
}
