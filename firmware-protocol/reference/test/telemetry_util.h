/* The telemetry tests' cup and app (test_telemetry_util.c), shared by test_telemetry*.c. */
#ifndef MIA_TELEMETRY_UTIL_H
#define MIA_TELEMETRY_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_cup.h"

#define ALL (MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_TELEMETRY)

void telemetry_boot(uint16_t caps, uint16_t rate_hz, int owned);
mia_reply telemetry_start(uint32_t now, uint8_t seconds);
mia_reply telemetry_stop(uint32_t now);
size_t telemetry_take(uint32_t now, mia_telemetry_frame *out, size_t cap);

/* The short names the tests use (as cup_ for test_cup_). */
#define boot(caps, rate_hz, owned) telemetry_boot(caps, rate_hz, owned)
#define start(now, seconds) telemetry_start(now, seconds)
#define stop(now) telemetry_stop(now)
#define take(now, out, cap) telemetry_take(now, out, cap)

#endif
