/* Shake detector, real motion: stamps stepping back, orientation, swirl, dice, knocks. */
#include "../src/mia_shake.h"
#include "shake_util.h"
#include "test.h"

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

void run_shake_motion_tests(void)
{
    T_CASE("shake", time_stepping_back_is_clamped);
    T_CASE("shake", any_orientation_and_swirl);
    T_CASE("shake", dice_spikes_neither_split_nor_start);
    T_CASE("shake", a_knock_then_rattle_then_a_jolt_is_not_a_shake);
    T_CASE("shake", strong_at_the_end_not_just_moving);
    T_CASE("shake", pause_is_the_quiet_span_at_low_rates);
}
