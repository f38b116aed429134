/* The cup tests' board (test_cup_util.c), shared by test_cup*.c. */
#ifndef MIA_CUP_UTIL_H
#define MIA_CUP_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_cup.h"

extern int cup_identify_calls;
extern uint8_t cup_identify_pattern;
extern uint16_t cup_identify_ms;
extern int cup_config_calls;
extern uint8_t cup_minor_; /* the protocol minor boot() gives the cup (0: the newest) */

void cup_boot(uint16_t caps, uint32_t now);
void cup_connect_all(void);
mia_chr cup_take(uint32_t now, uint8_t *frame, size_t *len);
void cup_control(uint32_t now, const char *bytes, size_t n);
void cup_log_events(unsigned n, uint32_t t);

/* The short names the tests use (as cup_ for test_cup_). */
#define identify_calls cup_identify_calls
#define identify_pattern cup_identify_pattern
#define identify_ms cup_identify_ms
#define config_calls cup_config_calls
#define minor_ cup_minor_
#define boot(caps, now) cup_boot(caps, now)
#define connect_all() cup_connect_all()
#define take(now, frame, len) cup_take(now, frame, len)
#define control(now, bytes, n) cup_control(now, bytes, n)
#define log_events(n, t) cup_log_events(n, t)

#endif
