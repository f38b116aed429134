/* `mia_host compare`: the app's live events against a replay through the C core
 * (trace_compare.h). */
#include "trace_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EVENTS 1024
#define TIME_TOL 20L  /* ms, as `mia_host expected` */
#define VALUE_TOL 30L /* ms: a shake's duration, a lid's open time */
#define PEAK_PCT 15L  /* % of the replay's peak */
/* Events of the same type further apart than this are not a pair, but one missing on each side. */
#define PAIR_WINDOW 1000L

typedef struct {
    char type[24];
    long t;
    long value; /* -1: none (only shake_ended and lid_closed have one) */
    long peak;  /* -1: none */
} cmp_event;

typedef struct {
    cmp_event *events;
    size_t n;
    uint16_t next_seq;
    int lost;
} replay_log;

static cmp_event file_events_[MAX_EVENTS];
static cmp_event replay_events_[MAX_EVENTS];

/* "shake_ended t_ms=2440 duration_ms=1410 peak_mg=3721" (keys in any order; unknown ones are
 * skipped). Returns 0, or -1 without a type or a time. */
static int parse_event(const char *s, cmp_event *e)
{
    size_t k = 0;
    int has_t = 0;
    e->value = -1;
    e->peak = -1;
    while (*s != ' ' && *s != '\0' && *s != '\n' && *s != '\r' && k + 1 < sizeof e->type) {
        e->type[k++] = *s++;
    }
    e->type[k] = '\0';
    while (*s != '\0') {
        long v;
        while (*s == ' ') {
            s++;
        }
        if (sscanf(s, "t_ms=%ld", &v) == 1) {
            e->t = v;
            has_t = 1;
        } else if (sscanf(s, "duration_ms=%ld", &v) == 1 || sscanf(s, "open_ms=%ld", &v) == 1) {
            e->value = v;
        } else if (sscanf(s, "peak_mg=%ld", &v) == 1) {
            e->peak = v;
        }
        while (*s != ' ' && *s != '\0') {
            s++;
        }
    }
    return k > 0 && has_t ? 0 : -1;
}

/* The file's "# event:" lines, and the count its "# events:" line declares (-1: none). */
static int read_file_events(const char *path, size_t *n, long *declared)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    *n = 0;
    *declared = -1;
    if (f == 0) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f) != 0) {
        long count;
        if (sscanf(line, "# events: %ld", &count) == 1) {
            *declared = count;
        } else if (strncmp(line, "# event: ", 9) == 0) {
            if (*n >= MAX_EVENTS || parse_event(line + 9, &file_events_[*n]) != 0) {
                fprintf(stderr, "%s: bad or too many event lines at: %s", path, line);
                fclose(f);
                return -1;
            }
            (*n)++;
        }
    }
    fclose(f);
    return 0;
}

/* Called after each step of the replay: takes the events logged since (the log holds only the
 * last 64, a recording may have more). It starts after `booted`, which the cup logs at init. */
static void take_events(mia_cup *cup, uint32_t now_ms, void *ctx)
{
    replay_log *log = (replay_log *)ctx;
    (void)now_ms;
    for (; log->next_seq != cup->log.next_seq; log->next_seq++) {
        const mia_event *e = mia_log_find(&cup->log, log->next_seq);
        cmp_event *out;
        if (e == 0 || log->n >= MAX_EVENTS) {
            log->lost = 1;
            continue;
        }
        out = &log->events[log->n++];
        strcpy(out->type, trace_event_name(e->type));
        out->t = (long)(int32_t)e->t_ms;
        out->value = e->type == MIA_EVENT_SHAKE_ENDED || e->type == MIA_EVENT_LID_CLOSED
                         ? (long)e->value[0]
                         : -1;
        out->peak = e->type == MIA_EVENT_SHAKE_ENDED ? (long)e->value[1] : -1;
    }
}

static void describe(char *buf, size_t cap, const cmp_event *e)
{
    int k;
    if (e == 0) {
        snprintf(buf, cap, "none");
        return;
    }
    k = snprintf(buf, cap, "t_ms=%ld", e->t);
    if (e->value >= 0 && k > 0 && (size_t)k < cap) {
        k += snprintf(buf + k, cap - (size_t)k, " %s=%ld",
                      strcmp(e->type, "lid_closed") == 0 ? "open_ms" : "duration_ms", e->value);
    }
    if (e->peak >= 0 && k > 0 && (size_t)k < cap) {
        snprintf(buf + k, cap - (size_t)k, " peak_mg=%ld", e->peak);
    }
}

/* Why a pair does not match ("" when it does). */
static void differ(char *buf, size_t cap, const cmp_event *f, const cmp_event *r)
{
    long peak_tol = r->peak * PEAK_PCT / 100;
    buf[0] = '\0';
    if (labs(f->t - r->t) > TIME_TOL) {
        snprintf(buf, cap, "  (t_ms off by %ld, allowed %ld)", f->t - r->t, TIME_TOL);
    } else if ((f->value < 0) != (r->value < 0) || labs(f->value - r->value) > VALUE_TOL) {
        snprintf(buf, cap, "  (%s off by %ld, allowed %ld)",
                 strcmp(f->type, "lid_closed") == 0 ? "open_ms" : "duration_ms",
                 f->value - r->value, VALUE_TOL);
    } else if ((f->peak < 0) != (r->peak < 0) || labs(f->peak - r->peak) > peak_tol) {
        snprintf(buf, cap, "  (peak_mg off by %ld, allowed %ld)", f->peak - r->peak, peak_tol);
    }
}

static void report(const char *verdict, const cmp_event *f, const cmp_event *r, const char *why)
{
    char fd[80];
    char rd[80];
    describe(fd, sizeof fd, f);
    describe(rd, sizeof rd, r);
    printf("%-9s %-13s file: %-42s replay: %s%s\n", verdict, f != 0 ? f->type : r->type, fd, rd,
           why);
}

/* The replayed lid_opened a cup logs when its lid is open at boot (README, "The lid at boot"):
 * the replay's cup boots as the recording starts, while the live cup had its lid open already.
 * It is the first lid event, the first lid reading says open, and it comes within the debounce
 * of that reading (contact bounce may delay it). */
static int lid_at_boot(const trace *t, const cmp_event *e)
{
    size_t i;
    if (strcmp(e->type, "lid_opened") != 0 || t->lid.mode != MIA_LID_DIGITAL) {
        return 0;
    }
    for (i = 0; i < t->n; i++) {
        const trace_row *r = &t->rows[i];
        if (r->has_lid) {
            return (r->lid != 0) != (t->lid.invert != 0) &&
                   e->t <= (long)r->t_ms + (long)t->config.lid_debounce_ms;
        }
    }
    return 0;
}

/* Reports the replay's lid-at-boot event, if any, and leaves it out of the comparison. */
static void skip_lid_at_boot(const trace *t, replay_log *log)
{
    size_t k = 0;
    while (k < log->n && strncmp(log->events[k].type, "lid_", 4) != 0) {
        k++;
    }
    if (k == log->n || !lid_at_boot(t, &log->events[k])) {
        return;
    }
    report("skipped", 0, &log->events[k], "  (the lid was open as the recording started)");
    memmove(&log->events[k], &log->events[k + 1], (log->n - k - 1) * sizeof log->events[0]);
    log->n--;
}

int trace_compare(const char *path, trace_row *rows, size_t cap, mia_cup *cup)
{
    trace t;
    replay_log log;
    size_t nf;
    size_t i = 0;
    size_t j = 0;
    long declared;
    unsigned long bad = 0;
    t.rows = rows;
    t.cap = cap;
    if (trace_read(path, &t) != 0 || read_file_events(path, &nf, &declared) != 0) {
        return 2;
    }
    if (declared < 0 || (size_t)declared != nf) {
        fprintf(stderr,
                declared < 0 ? "%s has no \"# events:\" line: not a recording with the app's "
                               "events\n"
                             : "%s: its \"# events:\" line does not count its event lines\n",
                path);
        return 2;
    }
    memset(&log, 0, sizeof log);
    log.events = replay_events_;
    trace_cup_init(cup, &t);
    log.next_seq = cup->log.next_seq;
    trace_run(&t, cup, take_events, &log);
    if (log.lost) {
        fprintf(stderr, "%s: the replay logged more events than could be kept\n", path);
        return 2;
    }
    skip_lid_at_boot(&t, &log);
    while (i < nf || j < log.n) {
        const cmp_event *f = i < nf ? &file_events_[i] : 0;
        const cmp_event *r = j < log.n ? &log.events[j] : 0;
        char why[80];
        if (f != 0 && r != 0 && strcmp(f->type, r->type) == 0 && labs(f->t - r->t) <= PAIR_WINDOW) {
            differ(why, sizeof why, f, r);
            bad += why[0] != '\0';
            report(why[0] != '\0' ? "MISMATCH" : "ok", f, r, why);
            i++;
            j++;
        } else if (r == 0 || (f != 0 && f->t <= r->t)) {
            report("MISMATCH", f, 0, "  (not in the replay)");
            bad++;
            i++;
        } else {
            report("MISMATCH", 0, r, "  (the app did not see it)");
            bad++;
            j++;
        }
    }
    if (bad == 0) {
        printf("%lu events, all match\n", (unsigned long)nf);
        return 0;
    }
    printf("mismatches: %lu (%lu events in the file, %lu in the replay)\n", bad, (unsigned long)nf,
           (unsigned long)log.n);
    return 1;
}
