/* Runs every suite; the last line is "N passed, M failed" (test cases), exit 1 on a failure.
 *   mia_tests <traces-dir> */
#include <string.h>

#include "test.h"

static const char *cur_suite;
static const char *cur_name;
static int cur_failed;
static int passed;
static int failed;

void t_begin(const char *suite, const char *name)
{
    cur_suite = suite;
    cur_name = name;
    cur_failed = 0;
}

static void t_header(void)
{
    if (cur_failed == 0) {
        printf("FAIL %s: %s\n", cur_suite, cur_name);
    }
    cur_failed++;
}

void t_fail(const char *file, int line, const char *what)
{
    t_header();
    if (cur_failed <= 5) {
        printf("  %s:%d: %s\n", file, line, what);
    }
}

void t_failf(const char *file, int line, const char *fmt, long a, long b)
{
    t_header();
    if (cur_failed <= 5) {
        printf("  %s:%d: ", file, line);
        printf(fmt, a, b);
        printf("\n");
    }
}

void t_end(void)
{
    if (cur_failed == 0) {
        passed++;
    } else {
        failed++;
    }
}

int t_failed_now(void)
{
    return cur_failed != 0;
}

int t_summary(void)
{
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    const char *traces = argc > 1 ? argv[1] : "firmware-protocol/reference/traces";
    run_log_tests();
    run_shake_tests();
    run_shake_sensor_tests();
    run_shake_motion_tests();
    run_swing_tests();
    run_lid_tests();
    run_codec_tests();
    run_sha256_tests();
    run_cup_tests();
    run_cup_replay_tests();
    run_auth_tests();
    run_auth_proof_tests();
    run_auth_reset_tests();
    run_boot_tests(traces);
    run_vector_tests();
    run_ownership_vector_tests();
    run_telemetry_tests();
    run_telemetry_replay_tests();
    run_x25519_tests();
    run_session_tests();
    run_session_beyond_tests();
    run_peer_tests();
    run_room_tests();
    run_leave_tests();
#ifndef MIA_TEST_NO_TRACES /* a 16 KiB-RAM target (arm.sh, microbit) runs all but the traces */
    run_trace_tests(traces);
#endif
    return t_summary();
}
