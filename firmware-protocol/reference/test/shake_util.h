/* The shake tests' detector and signals (test_shake_util.c), shared by test_shake*.c. */
#ifndef MIA_SHAKE_UTIL_H
#define MIA_SHAKE_UTIL_H

#include <stdint.h>

#include "../src/mia_shake.h"

extern mia_shake test_shake_; /* the detector the shake tests share */

typedef struct {
    int started;
    int ended;
    uint32_t started_at; /* onset reported with the start */
    uint32_t start_ms, end_ms;
    uint16_t peak;
} counts;

int16_t shake_wave(uint32_t t, uint32_t hz, int32_t amp);
void shake_feed(counts *c, uint32_t t, int16_t x, int16_t y, int16_t z);

/* The short names the tests use (as cup_ for test_cup_). */
#define s_ test_shake_
#define wave(t, hz, amp) shake_wave(t, hz, amp)
#define feed(c, t, x, y, z) shake_feed(c, t, x, y, z)

#endif
