/* The cup as a board sees it: boot, reads, notifications, Control, replay, link loss. */
#include <string.h>

#include "../src/mia_cup.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
static int identify_calls;
static uint8_t identify_pattern;
static uint16_t identify_ms;
static int config_calls;
static uint8_t minor_; /* the protocol minor boot() gives the cup (0: the newest) */

static void on_identify(void *ctx, uint8_t pattern, uint16_t ms)
{
    (void)ctx;
    identify_calls++;
    identify_pattern = pattern;
    identify_ms = ms;
}

static void on_config(void *ctx, const mia_config *cfg)
{
    (void)ctx;
    (void)cfg;
    config_calls++;
}

static void boot(uint16_t caps, uint32_t now)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.fw_major = 1;
    s.fw_minor = 4;
    s.fw_patch = 2;
    s.capabilities = caps;
    s.device_id[0] = 0xa1;
    s.device_id[7] = 0x18;
    s.accel_rate_hz = 100;
    s.identify = on_identify;
    s.config_changed = on_config;
    s.random = test_rng;
    s.protocol_minor = minor_;
    identify_calls = 0;
    config_calls = 0;
    test_rng_seed(1234);
    mia_cup_init(&cup_, &s, 0, now);
}

static void connect_all(void)
{
    mia_cup_connected(&cup_, cup_.now_ms, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
}

/* Takes the next notification; returns its characteristic (MIA_CHR_NONE when none). */
static mia_chr take(uint32_t now, uint8_t *frame, size_t *len)
{
    mia_chr chr;
    *len = mia_cup_next_notification(&cup_, now, &chr, frame);
    return *len > 0 ? chr : MIA_CHR_NONE;
}

static void control(uint32_t now, const char *bytes, size_t n)
{
    CHECK_EQ(mia_cup_control_write(&cup_, now, (const uint8_t *)bytes, n), 0);
}

static void log_events(unsigned n, uint32_t t)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        (void)mia_log_append(&cup_.log, MIA_EVENT_LID_OPENED, t + i, 0, 0);
    }
}

static void boot_logs_booted_and_reads(void)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_info info;
    mia_state st;
    mia_event_frame ev;
    boot(MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED, 12);
    CHECK_EQ(mia_log_count(&cup_.log), 1);
    CHECK_EQ(mia_encode_event(mia_log_find(&cup_.log, 0), f), 11);
    CHECK_EQ(mia_decode_event(f, 11, &ev), MIA_ACCEPT);
    CHECK_EQ(ev.ev.type, MIA_EVENT_BOOTED);
    CHECK_EQ(ev.ev.t_ms, 12);
    CHECK_EQ(ev.has_boot_id, 1);
    CHECK_EQ(ev.ev.value[0], cup_.boot_id);
    CHECK_EQ(mia_cup_read_info(&cup_, f), 17);
    CHECK_EQ(mia_decode_info(f, 17, &info), MIA_ACCEPT);
    CHECK_EQ(info.protocol_major, 1);
    CHECK_EQ(info.protocol_minor, 2);
    CHECK_EQ(info.fw_minor, 4);
    CHECK_EQ(info.log_capacity, MIA_LOG_CAPACITY);
    CHECK_EQ(info.device_id[7], 0x18);
    CHECK_EQ(mia_cup_read_state(&cup_, 99, f), 18);
    CHECK_EQ(mia_decode_state(f, 18, &st), MIA_ACCEPT);
    CHECK_EQ(st.has_boot_id, 1);
    CHECK_EQ(st.boot_id, cup_.boot_id);
    CHECK_EQ(st.last_seq, 0);
    CHECK_EQ(st.oldest_seq, 0);
    CHECK_EQ(st.t_ms, 99);
    CHECK_EQ(st.battery_pct, MIA_BATTERY_UNKNOWN);
    mia_cup_set_battery(&cup_, 87, 1);
    CHECK_EQ(mia_cup_state(&cup_, 0).battery_pct, 87);
    CHECK_EQ(mia_cup_state(&cup_, 0).flags, MIA_STATE_CHARGING);
}

static void nothing_is_sent_unconnected_or_unsubscribed(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    boot(MIA_CAP_LED, 0);
    log_events(3, 100);
    CHECK_EQ(take(200, f, &n), MIA_CHR_NONE);
    mia_cup_connected(&cup_, 300, 1, 0);
    CHECK_EQ(take(300, f, &n), MIA_CHR_NONE); /* connected, nothing subscribed */
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    CHECK_EQ(take(400, f, &n), MIA_CHR_NONE); /* old events are only replayed on request */
    log_events(1, 500);
    CHECK_EQ(take(500, f, &n), MIA_CHR_EVENTS);
    CHECK_EQ(f[1], 4); /* sequence 4 */
    CHECK_EQ(take(500, f, &n), MIA_CHR_NONE);
}

static void live_events_in_order_then_state_coalesced(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    int states = 0;
    uint32_t t;
    mia_state st;
    boot(MIA_CAP_LED, 0);
    connect_all();
    /* lid opens at 1000 (digital, debounce 50) */
    mia_cup_lid(&cup_, 900, 0);
    for (t = 1000; t <= 1100; t += 10) {
        mia_cup_lid(&cup_, t, 1);
    }
    CHECK_EQ(take(1100, f, &n), MIA_CHR_EVENTS);
    CHECK_EQ(f[0], MIA_EVENT_LID_OPENED);
    CHECK_EQ(mia_get_u32(f + 3), 1000);
    CHECK_EQ(take(1100, f, &n), MIA_CHR_STATE);
    CHECK_EQ(mia_decode_state(f, n, &st), MIA_ACCEPT);
    CHECK_EQ(st.flags & MIA_STATE_LID_OPEN, MIA_STATE_LID_OPEN);
    CHECK_EQ(st.lid_open_count, 1);
    CHECK_EQ(st.last_seq, 1);
    /* a burst of changes within 50 ms: one State now, the newest one after 50 ms */
    mia_cup_set_battery(&cup_, 50, 0);
    CHECK_EQ(take(1120, f, &n), MIA_CHR_NONE);
    mia_cup_set_battery(&cup_, 49, 0);
    for (t = 1120; t < 1300; t += 5) {
        while (take(t, f, &n) == MIA_CHR_STATE) {
            states++;
            CHECK(t >= 1150);
            CHECK_EQ(f[1], 49);
        }
    }
    CHECK_EQ(states, 1);
}

/* On a 1.1 board without an owner, which blinks for anyone (1.2 asks for the owner's proof, or
 * a claim waiting for its gesture: test_room.c). */
static void identify_uses_the_outputs_the_cup_has(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    minor_ = 1;
    boot(MIA_CAP_BUZZER, 0);
    connect_all();
    control(10, "\x01\x07\x01\xd0\x07", 5); /* blink, 2000 ms: this cup can only buzz */
    CHECK_EQ(take(10, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(n, 3);
    CHECK(f[0] == 1 && f[1] == 7 && f[2] == MIA_STATUS_OK);
    CHECK_EQ(identify_calls, 1);
    CHECK_EQ(identify_pattern, MIA_IDENTIFY_BUZZ);
    CHECK_EQ(identify_ms, 2000);
    boot(MIA_CAP_SHAKE, 0); /* neither LED nor buzzer */
    connect_all();
    control(10, "\x01\x08\x03\xd0\x07", 5);
    CHECK_EQ(take(10, f, &n), MIA_CHR_REPLY);
    CHECK(n == 3 && f[2] == MIA_STATUS_NOT_SUPPORTED);
    CHECK_EQ(identify_calls, 0);
    /* an invalid pattern is bad_value even on a cup that could not do it anyway */
    control(10, "\x01\x09\x00\xd0\x07", 5);
    CHECK_EQ(take(10, f, &n), MIA_CHR_REPLY);
    CHECK(n == 3 && f[2] == MIA_STATUS_BAD_VALUE);
    minor_ = 0;
}

static void write_config_applies_and_persists(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    mia_reply r;
    boot(MIA_CAP_LED, 0);
    connect_all();
    /* threshold 600, min 150, gap 300, debounce 20, sleep 60 */
    control(10, "\x04\x01\x58\x02\x96\x00\x2c\x01\x14\x00\x3c\x00", 12);
    CHECK_EQ(take(10, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    CHECK_EQ(r.status, MIA_STATUS_OK);
    CHECK_EQ(r.config.shake_threshold_mg, 600);
    CHECK_EQ(cup_.shake.cfg.threshold_mg, 600);
    CHECK_EQ(cup_.shake.cfg.min_duration_ms, 150);
    CHECK_EQ(cup_.shake.cfg.gap_ms, 300);
    CHECK_EQ(cup_.lid.cfg.debounce_ms, 20);
    CHECK_EQ(config_calls, 1);
    /* out of range: nothing changes */
    control(20, "\x04\x02\x63\x00\x96\x00\x2c\x01\x14\x00\x3c\x00", 12);
    CHECK_EQ(take(20, f, &n), MIA_CHR_REPLY);
    CHECK(n == 3 && f[2] == MIA_STATUS_BAD_VALUE);
    CHECK_EQ(cup_.shake.cfg.threshold_mg, 600);
    CHECK_EQ(config_calls, 1);
    /* 1.1: the shake gap is at least 20 ms (19 is bad_value, 20 is fine) */
    control(22, "\x04\x05\x58\x02\x96\x00\x13\x00\x14\x00\x3c\x00", 12);
    CHECK_EQ(take(22, f, &n), MIA_CHR_REPLY);
    CHECK(n == 3 && f[2] == MIA_STATUS_BAD_VALUE);
    CHECK_EQ(cup_.shake.cfg.gap_ms, 300);
    control(24, "\x04\x06\x58\x02\x96\x00\x14\x00\x14\x00\x3c\x00", 12);
    CHECK_EQ(take(24, f, &n), MIA_CHR_REPLY);
    CHECK(n == 13 && f[2] == MIA_STATUS_OK);
    CHECK_EQ(cup_.shake.cfg.gap_ms, 20);
    CHECK_EQ(config_calls, 2);
    control(26, "\x04\x07\x58\x02\x96\x00\x2c\x01\x14\x00\x3c\x00", 12);
    CHECK_EQ(take(26, f, &n), MIA_CHR_REPLY);
    /* read it back */
    control(30, "\x03\x03", 2);
    CHECK_EQ(take(30, f, &n), MIA_CHR_REPLY);
    CHECK_EQ(mia_decode_reply(f, n, &r), MIA_ACCEPT);
    CHECK_EQ(r.config.idle_sleep_s, 60);
    /* a stored config is used at boot, a corrupt one ignored */
    {
        mia_cup_setup s = cup_.setup;
        mia_config stored = r.config;
        mia_cup_init(&cup_, &s, &stored, 0);
        CHECK_EQ(cup_.config.shake_gap_ms, 300);
        stored.lid_debounce_ms = 0;
        mia_cup_init(&cup_, &s, &stored, 0);
        CHECK_EQ(cup_.config.lid_debounce_ms, 50);
        /* a 1.0 cup's flash may hold a shake gap below 20: out of range now, so the defaults */
        stored = r.config;
        stored.shake_gap_ms = 0;
        mia_cup_init(&cup_, &s, &stored, 0);
        CHECK_EQ(cup_.config.shake_gap_ms, 200);
        CHECK_EQ(cup_.config.shake_threshold_mg, 1200);
    }
}

static void short_write_is_an_att_error(void)
{
    uint8_t f[MIA_FRAME_MAX];
    size_t n;
    boot(MIA_CAP_LED, 0);
    connect_all();
    CHECK_EQ(mia_cup_control_write(&cup_, 0, (const uint8_t *)"\x01", 1),
             MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH);
    CHECK_EQ(mia_cup_control_write(&cup_, 0, 0, 0), MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH);
    CHECK_EQ(take(0, f, &n), MIA_CHR_NONE);
}

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

void run_cup_tests(void)
{
    T_CASE("cup", boot_logs_booted_and_reads);
    T_CASE("cup", nothing_is_sent_unconnected_or_unsubscribed);
    T_CASE("cup", live_events_in_order_then_state_coalesced);
    T_CASE("cup", identify_uses_the_outputs_the_cup_has);
    T_CASE("cup", write_config_applies_and_persists);
    T_CASE("cup", short_write_is_an_att_error);
    T_CASE("cup", replay_reply_first_then_events_then_live);
    T_CASE("cup", replay_is_byte_identical_and_handles_reboot);
    T_CASE("cup", link_loss_then_replay_recovers_everything);
    T_CASE("cup", overwritten_before_sent_is_skipped);
    T_CASE("cup", reply_queue_overflow_is_counted);
    T_CASE("cup", fifo_samples_get_their_times);
    T_CASE("cup", lid_opening_ends_a_pending_shake_first);
    T_CASE("cup", idle_sleep);
}
