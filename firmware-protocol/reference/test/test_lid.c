/* Lid detector: debounce, blips, analog hysteresis, interrupt-style edges. */
#include "../src/mia_lid.h"
#include "test.h"

static mia_lid l_;

static mia_lid_config digital(uint16_t debounce)
{
    mia_lid_config c;
    c.mode = MIA_LID_DIGITAL;
    c.invert = 0;
    c.debounce_ms = debounce;
    c.open_level = 0;
    c.closed_level = 0;
    return c;
}

static void open_at_boot_is_an_opening_at_the_first_reading(void)
{
    /* PROTOCOL.md 4.2 [1.1]: the first believed state after boot, if open, is a lid_opened
     * with the time of that first reading. */
    uint32_t t;
    int opened = 0;
    mia_lid_config c = digital(50);
    mia_lid_init(&l_, &c);
    CHECK(!mia_lid_is_open(&l_));
    for (t = 7; t <= 300; t += 10) {
        mia_lid_result r = mia_lid_feed(&l_, t, 1);
        CHECK(r != MIA_LID_CLOSED);
        if (r == MIA_LID_OPENED) {
            opened++;
            CHECK_EQ(t, 57); /* believed after the debounce */
            CHECK_EQ(l_.changed_at_ms, 7);
        }
    }
    CHECK_EQ(opened, 1);
    CHECK(mia_lid_is_open(&l_));
    /* an edge-driven sensor: one reading at boot, confirmed by a tick */
    mia_lid_init(&l_, &c);
    CHECK_EQ(mia_lid_feed(&l_, 3, 1), MIA_LID_NONE);
    CHECK(!mia_lid_is_open(&l_)); /* not believed yet */
    CHECK_EQ(mia_lid_tick(&l_, 52), MIA_LID_NONE);
    CHECK_EQ(mia_lid_tick(&l_, 53), MIA_LID_OPENED);
    CHECK_EQ(l_.changed_at_ms, 3);
}

static void closed_at_boot_is_silent(void)
{
    uint32_t t;
    mia_lid_config c = digital(50);
    mia_lid_init(&l_, &c);
    for (t = 0; t <= 300; t += 10) {
        CHECK_EQ(mia_lid_feed(&l_, t, 0), MIA_LID_NONE);
    }
    CHECK(!mia_lid_is_open(&l_));
    CHECK_EQ(mia_lid_feed(&l_, 400, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 450, 1), MIA_LID_OPENED);
    CHECK_EQ(l_.changed_at_ms, 400);
}

static void bouncing_at_boot_takes_the_run_that_held(void)
{
    /* Open at boot, the contact settling: 0 open, 1 closed, 2 open, 3 closed, 4.. open. Neither
     * the flickers nor a first closed reading make a closed state: the first state that holds
     * is open, from 4. */
    mia_lid_config c = digital(20);
    mia_lid_init(&l_, &c);
    CHECK_EQ(mia_lid_feed(&l_, 0, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 1, 0), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 2, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 3, 0), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 4, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 23, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 24, 1), MIA_LID_OPENED);
    CHECK_EQ(l_.changed_at_ms, 4);
    /* closed first, for less than the debounce, then open: still an opening at boot */
    mia_lid_init(&l_, &c);
    CHECK_EQ(mia_lid_feed(&l_, 0, 0), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 10, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_tick(&l_, 30), MIA_LID_OPENED);
    CHECK_EQ(l_.changed_at_ms, 10);
}

static void the_time_is_the_first_reading_of_the_run_that_held(void)
{
    /* PROTOCOL.md 4.2 [1.1], bouncing contacts, at 1 ms readings with a 10 ms debounce: flickers
     * before the run that held do not move the time earlier; a flicker back to the believed
     * state restarts the run; the change is believed exactly when the run has lasted the
     * debounce. */
    static const uint8_t open[] = {
        /* 100.. */ 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, /* 112: a flicker back */
        /* 113.. */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    uint32_t i;
    int opened = 0;
    mia_lid_config c = digital(10);
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 0);
    (void)mia_lid_tick(&l_, 50); /* closed at boot */
    for (i = 0; i < sizeof open; i++) {
        mia_lid_result r = mia_lid_feed(&l_, 100u + i, open[i]);
        if (r == MIA_LID_OPENED) {
            opened++;
            CHECK_EQ(100u + i, 123u); /* 113 + 10 */
            CHECK_EQ(l_.changed_at_ms, 113);
        }
    }
    CHECK_EQ(opened, 1);
}

static void a_run_cut_short_by_the_next_reading_still_counts(void)
{
    /* Sparse readings (edge interrupts without a tick in between): open read at 100, closed
     * read at 200. The lid was open for 100 ms, longer than the debounce: an opening at 100,
     * reported when the next reading shows time has passed, then the closing at 200. The
     * result does not depend on whether a tick came before the reading. */
    mia_lid_config c = digital(50);
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 0);
    (void)mia_lid_tick(&l_, 60);
    CHECK_EQ(mia_lid_feed(&l_, 100, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 200, 0), MIA_LID_OPENED);
    CHECK_EQ(l_.changed_at_ms, 100);
    CHECK_EQ(mia_lid_tick(&l_, 250), MIA_LID_CLOSED);
    CHECK_EQ(l_.changed_at_ms, 200);
    /* exactly the debounce: held; one ms short: a flicker */
    CHECK_EQ(mia_lid_feed(&l_, 300, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 350, 0), MIA_LID_OPENED);
    CHECK_EQ(mia_lid_tick(&l_, 400), MIA_LID_CLOSED);
    CHECK_EQ(mia_lid_feed(&l_, 500, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 549, 0), MIA_LID_NONE);
    CHECK_EQ(mia_lid_tick(&l_, 700), MIA_LID_NONE);
    CHECK(!mia_lid_is_open(&l_));
}

static void opens_after_debounce_with_the_first_open_time(void)
{
    uint32_t t;
    int opened = 0;
    mia_lid_config c = digital(50);
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 0);
    for (t = 10; t <= 1000; t += 10) {
        mia_lid_result r = mia_lid_feed(&l_, t, t >= 500);
        if (r == MIA_LID_OPENED) {
            opened++;
            CHECK_EQ(t, 550);
            CHECK_EQ(l_.changed_at_ms, 500);
        }
        CHECK(r != MIA_LID_CLOSED);
    }
    CHECK_EQ(opened, 1);
}

static void a_blip_is_not_a_lift(void)
{
    uint32_t t;
    mia_lid_config c = digital(50);
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 0);
    for (t = 1; t <= 2000; t++) {
        /* 49 ms open, repeatedly */
        uint16_t open = (t % 200) >= 100 && (t % 200) < 149;
        CHECK_EQ(mia_lid_feed(&l_, t, open), MIA_LID_NONE);
    }
    CHECK(!mia_lid_is_open(&l_));
}

static void contact_bounce_restarts_the_debounce(void)
{
    mia_lid_config c = digital(20);
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 0);
    CHECK_EQ(mia_lid_feed(&l_, 100, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 101, 0), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 102, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 121, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 122, 1), MIA_LID_OPENED);
    CHECK_EQ(l_.changed_at_ms, 102);
}

static void interrupt_edges_confirmed_by_tick(void)
{
    mia_lid_config c = digital(50);
    c.invert = 1; /* reed contact made (1) when the lid is on */
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 1);
    CHECK(!mia_lid_is_open(&l_));
    CHECK_EQ(mia_lid_feed(&l_, 1000, 0), MIA_LID_NONE); /* edge: contact broken */
    CHECK_EQ(mia_lid_tick(&l_, 1049), MIA_LID_NONE);
    CHECK_EQ(mia_lid_tick(&l_, 1050), MIA_LID_OPENED);
    CHECK_EQ(mia_lid_tick(&l_, 1100), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 3000, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_tick(&l_, 3100), MIA_LID_CLOSED);
    CHECK_EQ(l_.changed_at_ms, 3000);
}

static void analog_hysteresis(void)
{
    mia_lid_config c;
    c.mode = MIA_LID_ANALOG;
    c.invert = 1; /* higher = magnet near = closed */
    c.debounce_ms = 10;
    c.open_level = 300;
    c.closed_level = 600;
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 900);
    CHECK(!mia_lid_is_open(&l_));
    /* drifting in the band between the levels changes nothing */
    CHECK_EQ(mia_lid_feed(&l_, 10, 450), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 100, 301), MIA_LID_NONE);
    CHECK(!mia_lid_is_open(&l_));
    CHECK_EQ(mia_lid_feed(&l_, 200, 300), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 205, 500), MIA_LID_NONE); /* back in the band: still open raw */
    CHECK_EQ(mia_lid_feed(&l_, 210, 500), MIA_LID_OPENED);
    CHECK_EQ(mia_lid_feed(&l_, 300, 599), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 400, 600), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 410, 590), MIA_LID_CLOSED);
    /* not inverted: higher = open (a light sensor) */
    c.invert = 0;
    c.open_level = 600;
    c.closed_level = 300;
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0, 100);
    CHECK_EQ(mia_lid_feed(&l_, 10, 700), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 20, 700), MIA_LID_OPENED);
}

static void works_across_the_clock_wrap(void)
{
    mia_lid_config c = digital(50);
    mia_lid_init(&l_, &c);
    (void)mia_lid_feed(&l_, 0xFFFFFF00u, 0);
    CHECK_EQ(mia_lid_feed(&l_, 0xFFFFFFF0u, 1), MIA_LID_NONE);
    CHECK_EQ(mia_lid_feed(&l_, 0x00000010u, 1), MIA_LID_NONE); /* 32 ms later */
    CHECK_EQ(mia_lid_feed(&l_, 0x00000022u, 1), MIA_LID_OPENED); /* 50 ms later */
}

void run_lid_tests(void)
{
    T_CASE("lid", open_at_boot_is_an_opening_at_the_first_reading);
    T_CASE("lid", closed_at_boot_is_silent);
    T_CASE("lid", bouncing_at_boot_takes_the_run_that_held);
    T_CASE("lid", the_time_is_the_first_reading_of_the_run_that_held);
    T_CASE("lid", a_run_cut_short_by_the_next_reading_still_counts);
    T_CASE("lid", opens_after_debounce_with_the_first_open_time);
    T_CASE("lid", a_blip_is_not_a_lift);
    T_CASE("lid", contact_bounce_restarts_the_debounce);
    T_CASE("lid", interrupt_edges_confirmed_by_tick);
    T_CASE("lid", analog_hysteresis);
    T_CASE("lid", works_across_the_clock_wrap);
}
