/* The protocol 1.2 tests' cup on a board (test_session_util.c), shared by test_session*.c. */
#ifndef MIA_SESSION_UTIL_H
#define MIA_SESSION_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "../src/mia_cup.h"

extern uint8_t session_stored_key_[16];
extern int session_stored_;

void session_start(const uint8_t *owner_key, const uint8_t *random, size_t n, uint8_t minor,
                   uint32_t at);
size_t session_replies(uint32_t now, uint8_t out[][MIA_FRAME_MAX], size_t *lens, size_t max);

/* The short names the tests use (as cup_ for test_cup_). */
#define stored_key_ session_stored_key_
#define stored_ session_stored_
#define start(owner_key, random, n, minor, at) session_start(owner_key, random, n, minor, at)
#define replies(now, out, lens, max) session_replies(now, out, lens, max)

#endif
