/* The detectors against the recorded-style traces in traces/: each trace through a whole cup,
 * and the events it logs compared with <name>.expected.csv (type, order, time, duration or
 * open time, peak). */
#include <stdio.h>
#include <string.h>

#include "../tools/trace_io.h"
#include "test.h"

static const char *const trace_names[] = {
    "vigorous-shake", "gentle-shake", "tap", "set-down-hard", "lid-peek",
    "lid-lift", "magnet-blip", "sensor-noise", "shake-with-pause", "two-shakes",
    "tilt", "swirl-below-threshold", "whole-turn",
};

static trace_row rows_[40000];
static mia_cup cup_;

static void in_range(const char *what, long v, long lo, long hi)
{
    if (lo >= 0 && (v < lo || v > hi)) {
        printf("  %s %ld not in %ld..%ld\n", what, v, lo, hi);
        t_fail(__FILE__, __LINE__, what);
    }
}

static void run_one(const char *dir, const char *name)
{
    char path[512];
    trace t;
    trace_expect expect[16];
    size_t n_expect = 0;
    size_t i;
    uint16_t seq;
    size_t got = 0;

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
    trace_run(&t, &cup_, 0, 0);

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
            in_range("time", (long)e->t_ms, expect[got].t_min, expect[got].t_max);
            in_range("duration/open time", (long)e->value[0], expect[got].value_min,
                     expect[got].value_max);
            in_range("peak", (long)e->value[1], expect[got].peak_min, expect[got].peak_max);
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
    for (i = 0; i < n_expect; i++) {
        CHECK(expect[i].event[0] != '\0');
    }
}

void run_trace_tests(const char *trace_dir)
{
    size_t i;
    static char name[64];
    for (i = 0; i < sizeof trace_names / sizeof trace_names[0]; i++) {
        (void)snprintf(name, sizeof name, "trace %s", trace_names[i]);
        t_begin("traces", name);
        run_one(trace_dir, trace_names[i]);
        t_end();
    }
}
