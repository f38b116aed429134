/* Reading the trace files of traces/ (host-side code: stdio). Format in tools/gen-traces.mjs. */
#ifndef MIA_TRACE_IO_H
#define MIA_TRACE_IO_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_cup.h"

typedef struct {
    uint32_t t_ms;
    uint8_t has_accel;
    uint8_t has_lid;
    int16_t xyz[3];
    uint16_t lid;
} trace_row;

typedef struct {
    uint16_t rate_hz;
    mia_lid_config lid;
    mia_config config; /* the Config the cup runs with: defaults, or "# config: ..." */
    size_t n;
    size_t cap;
    trace_row *rows; /* caller's storage */
} trace;

typedef struct {
    char event[24];
    long t_min, t_max;
    long value_min, value_max; /* -1 when the column is empty */
    long peak_min, peak_max;
} trace_expect;

/* Return 0 on success, or -1 with a message printed to stderr. */
int trace_read(const char *path, trace *t);
int trace_read_expected(const char *path, trace_expect *out, size_t cap, size_t *n);

/* Feeds a trace through a cup (already initialised with the trace's lid config and rate):
 * each row's readings, a tick at each row time, and 2 s of ticks after the end. If `drain` is
 * not 0 it is called after each step (to take notifications). */
void trace_run(const trace *t, mia_cup *cup,
               void (*drain)(mia_cup *cup, uint32_t now_ms, void *ctx), void *ctx);

/* A cup set up for a trace: shake + lid + LED, the trace's lid sensor, rate and Config, a
 * seeded random hook (the boot id), no owner (so a connected app needs no proof). */
void trace_cup_init(mia_cup *cup, const trace *t);

/* Hex digits (up to the end of the string or line) into at most cap bytes; 0, or -1 when they
 * are not pairs of hex digits or do not fit. */
int trace_unhex(const char *hex, uint8_t *out, size_t cap, size_t *n);
/* Nonzero when hex is exactly n bytes (then in out). */
int trace_unhex_n(const char *hex, uint8_t *out, size_t n);

/* The host tools' random bytes: xorshift32 (13, 17, 5) from *state (not 0), each byte the top 8
 * bits of the next state. The tests reproduce it in TypeScript. */
void trace_random_bytes(uint32_t *state, uint8_t *buf, size_t len);

/* "shake_started", ... for an event type. */
const char *trace_event_name(uint8_t type);

#endif
