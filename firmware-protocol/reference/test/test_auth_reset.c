/* Ownership: the reset gesture (the lid held open from boot for 5 s forgets the owner). */
#include <string.h>

#include "../src/mia_cup.h"
#include "auth_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

/* Lid readings every 10 ms from `from` to `to` (exclusive), with a tick after each. */
static void lid_run(uint32_t from, uint32_t to, uint16_t open)
{
    uint32_t t;
    for (t = from; t < to; t += 10) {
        mia_cup_lid(&cup_, t, open);
        mia_cup_tick(&cup_, t);
    }
}

static void reset_gesture_forgets_the_owner_at_5_s(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_chr chr;
    int owned_flag_cleared = 0;
    boot(key_a, 20, 0);
    connect(0);
    lid_run(0, 4990, 1);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    CHECK(mia_cup_busy(&cup_));
    (void)drain_events(4990, 0);
    lid_run(4990, 5010, 1);
    CHECK(!cup_.owned);
    CHECK_EQ(owner_changed_calls, 1);
    CHECK(!stored);
    CHECK_EQ(identify_calls, 1);
    CHECK_EQ(identify_pattern, MIA_IDENTIFY_BLINK | MIA_IDENTIFY_BUZZ);
    CHECK_EQ(identify_ms, 2000);
    CHECK(!advert_owned());
    while ((n = mia_cup_next_notification(&cup_, 5100, &chr, f)) > 0) {
        if (chr == MIA_CHR_STATE) {
            owned_flag_cleared = (f[0] & MIA_STATE_OWNED) == 0;
        }
    }
    CHECK(owned_flag_cleared); /* State says so at once */
    /* the opening at boot is still an event; the next claim takes the cup */
    CHECK_EQ(mia_log_find(&cup_.log, 1)->type, MIA_EVENT_LID_OPENED);
    CHECK_EQ(mia_log_find(&cup_.log, 1)->t_ms, 0);
    CHECK_EQ(claim(5100, key_b), MIA_STATUS_OK);
    /* it happens once: the lid open longer changes nothing more */
    lid_run(5100, 9000, 1);
    CHECK_EQ(owner_changed_calls, 2);
    CHECK_EQ(identify_calls, 1);
    CHECK(cup_.owned);
    CHECK(!mia_cup_busy(&cup_));
}

/* A player who wakes a sleeping cup by lifting it and looks for 5 s resets nothing. */
static void reset_gesture_is_off_after_a_wake_from_sleep(void)
{
    woke_ = 1;
    boot(key_a, 21, 0);
    woke_ = 0;
    connect(0);
    lid_run(0, 8000, 1);
    CHECK(cup_.owned);
    CHECK_EQ(owner_changed_calls, 0);
    CHECK_EQ(identify_calls, 0);
    CHECK_EQ(mia_log_find(&cup_.log, 1)->type, MIA_EVENT_LID_OPENED); /* the look still counts */
}

static void reset_gesture_flickers_and_breaks(void)
{
    /* a break shorter than the debounce (40 < 50 ms) does not cancel it */
    boot(key_a, 21, 0);
    lid_run(0, 2000, 1);
    lid_run(2000, 2040, 0);
    lid_run(2040, 5100, 1);
    CHECK(!cup_.owned);
    CHECK_EQ(identify_calls, 1);
    /* a break longer than the debounce (60 ms) does */
    boot(key_a, 22, 0);
    lid_run(0, 2000, 1);
    lid_run(2000, 2060, 0);
    lid_run(2060, 8000, 1);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    CHECK_EQ(owner_changed_calls, 0);
    /* a break still being debounced at 5 s: wait for it; it held, so no reset */
    boot(key_a, 23, 0);
    lid_run(0, 4980, 1);
    lid_run(4980, 6000, 0);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    /* ... and it was a flicker: the reset comes when it ends */
    boot(key_a, 24, 0);
    lid_run(0, 4980, 1);
    lid_run(4980, 5020, 0);
    CHECK(cup_.owned);
    lid_run(5020, 5030, 1);
    CHECK(!cup_.owned);
    CHECK_EQ(identify_calls, 1);
}

static void no_reset_without_the_lid_open_from_boot(void)
{
    /* closed at boot, then opened and held: a look, not a reset */
    boot(key_a, 25, 0);
    lid_run(0, 100, 0);
    lid_run(100, 8000, 1);
    CHECK(cup_.owned);
    CHECK_EQ(identify_calls, 0);
    CHECK(!mia_cup_busy(&cup_));
    /* the first lid reading only after 5 s (a board that reads the lid late): no reset */
    boot(key_a, 26, 0);
    mia_cup_tick(&cup_, 3000);
    lid_run(5000, 12000, 1);
    CHECK(cup_.owned);
    /* no lid reading at all (a cup without a lid sensor): decided at 5 s, not busy after */
    boot(key_a, 27, 0);
    mia_cup_tick(&cup_, 4999);
    CHECK(mia_cup_busy(&cup_));
    mia_cup_tick(&cup_, 5000);
    CHECK(!mia_cup_busy(&cup_));
    CHECK(cup_.owned);
    /* but its board can reset with a button */
    mia_cup_forget_owner(&cup_);
    CHECK(!cup_.owned);
    CHECK_EQ(owner_changed_calls, 1);
}

static void reset_gesture_on_a_cup_without_owner_still_confirms(void)
{
    boot(0, 28, 1000);
    lid_run(1000, 6100, 1);
    CHECK_EQ(identify_calls, 1); /* the player sees the gesture worked */
    CHECK_EQ(owner_changed_calls, 0);
}

void run_auth_reset_tests(void)
{
    T_CASE("auth", reset_gesture_forgets_the_owner_at_5_s);
    T_CASE("auth", reset_gesture_flickers_and_breaks);
    T_CASE("auth", reset_gesture_is_off_after_a_wake_from_sleep);
    T_CASE("auth", no_reset_without_the_lid_open_from_boot);
    T_CASE("auth", reset_gesture_on_a_cup_without_owner_still_confirms);
}
