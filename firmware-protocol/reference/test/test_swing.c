/* The shake detector on slow, wide swings (issue #25): both ends of a swing, the onset's own
 * swing, swings leaning off vertical, the crossing of 1 g, and how long a swing's end counts. */
#include "../src/mia_shake.h"
#include "test.h"

static mia_shake s_;

typedef struct {
    int started, ended;
    uint32_t end_ms;
} tally;

static void feed(tally *c, uint32_t t, int32_t x, int32_t z)
{
    mia_shake_result r = mia_shake_feed(&s_, t, (int16_t)x, 0, (int16_t)z);
    if (r == MIA_SHAKE_STARTED) {
        c->started++;
    } else if (r == MIA_SHAKE_ENDED) {
        c->ended++;
        c->end_ms = s_.end_ms;
    }
}

/* The cup still (1 g) for `ms` from `t`. Returns the time after it. */
static uint32_t still(tally *c, uint32_t t, uint32_t ms)
{
    uint32_t end = t + ms;
    for (; t != end; t += 10) {
        feed(c, t, 0, 1000);
    }
    return t;
}

/* sin of `per_mille` of a turn, in thousandths (Bhaskara's approximation, within 0.2 %). */
static int32_t sine(uint32_t per_mille)
{
    int32_t h = (int32_t)(per_mille % 500u);
    int32_t u = h * (500 - h);
    int32_t v = 16000 * u / (1250000 - 4 * u);
    return per_mille % 1000u < 500u ? v : -v;
}

/* Rest until `on`, then the hand swings the cup at `mhz` (milli-Hz) with `amp` mg along an axis
 * tilted `tilt_x` thousandths towards x (x = tilt, z = about 1), until `off`; 100 Hz samples. */
static void swing(tally *c, uint32_t t0, uint32_t t1, uint32_t on, uint32_t off, uint32_t mhz,
                  int32_t amp, int32_t tilt_x)
{
    uint32_t t;
    for (t = t0; t != t1; t += 10) {
        int32_t h = 0;
        if (t >= on && t < off) {
            h = amp * sine((uint32_t)(((uint64_t)(t - on) * mhz / 1000u) % 1000u)) / 1000;
        }
        feed(c, t, h * tilt_x / 1000, 1000 + h * (1000 - tilt_x * tilt_x / 2000) / 1000);
    }
}

/* Swings to the bottom, then reads its deviation there: d at the lowest |a|. */
static uint16_t d_at_bottom(int32_t amp, int32_t tilt_x, uint16_t *bottom)
{
    tally c = {0, 0, 0};
    uint32_t t;
    uint16_t low = 0xFFFFu, d = 0;
    mia_shake_init(&s_, 0);
    for (t = still(&c, 0, 1000); t < 1500; t += 10) {
        int32_t h = amp * sine((t - 1000) * 2u) / 1000; /* 2 Hz: top at 1125, bottom at 1375 */
        int32_t x = h * tilt_x / 1000, z = 1000 + h * (1000 - tilt_x * tilt_x / 2000) / 1000;
        uint16_t m;
        feed(&c, t, x, z);
        m = mia_magnitude_mg((int16_t)x, 0, (int16_t)z);
        if (t > 1250 && m < low) {
            low = m;
            d = s_.last_d_mg;
        }
    }
    *bottom = low;
    return d;
}

static void the_bottom_of_a_strong_swing_is_strong(void)
{
    uint16_t bottom;
    /* 1.3 g along an axis 12 degrees off vertical: |a| 0.2-2.3 g. The bottom reads 0.2 g
     * (0.8 g from 1 g, under the 1.2 g threshold), but the swing's top says 1.3 g. */
    uint16_t d = d_at_bottom(1300, 208, &bottom);
    CHECK(bottom < 300);
    CHECK(d >= MIA_SHAKE_DEFAULT_THRESHOLD_MG);
    /* 1.17 g: the top reads 2.16 g, the bottom is not strong (sqrt(2.16^2 / 2 - 1) < 1.2). */
    d = d_at_bottom(1170, 208, &bottom);
    CHECK(d < MIA_SHAKE_DEFAULT_THRESHOLD_MG);
}

static void a_leaning_swing_is_active_at_its_bottom(void)
{
    uint16_t bottom;
    /* 1.35 g along an axis 25 degrees off vertical: the bottom reads about 0.45 g, under the
     * active level on its own (0.55 g from 1 g < 0.6 g), but the swing makes it active. */
    uint16_t d = d_at_bottom(1350, 423, &bottom);
    CHECK(bottom > 400 && bottom < 550);
    CHECK(d >= MIA_SHAKE_DEFAULT_THRESHOLD_MG * MIA_SHAKE_DEFAULT_RELEASE_PCT / 100u);
}

static void slow_wide_shakes_are_shakes(void)
{
    tally c = {0, 0, 0};
    /* 2 Hz, 1.3 g, 12 degrees: one shake from the first swings to the last. */
    mia_shake_init(&s_, 0);
    swing(&c, 0, 5000, 1000, 4000, 2000, 1300, 208);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(s_.start_ms >= 1000 && s_.start_ms < 1400);
    CHECK(c.end_ms > 3700 && c.end_ms <= 4000);
    /* Leaning 25 degrees: one shake, not torn apart at every bottom. */
    c.started = c.ended = 0;
    mia_shake_init(&s_, 0);
    swing(&c, 0, 5000, 1000, 4000, 2000, 1350, 423);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
    CHECK(s_.end_ms - s_.start_ms > 2400);
    /* 0.85 g (|a| 0.28-1.83 g): under the threshold at both ends, nothing. (The swings here
     * repeat exactly: tops that read 1875-2125 mg every time would look like a +-2 g rail.) */
    c.started = c.ended = 0;
    mia_shake_init(&s_, 0);
    swing(&c, 0, 5000, 1000, 4000, 2000, 850, 259);
    CHECK_EQ(c.started, 0);
}

static void one_swing_is_not_a_shake(void)
{
    tally c = {0, 0, 0};
    /* One swing of 1.4 g (a turn at 2 Hz): its top and its bottom are strong and 250 ms apart,
     * as one big step of a brisk walk; the bottom is the onset's own swing and confirms
     * nothing. */
    mia_shake_init(&s_, 0);
    swing(&c, 0, 3000, 1000, 1500, 2000, 1400, 208);
    CHECK_EQ(c.started, 0);
    /* Two swings: the second swing's top confirms it. */
    mia_shake_init(&s_, 0);
    swing(&c, 0, 3000, 1000, 2000, 2000, 1400, 208);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 1);
}

/* A square swing: 100 ms at the top (2.3 g), a crossing of `cross` ms at 1 g, 100 ms at the
 * bottom (0.2 g), a crossing; `n` swings from `t`. Returns the time after it. */
static uint32_t square_swings(tally *c, uint32_t t, int n, uint32_t cross)
{
    int i;
    uint32_t k;
    for (i = 0; i < n; i++) {
        for (k = 0; k < 200u + 2u * cross; k += 10, t += 10) {
            int32_t z = k < 100u ? 2300 : k < 100u + cross ? 1000 : k < 200u + cross ? 200 : 1000;
            feed(c, t, 0, z);
        }
    }
    return t;
}

static void a_crossing_of_1_g_is_not_a_pause(void)
{
    tally c = {0, 0, 0};
    uint32_t t;
    /* Swings that cross 1 g in 100 ms: a quiet spell of 260 ms between a bottom and a top
     * (more than the default gap of 200 ms, less than gap and crossing) is the cup swinging
     * through, not a pause. */
    mia_shake_init(&s_, 0);
    t = still(&c, 0, 1000); /* the calibration */
    t = square_swings(&c, t, 4, 100);
    t = still(&c, t, 160); /* with the crossing: 260 ms */
    t = square_swings(&c, t, 4, 100);
    CHECK_EQ(s_.cross_ms, 100);
    CHECK_EQ(c.started, 1);
    CHECK_EQ(c.ended, 0);
    /* 320 ms (more than gap and crossing) ends it, at the last motion. */
    still(&c, t, 220);
    CHECK_EQ(c.ended, 1);
    CHECK_EQ(c.end_ms, t - 110);
    /* Fast swings cross in 20 ms: 260 ms ends the shake there. */
    c.started = c.ended = 0;
    mia_shake_init(&s_, 0);
    t = still(&c, 0, 1000);
    t = square_swings(&c, t, 4, 20);
    t = still(&c, t, 240);
    t = square_swings(&c, t, 4, 20);
    still(&c, t, 500);
    CHECK_EQ(s_.cross_ms, 20);
    CHECK_EQ(c.started, 2);
    CHECK_EQ(c.ended, 2);
}

static void a_swing_end_is_forgotten(void)
{
    tally c = {0, 0, 0};
    uint32_t t;
    /* A top of 2.3 g, then 500 ms later a dip to 0.45 g (the cup set down): the top is too old
     * to make the dip the bottom of its swing (MIA_SHAKE_SWING_MS). */
    mia_shake_init(&s_, 0);
    for (t = still(&c, 0, 1000); t < 1100; t += 10) {
        feed(&c, t, 0, 2300);
    }
    t = still(&c, t, 500);
    feed(&c, t, 0, 450);
    CHECK(s_.last_d_mg < 600);
    /* ... but 250 ms after the top, it is. */
    for (t += 10; t < 1700; t += 10) {
        feed(&c, t, 0, 2300);
    }
    t = still(&c, t, 250);
    feed(&c, t, 0, 450);
    CHECK(s_.last_d_mg >= MIA_SHAKE_DEFAULT_THRESHOLD_MG);
    CHECK_EQ(c.started, 0);
}

void run_swing_tests(void)
{
    T_CASE("swing", the_bottom_of_a_strong_swing_is_strong);
    T_CASE("swing", a_leaning_swing_is_active_at_its_bottom);
    T_CASE("swing", slow_wide_shakes_are_shakes);
    T_CASE("swing", one_swing_is_not_a_shake);
    T_CASE("swing", a_crossing_of_1_g_is_not_a_pause);
    T_CASE("swing", a_swing_end_is_forgotten);
}
