/* A very small test harness: each case is counted as passed or failed; checks print the first
 * failures with file and line. Host-only code (uses stdio). */
#ifndef MIA_TEST_H
#define MIA_TEST_H

#include <stdio.h>

void t_begin(const char *suite, const char *name);
void t_end(void);
void t_fail(const char *file, int line, const char *what);
void t_failf(const char *file, int line, const char *fmt, long a, long b);
int t_summary(void);
int t_failed_now(void); /* nonzero once the running case has failed */

#define T_CASE(suite, fn)                                                                      \
    do {                                                                                       \
        t_begin(suite, #fn);                                                                   \
        fn();                                                                                  \
        t_end();                                                                               \
    } while (0)

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            t_fail(__FILE__, __LINE__, #cond);                                                 \
        }                                                                                      \
    } while (0)

#define CHECK_EQ(a, b)                                                                         \
    do {                                                                                       \
        long t_a_ = (long)(a);                                                                 \
        long t_b_ = (long)(b);                                                                 \
        if (t_a_ != t_b_) {                                                                    \
            t_failf(__FILE__, __LINE__, #a " == " #b ": %ld != %ld", t_a_, t_b_);              \
        }                                                                                      \
    } while (0)

/* Helpers (test_util.c). */
#include <stddef.h>
#include <stdint.h>
void test_rng_seed(uint32_t seed);
void test_rng_script(const uint8_t *bytes, size_t n); /* the next n bytes drawn */
unsigned long test_rng_calls(void);
void test_rng(void *ctx, uint8_t *buf, size_t len); /* a mia_cup_setup.random hook */
/* The cup the test files share (test_util.c); each test initialises it. */
#include "../src/mia_cup.h"
extern mia_cup test_cup_;
size_t test_unhex(const char *hex, uint8_t *out);   /* "01 ab" or "01ab" -> bytes */

/* Suites */
void run_log_tests(void);
void run_shake_tests(void);
void run_shake_sensor_tests(void);
void run_shake_motion_tests(void);
void run_swing_tests(void);
void run_lid_tests(void);
void run_codec_tests(void);
void run_cup_tests(void);
void run_cup_replay_tests(void);
void run_sha256_tests(void);
void run_auth_tests(void);
void run_auth_proof_tests(void);
void run_auth_reset_tests(void);
void run_boot_tests(const char *trace_dir);
void run_vector_tests(void);
void run_ownership_vector_tests(void);
void run_trace_tests(const char *trace_dir);
void run_telemetry_tests(void);
void run_telemetry_replay_tests(void);
void run_x25519_tests(void);
void run_session_tests(void);
void run_session_beyond_tests(void);
void run_peer_tests(void);
void run_room_tests(void);
void run_leave_tests(void);

#endif
