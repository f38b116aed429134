/* The cup as a board sees it: replay, link loss, full queues, FIFO batches, lid, idle sleep. */
#include <string.h>

#include "../src/mia_cup.h"
#include "cup_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

static void replay_reply_first_then_events_then_live(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_reply r;
    uint16_t expect = 41;
    boot(MIA_CAP_LED, 0);
    log_events(43, 100); /* 1..43 */
    connect_all();
    control(1000, "\x02\x09\x28\x00", 4); /* since 40 */
    CHECK_EQ(take(1000, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    CHECK(r.status == MIA_STATUS_OK && r.first_seq == 41 && r.count == 3);
    CHECK_EQ(take(1000, f, &n), MIA_CHR_EVENTS);
    CHECK_EQ(mia_get_u16(f + 1), expect++);
    /* a second replay while one runs is busy */
    control(1000, "\x02\x0a\x00\x00", 4);
    CHECK_EQ(take(1000, f, &n), MIA_CHR_REPLY);
    CHECK(n == 3 && f[1] == 0x0a && f[2] == MIA_STATUS_BUSY);
    /* an event logged during the replay comes after the replayed ones */
    log_events(1, 2000);
    while (take(1000, f, &n) == MIA_CHR_EVENTS) {
        CHECK_EQ(mia_get_u16(f + 1), expect++);
    }
    CHECK_EQ(expect, 45);
    /* the replay is over: a new one is accepted; nothing newer than 44 */
    control(1000, "\x02\x0b\x2c\x00", 4);
    CHECK_EQ(take(1000, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    CHECK(r.status == MIA_STATUS_OK && r.first_seq == 45 && r.count == 0);
    CHECK_EQ(take(1000, f, &n), MIA_CHR_NONE);
}

static void replay_is_byte_identical_and_handles_reboot(void)
{
    uint8_t live[8][MIA_FRAME_MAX];
    size_t live_n[8];
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_reply r;
    int i;
    boot(MIA_CAP_LED, 0);
    connect_all();
    mia_cup_lid(&cup_, 0, 0);
    for (i = 0; i < 4; i++) {
        uint32_t t = 1000u + (uint32_t)i * 1000u;
        mia_cup_lid(&cup_, t, (uint16_t)(i % 2 == 0));
        mia_cup_tick(&cup_, t + 100);
        CHECK_EQ(take(t + 100, live[i], &live_n[i]), MIA_CHR_EVENTS);
        while (take(t + 100, f, &n) != MIA_CHR_NONE) {
        }
    }
    /* the app saw sequence 500 from an earlier boot: the whole buffer, from booted */
    control(9000, "\x02\x01\xf4\x01", 4);
    CHECK_EQ(take(9000, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    CHECK(r.first_seq == 0 && r.count == 5);
    CHECK_EQ(take(9000, f, &n), MIA_CHR_EVENTS);
    CHECK_EQ(f[0], MIA_EVENT_BOOTED);
    for (i = 0; i < 4; i++) {
        CHECK_EQ(take(9000, f, &n), MIA_CHR_EVENTS);
        CHECK(n == live_n[i] && memcmp(f, live[i], n) == 0);
    }
    CHECK_EQ(live[3][0], MIA_EVENT_LID_CLOSED);
    CHECK_EQ(mia_get_u32(live[3] + 7), 1000); /* open from 3000 to 4000 */
}

static void link_loss_then_replay_recovers_everything(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_reply r;
    boot(MIA_CAP_LED, 0);
    connect_all();
    log_events(2, 100); /* 1, 2 seen */
    while (take(200, f, &n) != MIA_CHR_NONE) {
    }
    control(250, "\x03\x01", 2); /* a reply pending when the link drops */
    mia_cup_connected(&cup_, 250, 0, 0);
    log_events(3, 300); /* 3, 4, 5 while disconnected */
    CHECK_EQ(take(400, f, &n), MIA_CHR_NONE);
    connect_all();
    CHECK_EQ(take(500, f, &n), MIA_CHR_NONE); /* the old reply is gone */
    control(500, "\x02\x02\x02\x00", 4);
    CHECK_EQ(take(500, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    CHECK(r.first_seq == 3 && r.count == 3);
    CHECK(take(500, f, &n) == MIA_CHR_EVENTS && mia_get_u16(f + 1) == 3);
    CHECK(take(500, f, &n) == MIA_CHR_EVENTS && mia_get_u16(f + 1) == 4);
    CHECK(take(500, f, &n) == MIA_CHR_EVENTS && mia_get_u16(f + 1) == 5);
}

static void overwritten_before_sent_is_skipped(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    boot(MIA_CAP_LED, 0);
    connect_all();
    log_events(MIA_LOG_CAPACITY + 10u, 100); /* the stack never took a frame meanwhile */
    CHECK_EQ(take(500, f, &n), MIA_CHR_EVENTS);
    CHECK_EQ(mia_get_u16(f + 1), mia_log_oldest_seq(&cup_.log));
}

static void reply_queue_overflow_is_counted(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    unsigned i;
    int replies = 0;
    boot(MIA_CAP_LED, 0);
    connect_all();
    for (i = 0; i < MIA_REPLY_QUEUE + 2u; i++) {
        control(0, "\x03\x01", 2);
    }
    CHECK_EQ(cup_.replies_dropped, 2);
    while (take(0, f, &n) == MIA_CHR_REPLY) {
        replies++;
    }
    CHECK_EQ(replies, MIA_REPLY_QUEUE);
}

static void fifo_samples_get_their_times(void)
{
    int16_t fifo[100][3];
    unsigned i;
    boot(MIA_CAP_LED, 0);
    /* 1 s of vigorous shaking read as one FIFO batch at 100 Hz, the last sample at 2000 ms */
    for (i = 0; i < 100; i++) {
        fifo[i][0] = 0;
        fifo[i][1] = 0;
        fifo[i][2] = (int16_t)(i % 10 < 5 ? 4000 : -1500);
    }
    mia_cup_accel_fifo(&cup_, 2000, (const int16_t(*)[3])fifo, 100);
    mia_cup_tick(&cup_, 3000);
    CHECK_EQ(mia_log_count(&cup_.log), 3);
    CHECK_EQ(mia_log_find(&cup_.log, 1)->t_ms, 1010); /* first sample: 2000 - 99 * 10 */
    CHECK_EQ(mia_log_find(&cup_.log, 2)->type, MIA_EVENT_SHAKE_ENDED);
    CHECK_EQ(mia_log_find(&cup_.log, 2)->t_ms, 1950); /* the last sample above 600 mg */
}

static void lid_opening_ends_a_pending_shake_first(void)
{
    unsigned t;
    boot(MIA_CAP_LED, 0);
    mia_cup_lid(&cup_, 0, 0);
    for (t = 0; t < 2000; t += 10) {
        mia_cup_accel(&cup_, t, 0, 0, (int16_t)(t >= 1000 && t % 100 < 50 ? 4000 : 1000));
    }
    /* the lid opens 10 ms after the last motion, sooner than the gap */
    mia_cup_lid(&cup_, 1960, 1);
    mia_cup_tick(&cup_, 2010);
    CHECK_EQ(mia_log_find(&cup_.log, 1)->type, MIA_EVENT_SHAKE_STARTED);
    CHECK_EQ(mia_log_find(&cup_.log, 2)->type, MIA_EVENT_SHAKE_ENDED);
    CHECK_EQ(mia_log_find(&cup_.log, 3)->type, MIA_EVENT_LID_OPENED);
    CHECK(mia_log_find(&cup_.log, 2)->t_ms <= mia_log_find(&cup_.log, 3)->t_ms);
    CHECK_EQ(cup_.shake_count, 1);
}

static void idle_sleep(void)
{
    uint8_t f[MIA_FRAME_MAX];
    boot(MIA_CAP_LED, 0);
    mia_cup_accel(&cup_, 1000, 0, 0, 1300); /* picked up */
    mia_cup_accel(&cup_, 1010, 0, 0, 1000);
    CHECK(mia_cup_busy(&cup_)); /* the reset gesture's 5 s after boot: ticks expected */
    mia_cup_tick(&cup_, 5000);
    CHECK(!mia_cup_busy(&cup_)); /* no lid reading in the first 5 s: no gesture */
    CHECK(!mia_cup_may_sleep(&cup_, 600999));
    CHECK(mia_cup_may_sleep(&cup_, 601000));
    mia_cup_accel(&cup_, 601000, 0, 0, 1300); /* a nudge */
    CHECK(!mia_cup_may_sleep(&cup_, 602000));
    mia_cup_connected(&cup_, 602000, 1, 0);
    CHECK(!mia_cup_may_sleep(&cup_, 9000000));
    mia_cup_connected(&cup_, 9000000, 0, 0);
    CHECK(mia_cup_may_sleep(&cup_, 9000000));
    CHECK_EQ(mia_cup_control_write(&cup_, 0, (const uint8_t *)"\x04\x01\xb0\x04\xfa\x00\xc8\x00\x32\x00\x00\x00", 12), 0);
    CHECK(!mia_cup_may_sleep(&cup_, 9000000)); /* idle sleep 0: never */
    (void)f;
}

void run_cup_replay_tests(void)
{
    T_CASE("cup", replay_reply_first_then_events_then_live);
    T_CASE("cup", replay_is_byte_identical_and_handles_reboot);
    T_CASE("cup", link_loss_then_replay_recovers_everything);
    T_CASE("cup", overwritten_before_sent_is_skipped);
    T_CASE("cup", reply_queue_overflow_is_counted);
    T_CASE("cup", fifo_samples_get_their_times);
    T_CASE("cup", lid_opening_ends_a_pending_shake_first);
    T_CASE("cup", idle_sleep);
}
