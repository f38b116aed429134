/* The detectors against the recorded-style traces in traces/: each trace through a whole cup,
 * and the events it logs compared with <name>.expected.csv (type, order, time, duration or
 * open time, peak). Each trace runs twice: sample by sample with a tick at every row (as
 * recorded), and as a board with an accelerometer FIFO reads it (batches of a quarter
 * second, ticks every 20 ms of wall-clock time in between). */
#include <stdio.h>
#include <string.h>

#include "../tools/trace_io.h"
#include "test.h"

static const char *const trace_names[] = {
    /* ideal sensor */
    "vigorous-shake", "gentle-shake", "tap", "set-down-hard", "lid-peek", "lid-lift",
    "magnet-blip", "sensor-noise", "shake-with-pause", "two-shakes", "tilt",
    "swirl-below-threshold", "whole-turn",
    /* real sensors and real hands (issue #9) */
    "shake-clipped-2g", "shake-clipped-4g", "miscalibrated-rest", "miscalibrated-shake",
    "shake-25hz-jitter", "shake-50hz-fifo", "mounted-upside-down", "mounted-sideways",
    "mounted-tilted-37", "side-to-side", "swirl-vigorous", "shake-then-dice-rattle",
    "knock-with-dice", "set-down-hard-dice", "carried", "pour", "whole-turn-real",
    /* slow, wide dice-cup shakes and their edges (issue #25) */
    "cup-shake-2hz", "cup-shake-2p5hz-50hz", "cup-shake-2hz-fifo", "cup-shake-short",
    "cup-shake-long", "cup-shake-pause", "cup-shake-1p5hz", "cup-shake-low", "cup-shake-leaning",
    "cup-shake-below", "cup-swing-1hz",
    /* real recordings (Oxford step counter data set, CC BY 4.0): walking with a phone in hand */
    "walk-in-hand-real", "walk-in-hand-real-brisk", "walk-in-hand-real-pixel",
    "walk-swinging-arm-real",
};

/* A FIFO read in batches stamps the earlier samples from the nominal rate, which moves them
 * by up to the trace's jitter (or its clock error): the batched run widens every time window
 * by this much. */
#define FIFO_SLACK_MS 40

static trace_row rows_[40000];
/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

static void in_range(const char *what, long v, long lo, long hi, long slack)
{
    if (lo >= 0 && (v < lo - slack || v > hi + slack)) {
        printf("  %s %ld not in %ld..%ld\n", what, v, lo, hi);
        t_fail(__FILE__, __LINE__, what);
    }
}

/* As a board with a FIFO reads the trace: accelerometer samples gathered into batches of
 * `batch`, each batch handed over at the time of its last sample (mia_cup_accel_fifo derives
 * the others' times from the rate); a lid reading first hands over what the FIFO holds; a tick
 * every 20 ms of wall-clock time, so ticks come while samples are still in the FIFO. */
static void run_batched(const trace *t, mia_cup *cup, size_t batch)
{
    static int16_t buf[64][3];
    size_t n = 0, i;
    uint32_t last = 0, tick = 0, end;
    for (i = 0; i < t->n; i++) {
        const trace_row *r = &t->rows[i];
        while ((int32_t)(r->t_ms - tick) > 0) {
            mia_cup_tick(cup, tick);
            tick += 20u;
        }
        if (r->has_accel) {
            buf[n][0] = r->xyz[0];
            buf[n][1] = r->xyz[1];
            buf[n][2] = r->xyz[2];
            n++;
            if ((int32_t)(r->t_ms - last) > 0) {
                last = r->t_ms;
            }
            if (n == batch) {
                mia_cup_accel_fifo(cup, last, (const int16_t(*)[3])buf, n);
                n = 0;
            }
        }
        if (r->has_lid) {
            if (n > 0) {
                mia_cup_accel_fifo(cup, last, (const int16_t(*)[3])buf, n);
                n = 0;
            }
            mia_cup_lid(cup, r->t_ms, r->lid);
        }
    }
    if (n > 0) {
        mia_cup_accel_fifo(cup, last, (const int16_t(*)[3])buf, n);
    }
    for (end = tick + 3000u; tick != end; tick += 10u) {
        mia_cup_tick(cup, tick);
    }
}

static void run_one(const char *dir, const char *name, int batched)
{
    char path[512];
    trace t;
    trace_expect expect[16];
    size_t n_expect = 0;
    size_t i;
    uint16_t seq;
    size_t got = 0;
    long slack = batched ? FIFO_SLACK_MS : 0;

    t.rows = rows_;
    t.cap = sizeof rows_ / sizeof rows_[0];
    (void)snprintf(path, sizeof path, "%s/%s.csv", dir, name);
    if (trace_read(path, &t) != 0 || t.n == 0) {
        t_fail(__FILE__, __LINE__, "trace file missing or empty");
        return;
    }
    (void)snprintf(path, sizeof path, "%s/%s.expected.csv", dir, name);
    if (trace_read_expected(path, expect, 16, &n_expect) != 0) {
        t_fail(__FILE__, __LINE__, "expected file missing");
        return;
    }
    trace_cup_init(&cup_, &t);
    /* A "# config:" line must be a Config the cup accepts (else it would run the defaults). */
    CHECK_EQ(cup_.config.shake_threshold_mg, t.config.shake_threshold_mg);
    CHECK_EQ(cup_.config.shake_min_ms, t.config.shake_min_ms);
    CHECK_EQ(cup_.config.shake_gap_ms, t.config.shake_gap_ms);
    if (batched) {
        size_t batch = t.rate_hz / 4u;
        run_batched(&t, &cup_, batch < 1 ? 1 : batch > 64 ? 64 : batch);
    } else {
        trace_run(&t, &cup_, 0, 0);
    }

    /* Everything after `booted` (sequence 0) is what the trace produced. */
    for (seq = 1; seq != cup_.log.next_seq; seq++) {
        const mia_event *e = mia_log_find(&cup_.log, seq);
        const char *type = e != 0 ? trace_event_name(e->type) : "?";
        if (got >= n_expect) {
            printf("  unexpected %s at %lu ms\n", type, e != 0 ? (unsigned long)e->t_ms : 0ul);
            t_fail(__FILE__, __LINE__, "an event the trace must not produce");
            got++;
            continue;
        }
        if (e == 0 || strcmp(type, expect[got].event) != 0) {
            printf("  event %lu is %s, expected %s\n", (unsigned long)got, type,
                   expect[got].event);
            t_fail(__FILE__, __LINE__, "event type");
        } else {
            in_range("time", (long)e->t_ms, expect[got].t_min, expect[got].t_max, slack);
            in_range("duration/open time", (long)e->value[0], expect[got].value_min,
                     expect[got].value_max, 2 * slack);
            in_range("peak", (long)e->value[1], expect[got].peak_min, expect[got].peak_max, 0);
        }
        got++;
    }
    if (got < n_expect) {
        printf("  only %lu of %lu expected events\n", (unsigned long)got,
               (unsigned long)n_expect);
        t_fail(__FILE__, __LINE__, "missing events");
    }
    /* Whatever happened, the cup ends still: not shaking, nothing pending. */
    CHECK(!mia_shake_is_shaking(&cup_.shake));
    CHECK(cup_.shake.phase == MIA_SHAKE_IDLE);
    for (i = 0; i < n_expect; i++) {
        CHECK(expect[i].event[0] != '\0');
    }
}

void run_trace_tests(const char *trace_dir)
{
    size_t i;
    static char name[96];
    for (i = 0; i < sizeof trace_names / sizeof trace_names[0]; i++) {
        (void)snprintf(name, sizeof name, "trace %s", trace_names[i]);
        t_begin("traces", name);
        run_one(trace_dir, trace_names[i], 0);
        t_end();
        (void)snprintf(name, sizeof name, "trace %s (FIFO batches)", trace_names[i]);
        t_begin("traces", name);
        run_one(trace_dir, trace_names[i], 1);
        t_end();
    }
}
