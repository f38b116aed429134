/* The cup as a board sees it: boot, reads, notifications, Control (replay, link loss and
 * the rest: test_cup_replay.c). */
#include <string.h>

#include "../src/mia_cup.h"
#include "cup_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

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

void run_cup_tests(void)
{
    T_CASE("cup", boot_logs_booted_and_reads);
    T_CASE("cup", nothing_is_sent_unconnected_or_unsubscribed);
    T_CASE("cup", live_events_in_order_then_state_coalesced);
    T_CASE("cup", identify_uses_the_outputs_the_cup_has);
    T_CASE("cup", write_config_applies_and_persists);
    T_CASE("cup", short_write_is_an_att_error);
}
