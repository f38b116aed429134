/* The cup at boot (PROTOCOL.md 4.2 [1.1]): a lid open at boot is a lid_opened at the time of the
 * first reading, right after booted; a lid closed at boot logs nothing. Through the cup's board
 * API and through the hand-written trace traces/lid-open-at-boot.csv. */
#include <stdio.h>
#include <string.h>

#include "../src/mia_cup.h"
#include "../tools/trace_io.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

/* The type and time of the logged event with this number (0 and 0 if there is none). */
static unsigned type_of(uint16_t seq)
{
    const mia_event *e = mia_log_find(&cup_.log, seq);
    return e != 0 ? e->type : 0u;
}

static unsigned long time_of(uint16_t seq)
{
    const mia_event *e = mia_log_find(&cup_.log, seq);
    return e != 0 ? (unsigned long)e->t_ms : 0xFFFFFFFFul;
}

static void boot(uint32_t now)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED;
    s.accel_rate_hz = 100;
    s.random = test_rng;
    test_rng_seed(42);
    mia_cup_init(&cup_, &s, 0, now);
}

static void lid_open_at_boot_is_logged_after_booted(void)
{
    uint32_t t;
    const mia_event *e;
    mia_state st;
    boot(0);
    for (t = 2; t < 3000; t += 10) {
        mia_cup_lid(&cup_, t, 1);
        mia_cup_tick(&cup_, t);
    }
    for (; t < 3200; t += 10) {
        mia_cup_lid(&cup_, t, 0);
        mia_cup_tick(&cup_, t);
    }
    CHECK_EQ(mia_log_count(&cup_.log), 3);
    CHECK_EQ(type_of(0), MIA_EVENT_BOOTED);
    e = mia_log_find(&cup_.log, 1);
    CHECK(e != 0 && e->type == MIA_EVENT_LID_OPENED && e->t_ms == 2); /* the first reading */
    e = mia_log_find(&cup_.log, 2);
    CHECK(e != 0 && e->type == MIA_EVENT_LID_CLOSED && e->t_ms == 3002);
    CHECK(e != 0 && e->value[0] == 3000); /* open since the first reading */
    st = mia_cup_state(&cup_, 3200);
    CHECK_EQ(st.lid_open_count, 1);
    CHECK_EQ(st.flags & MIA_STATE_LID_OPEN, 0);
}

static void lid_open_at_boot_is_notified_to_a_subscriber(void)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    int opened = 0;
    boot(0);
    mia_cup_connected(&cup_, 0, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_lid(&cup_, 0, 1);
    mia_cup_tick(&cup_, 60);
    CHECK(mia_lid_is_open(&cup_.lid));
    while ((n = mia_cup_next_notification(&cup_, 60, &chr, f)) > 0) {
        if (chr == MIA_CHR_EVENTS) {
            opened++;
            CHECK_EQ(f[0], MIA_EVENT_LID_OPENED);
            CHECK_EQ(mia_get_u16(f + 1), 1);
            CHECK_EQ(mia_get_u32(f + 3), 0);
        }
    }
    CHECK_EQ(opened, 1);
    CHECK_EQ(mia_cup_state(&cup_, 60).flags & MIA_STATE_LID_OPEN, MIA_STATE_LID_OPEN);
}

static void lid_closed_at_boot_logs_nothing(void)
{
    uint32_t t;
    boot(100);
    for (t = 100; t < 2000; t += 10) {
        mia_cup_lid(&cup_, t, 0);
        mia_cup_tick(&cup_, t);
    }
    CHECK_EQ(mia_log_count(&cup_.log), 1);
    CHECK_EQ(mia_cup_state(&cup_, 2000).lid_open_count, 0);
    /* and a later opening is an opening as always */
    mia_cup_lid(&cup_, 2000, 1);
    mia_cup_tick(&cup_, 2100);
    CHECK_EQ(mia_log_count(&cup_.log), 2);
    CHECK_EQ(time_of(1), 2000);
}

static void analog_sensor_open_at_boot(void)
{
    /* A hall sensor (higher = magnet near = closed) reading open at boot. */
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_LID;
    s.random = test_rng;
    s.lid.mode = MIA_LID_ANALOG;
    s.lid.invert = 1;
    s.lid.open_level = 300;
    s.lid.closed_level = 600;
    mia_cup_init(&cup_, &s, 0, 0);
    mia_cup_lid(&cup_, 5, 120);
    mia_cup_lid(&cup_, 15, 450); /* in the band: still open */
    mia_cup_tick(&cup_, 55);
    CHECK_EQ(mia_log_count(&cup_.log), 2);
    CHECK_EQ(type_of(1), MIA_EVENT_LID_OPENED);
    CHECK_EQ(time_of(1), 5);
    /* in the band at boot counts as closed: nothing */
    mia_cup_init(&cup_, &s, 0, 0);
    mia_cup_lid(&cup_, 5, 450);
    mia_cup_tick(&cup_, 500);
    CHECK_EQ(mia_log_count(&cup_.log), 1);
}

#ifndef MIA_TEST_NO_TRACES
static trace_row rows_[2000];

static void trace_lid_open_at_boot(const char *dir)
{
    char path[512];
    trace t;
    trace_expect expect[4];
    size_t n_expect = 0;
    size_t i;
    t.rows = rows_;
    t.cap = sizeof rows_ / sizeof rows_[0];
    (void)snprintf(path, sizeof path, "%s/lid-open-at-boot.csv", dir);
    if (trace_read(path, &t) != 0 || t.n == 0) {
        t_fail(__FILE__, __LINE__, "trace file missing or empty");
        return;
    }
    (void)snprintf(path, sizeof path, "%s/lid-open-at-boot.expected.csv", dir);
    if (trace_read_expected(path, expect, 4, &n_expect) != 0 || n_expect != 2) {
        t_fail(__FILE__, __LINE__, "expected file missing");
        return;
    }
    trace_cup_init(&cup_, &t);
    trace_run(&t, &cup_, 0, 0);
    CHECK_EQ(mia_log_count(&cup_.log), 1u + n_expect);
    for (i = 0; i < n_expect && i + 1u < mia_log_count(&cup_.log); i++) {
        const mia_event *e = mia_log_find(&cup_.log, (uint16_t)(i + 1u));
        if (e == 0) {
            CHECK(0);
            continue;
        }
        CHECK(strcmp(trace_event_name(e->type), expect[i].event) == 0);
        CHECK((long)e->t_ms >= expect[i].t_min && (long)e->t_ms <= expect[i].t_max);
        if (expect[i].value_min >= 0) {
            CHECK((long)e->value[0] >= expect[i].value_min &&
                  (long)e->value[0] <= expect[i].value_max);
        }
    }
}
#endif

void run_boot_tests(const char *trace_dir)
{
    T_CASE("boot", lid_open_at_boot_is_logged_after_booted);
    T_CASE("boot", lid_open_at_boot_is_notified_to_a_subscriber);
    T_CASE("boot", lid_closed_at_boot_logs_nothing);
    T_CASE("boot", analog_sensor_open_at_boot);
#ifndef MIA_TEST_NO_TRACES
    t_begin("boot", "trace lid-open-at-boot");
    trace_lid_open_at_boot(trace_dir);
    t_end();
#else
    (void)trace_dir;
#endif
}
