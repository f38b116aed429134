/* Reading and running traces (host-side). */
#include "trace_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses an optional integer field ending at ',' or end of line; returns 1 if present. */
static int field(const char **p, long *out)
{
    char *end;
    const char *s = *p;
    int present = 0;
    if (*s != ',' && *s != '\0' && *s != '\n' && *s != '\r') {
        *out = strtol(s, &end, 10);
        present = end != s;
        s = end;
    }
    if (*s == ',') {
        s++;
    }
    *p = s;
    return present;
}

static void parse_lid(const char *spec, mia_lid_config *lid)
{
    unsigned inv = 0, open = 0, closed = 0;
    memset(lid, 0, sizeof *lid);
    if (strncmp(spec, "analog", 6) == 0) {
        lid->mode = MIA_LID_ANALOG;
        if (sscanf(spec, "analog invert=%u open_level=%u closed_level=%u", &inv, &open,
                   &closed) == 3) {
            lid->invert = (uint8_t)inv;
            lid->open_level = (uint16_t)open;
            lid->closed_level = (uint16_t)closed;
        }
    } else {
        lid->mode = MIA_LID_DIGITAL;
    }
}

/* "# config: threshold_mg=300 min_ms=250 gap_ms=200 debounce_ms=50" (any of them, in any
 * order). */
static void parse_config(const char *spec, mia_config *c)
{
    const char *p = spec;
    while (*p != '\0') {
        unsigned v;
        if (sscanf(p, "threshold_mg=%u", &v) == 1) {
            c->shake_threshold_mg = (uint16_t)v;
        } else if (sscanf(p, "min_ms=%u", &v) == 1) {
            c->shake_min_ms = (uint16_t)v;
        } else if (sscanf(p, "gap_ms=%u", &v) == 1) {
            c->shake_gap_ms = (uint16_t)v;
        } else if (sscanf(p, "debounce_ms=%u", &v) == 1) {
            c->lid_debounce_ms = (uint16_t)v;
        }
        while (*p != '\0' && *p != ' ') {
            p++;
        }
        while (*p == ' ') {
            p++;
        }
    }
}

int trace_read(const char *path, trace *t)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    unsigned rate = 100;
    if (f == 0) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    t->n = 0;
    t->rate_hz = 100;
    t->config = mia_config_default();
    parse_lid("digital", &t->lid);
    while (fgets(line, sizeof line, f) != 0) {
        const char *p = line;
        long v[5];
        int has[5];
        int i;
        trace_row *row;
        if (line[0] == '#') {
            if (sscanf(line, "# rate_hz: %u", &rate) == 1) {
                t->rate_hz = (uint16_t)rate;
            } else if (strncmp(line, "# lid: ", 7) == 0) {
                parse_lid(line + 7, &t->lid);
            } else if (strncmp(line, "# config: ", 10) == 0) {
                parse_config(line + 10, &t->config);
            }
            continue;
        }
        if (line[0] < '0' || line[0] > '9') {
            continue; /* the column header, blank lines */
        }
        if (t->n >= t->cap) {
            fprintf(stderr, "%s: more than %lu rows\n", path, (unsigned long)t->cap);
            fclose(f);
            return -1;
        }
        for (i = 0; i < 5; i++) {
            v[i] = 0;
            has[i] = field(&p, &v[i]);
        }
        if (!has[0]) {
            fprintf(stderr, "%s: bad row: %s", path, line);
            fclose(f);
            return -1;
        }
        row = &t->rows[t->n++];
        row->t_ms = (uint32_t)v[0];
        row->has_accel = (uint8_t)(has[1] && has[2] && has[3]);
        row->xyz[0] = (int16_t)v[1];
        row->xyz[1] = (int16_t)v[2];
        row->xyz[2] = (int16_t)v[3];
        row->has_lid = (uint8_t)has[4];
        row->lid = (uint16_t)v[4];
    }
    fclose(f);
    return 0;
}

int trace_read_expected(const char *path, trace_expect *out, size_t cap, size_t *n)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    *n = 0;
    if (f == 0) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f) != 0) {
        trace_expect *e;
        const char *p = line;
        long v[6];
        int i;
        size_t k = 0;
        if (strncmp(line, "event,", 6) == 0 || line[0] == '\n' || line[0] == '\0') {
            continue;
        }
        if (*n >= cap) {
            fclose(f);
            return -1;
        }
        e = &out[(*n)++];
        while (*p != ',' && *p != '\0' && k + 1 < sizeof e->event) {
            e->event[k++] = *p++;
        }
        e->event[k] = '\0';
        if (*p == ',') {
            p++;
        }
        for (i = 0; i < 6; i++) {
            v[i] = -1;
            (void)field(&p, &v[i]);
        }
        e->t_min = v[0];
        e->t_max = v[1];
        e->value_min = v[2];
        e->value_max = v[3];
        e->peak_min = v[4];
        e->peak_max = v[5];
    }
    fclose(f);
    return 0;
}

int trace_unhex(const char *hex, uint8_t *out, size_t cap, size_t *n)
{
    *n = 0;
    for (; hex[0] != '\0' && hex[0] != '\n' && hex[0] != '\r'; hex += 2) {
        unsigned v;
        if (*n >= cap || sscanf(hex, "%2x", &v) != 1 || hex[1] == '\0' || hex[1] == '\n') {
            return -1;
        }
        out[(*n)++] = (uint8_t)v;
    }
    return 0;
}

int trace_unhex_n(const char *hex, uint8_t *out, size_t n)
{
    size_t len;
    return trace_unhex(hex, out, n, &len) == 0 && len == n;
}

void trace_random_bytes(uint32_t *state, uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        *state ^= *state << 13;
        *state ^= *state >> 17;
        *state ^= *state << 5;
        buf[i] = (uint8_t)(*state >> 24);
    }
}

/* The board's random hook for traces: a fixed seed, so every run of a trace draws the same
 * boot id (host tools only; a board uses its hardware RNG). */
static uint32_t random_state;

static void trace_random(void *ctx, uint8_t *buf, size_t len)
{
    (void)ctx;
    trace_random_bytes(&random_state, buf, len);
}

void trace_cup_init(mia_cup *cup, const trace *t)
{
    mia_cup_setup setup;
    static const uint8_t id[8] = {0x4d, 0x69, 0x61, 0x43, 0x75, 0x70, 0x00, 0x01};
    memset(&setup, 0, sizeof setup);
    setup.fw_major = 1;
    setup.fw_minor = 0;
    setup.fw_patch = 0;
    setup.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED;
    memcpy(setup.device_id, id, sizeof id);
    setup.accel_rate_hz = t->rate_hz;
    setup.lid = t->lid;
    setup.random = trace_random; /* no owner key: a cup nobody has claimed */
    random_state = 0x6d2b79f5u;
    mia_cup_init(cup, &setup, &t->config, 0);
}

void trace_run(const trace *t, mia_cup *cup,
               void (*drain)(mia_cup *cup, uint32_t now_ms, void *ctx), void *ctx)
{
    size_t i;
    uint32_t last = 0;
    uint32_t end;
    for (i = 0; i < t->n; i++) {
        const trace_row *r = &t->rows[i];
        if (r->has_accel) {
            mia_cup_accel(cup, r->t_ms, r->xyz[0], r->xyz[1], r->xyz[2]);
        }
        if (r->has_lid) {
            mia_cup_lid(cup, r->t_ms, r->lid);
        }
        mia_cup_tick(cup, r->t_ms);
        if (drain != 0) {
            drain(cup, r->t_ms, ctx);
        }
        last = r->t_ms;
    }
    for (end = last + 2000u; last != end;) {
        last += 10u;
        mia_cup_tick(cup, last);
        if (drain != 0) {
            drain(cup, last, ctx);
        }
    }
}

const char *trace_event_name(uint8_t type)
{
    switch (type) {
    case MIA_EVENT_SHAKE_STARTED:
        return "shake_started";
    case MIA_EVENT_SHAKE_ENDED:
        return "shake_ended";
    case MIA_EVENT_LID_OPENED:
        return "lid_opened";
    case MIA_EVENT_LID_CLOSED:
        return "lid_closed";
    case MIA_EVENT_BOOTED:
        return "booted";
    default:
        return "unknown";
    }
}
