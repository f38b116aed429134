/* The cup tests' board (cup_util.h): its hooks, boot, connect, notifications, Control. */
#include <string.h>

#include "../src/mia_cup.h"
#include "cup_util.h"
#include "test.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_
int cup_identify_calls;
uint8_t cup_identify_pattern;
uint16_t cup_identify_ms;
int cup_config_calls;
uint8_t cup_minor_; /* the protocol minor boot() gives the cup (0: the newest) */

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

void cup_boot(uint16_t caps, uint32_t now)
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

void cup_connect_all(void)
{
    mia_cup_connected(&cup_, cup_.now_ms, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_STATE, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
}

/* Takes the next notification; returns its characteristic (MIA_CHR_NONE when none). */
mia_chr cup_take(uint32_t now, uint8_t *frame, size_t *len)
{
    mia_chr chr;
    *len = mia_cup_next_notification(&cup_, now, &chr, frame);
    return *len > 0 ? chr : MIA_CHR_NONE;
}

void cup_control(uint32_t now, const char *bytes, size_t n)
{
    CHECK_EQ(mia_cup_control_write(&cup_, now, (const uint8_t *)bytes, n), 0);
}

void cup_log_events(unsigned n, uint32_t t)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        (void)mia_log_append(&cup_.log, MIA_EVENT_LID_OPENED, t + i, 0, 0);
    }
}
