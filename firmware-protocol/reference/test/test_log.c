/* Event log: sequence numbers, the ring, replay ranges, the u16 wrap. */
#include "../src/mia_log.h"
#include "test.h"

static mia_log log_;

static void fill(mia_log *log, uint16_t first_seq, unsigned n)
{
    unsigned i;
    mia_log_init(log, first_seq);
    for (i = 0; i < n; i++) {
        (void)mia_log_append(log, 1, 1000u + i, i, 0);
    }
}

static void numbers_follow_and_wrap(void)
{
    const mia_event *e;
    fill(&log_, 65534, 0);
    e = mia_log_append(&log_, 1, 0, 0, 0);
    CHECK_EQ(e->seq, 65534);
    e = mia_log_append(&log_, 1, 0, 0, 0);
    CHECK_EQ(e->seq, 65535);
    e = mia_log_append(&log_, 1, 0, 0, 0);
    CHECK_EQ(e->seq, 0);
    CHECK_EQ(mia_log_last_seq(&log_), 0);
    CHECK_EQ(mia_log_oldest_seq(&log_), 65534);
    CHECK_EQ(mia_log_count(&log_), 3);
}

static void ring_keeps_the_newest(void)
{
    unsigned i;
    fill(&log_, 0, MIA_LOG_CAPACITY + 10u);
    CHECK_EQ(mia_log_count(&log_), MIA_LOG_CAPACITY);
    CHECK_EQ(mia_log_oldest_seq(&log_), 10);
    CHECK_EQ(mia_log_last_seq(&log_), MIA_LOG_CAPACITY + 9u);
    CHECK(mia_log_find(&log_, 9) == 0);
    CHECK(mia_log_find(&log_, (uint16_t)(MIA_LOG_CAPACITY + 10u)) == 0);
    for (i = 10; i < MIA_LOG_CAPACITY + 10u; i++) {
        const mia_event *e = mia_log_find(&log_, (uint16_t)i);
        CHECK(e != 0);
        if (e != 0) {
            CHECK_EQ(e->seq, i);
            CHECK_EQ(e->value[0], i);
            CHECK_EQ(e->t_ms, 1000u + i);
        }
    }
}

static void find_across_the_wrap(void)
{
    unsigned i;
    /* 64 + 5 events starting at 65500: numbers 65500..65535, 0..32; the ring holds the last 64 */
    fill(&log_, 65500, MIA_LOG_CAPACITY + 5u);
    CHECK_EQ(mia_log_oldest_seq(&log_), 65505);
    for (i = 0; i < MIA_LOG_CAPACITY; i++) {
        uint16_t seq = (uint16_t)(65505u + i);
        const mia_event *e = mia_log_find(&log_, seq);
        CHECK(e != 0 && e->seq == seq && e->value[0] == i + 5u);
    }
    CHECK(mia_log_find(&log_, 65504) == 0);
    CHECK(mia_log_find(&log_, (uint16_t)(mia_log_last_seq(&log_) + 1u)) == 0);
}

static void replay_ranges(void)
{
    uint16_t first = 0;
    uint16_t n = 0;
    fill(&log_, 0, 44); /* 0..43 */
    /* the protocol's example: since 40 -> 41, 42, 43 */
    CHECK_EQ(mia_log_replay_range(&log_, 40, &first, &n), MIA_REPLAY_OK);
    CHECK_EQ(first, 41);
    CHECK_EQ(n, 3);
    /* nothing newer: first = L + 1, count 0 */
    CHECK_EQ(mia_log_replay_range(&log_, 43, &first, &n), MIA_REPLAY_NOTHING);
    CHECK_EQ(first, 44);
    CHECK_EQ(n, 0);
    /* since 65535 (before 0) asks for everything from 0 */
    CHECK_EQ(mia_log_replay_range(&log_, 65535, &first, &n), MIA_REPLAY_OK);
    CHECK_EQ(first, 0);
    CHECK_EQ(n, 44);
    /* since "in the future" (an app that saw a previous boot): the whole buffer */
    CHECK_EQ(mia_log_replay_range(&log_, 500, &first, &n), MIA_REPLAY_TRUNCATED);
    CHECK_EQ(first, 0);
    CHECK_EQ(n, 44);
}

static void replay_when_overwritten(void)
{
    uint16_t first = 0;
    uint16_t n = 0;
    fill(&log_, 0, 200); /* 0..199, holds 136..199 */
    CHECK_EQ(mia_log_replay_range(&log_, 100, &first, &n), MIA_REPLAY_TRUNCATED);
    CHECK_EQ(first, 200u - MIA_LOG_CAPACITY);
    CHECK_EQ(n, MIA_LOG_CAPACITY);
    CHECK_EQ(mia_log_replay_range(&log_, (uint16_t)(199u - MIA_LOG_CAPACITY), &first, &n),
             MIA_REPLAY_OK);
    CHECK_EQ(first, 200u - MIA_LOG_CAPACITY);
    CHECK_EQ(n, MIA_LOG_CAPACITY);
}

static void replay_across_the_wrap(void)
{
    uint16_t first = 0;
    uint16_t n = 0;
    fill(&log_, 65530, 9); /* 65530..65535, 0, 1, 2 */
    /* the reply vector "replay ok across the wrap": since 65533 sends 65534, 65535, 0, 1, 2 */
    CHECK_EQ(mia_log_replay_range(&log_, 65533, &first, &n), MIA_REPLAY_OK);
    CHECK_EQ(first, 65534);
    CHECK_EQ(n, 5);
    CHECK_EQ(mia_log_replay_range(&log_, 0, &first, &n), MIA_REPLAY_OK);
    CHECK_EQ(first, 1);
    CHECK_EQ(n, 2);
    CHECK_EQ(mia_log_replay_range(&log_, 2, &first, &n), MIA_REPLAY_NOTHING);
    CHECK_EQ(first, 3);
    /* 65529 is just before the first event: all 9 */
    CHECK_EQ(mia_log_replay_range(&log_, 65529, &first, &n), MIA_REPLAY_OK);
    CHECK_EQ(first, 65530);
    CHECK_EQ(n, 9);
}

static void every_since_in_a_full_wrapped_ring(void)
{
    /* Exhaustive: for every possible `since`, the range is what section 6 says. */
    unsigned s;
    fill(&log_, 65500, 100); /* last = 65500 + 99 - 65536 = 63; holds 64 events */
    for (s = 0; s < 65536u; s++) {
        uint16_t first = 0;
        uint16_t n = 0;
        uint16_t since = (uint16_t)s;
        uint16_t d = (uint16_t)(63u - since);
        (void)mia_log_replay_range(&log_, since, &first, &n);
        if (d == 0) {
            CHECK(first == 64 && n == 0);
        } else if (d <= MIA_LOG_CAPACITY) {
            CHECK(first == (uint16_t)(since + 1u) && n == d);
        } else {
            CHECK(first == mia_log_oldest_seq(&log_) && n == MIA_LOG_CAPACITY);
        }
    }
}

static void serial_comparison(void)
{
    CHECK(mia_seq_before(1, 2));
    CHECK(!mia_seq_before(2, 1));
    CHECK(!mia_seq_before(5, 5));
    CHECK(mia_seq_before(65535, 0));
    CHECK(mia_seq_before(65000, 100));
    CHECK(!mia_seq_before(100, 65000));
    CHECK(mia_seq_before(0, 32767));
    CHECK(!mia_seq_before(0, 32768));
}

void run_log_tests(void)
{
    T_CASE("log", numbers_follow_and_wrap);
    T_CASE("log", ring_keeps_the_newest);
    T_CASE("log", find_across_the_wrap);
    T_CASE("log", replay_ranges);
    T_CASE("log", replay_when_overwritten);
    T_CASE("log", replay_across_the_wrap);
    T_CASE("log", every_since_in_a_full_wrapped_ring);
    T_CASE("log", serial_comparison);
}
