/*
 * The cup: shake detector + lid detector + event log + protocol, behind the few calls a board
 * makes. This is the only header a port needs to include.
 *
 *   Board -> core                          Core -> board
 *   mia_cup_init            at boot         setup.identify(pattern, ms)  blink / buzz
 *   mia_cup_accel / _fifo   each sample     setup.config_changed(cfg)    store it in flash
 *   mia_cup_lid             each reading    mia_cup_next_notification    frames to notify
 *   mia_cup_tick            every 10-50 ms
 *   mia_cup_connected / mia_cup_subscribe   link and CCCD changes
 *   mia_cup_control_write   a write to Control (returns 0 or an ATT error)
 *   mia_cup_read_info / mia_cup_read_state  reads of Info / State
 *   mia_cup_set_battery     when measured
 *
 * Times are ms since boot (u32, wrapping). Call everything from one context (one task, or the
 * main loop), or guard the cup with a mutex: the core has no locks of its own.
 *
 * Portable C99, no heap, no OS, no board headers.
 */
#ifndef MIA_CUP_H
#define MIA_CUP_H

#include <stddef.h>
#include <stdint.h>

#include "mia_codec.h"
#include "mia_lid.h"
#include "mia_log.h"
#include "mia_shake.h"

#ifndef MIA_REPLY_QUEUE
#define MIA_REPLY_QUEUE 4u
#endif
#define MIA_STATE_MIN_INTERVAL_MS 50u
/* A sample whose deviation from 1 g is at least this counts as motion for idle sleep. */
#define MIA_MOTION_MG 150u

typedef enum {
    MIA_CHR_NONE = 0,
    MIA_CHR_EVENTS = 1,
    MIA_CHR_STATE = 2,
    MIA_CHR_REPLY = 3
} mia_chr;

typedef struct {
    /* Info */
    uint8_t fw_major;
    uint8_t fw_minor;
    uint8_t fw_patch;
    uint16_t capabilities; /* MIA_CAP_* */
    uint8_t device_id[8];
    /* Sensors */
    uint16_t accel_rate_hz; /* output data rate; used by mia_cup_accel_fifo */
    mia_lid_config lid;     /* mode and levels; its debounce comes from the Config */
    /* Hooks (each may be 0) */
    void (*identify)(void *ctx, uint8_t pattern, uint16_t duration_ms);
    void (*config_changed)(void *ctx, const mia_config *cfg);
    void *ctx;
} mia_cup_setup;

typedef struct {
    mia_cup_setup setup;
    mia_config config;
    mia_shake shake;
    mia_lid lid;
    mia_log log;
    uint32_t now_ms;
    uint32_t lid_opened_ms;
    uint32_t last_motion_ms;
    uint16_t shake_count;
    uint16_t lid_open_count;
    uint8_t battery_pct;
    uint8_t charging;
    uint8_t connected;
    uint8_t subscribed[4]; /* by mia_chr */
    /* Events stream: the next sequence number to notify, and the end of a running replay. */
    uint16_t send_seq;
    uint16_t replay_end;
    uint8_t replaying;
    /* Replies waiting to be notified. */
    mia_reply replies[MIA_REPLY_QUEUE];
    uint8_t reply_head;
    uint8_t reply_count;
    uint16_t replies_dropped;
    /* State notification: the last one sent, and when. */
    mia_state state_sent;
    uint32_t state_sent_ms;
    uint8_t state_sent_valid;
} mia_cup;

/* Boots the cup: logs `booted` (sequence 0) at now_ms. stored_config may be 0 (NULL) for the
 * defaults, or the Config read back from flash (ignored if out of range). */
void mia_cup_init(mia_cup *cup, const mia_cup_setup *setup, const mia_config *stored_config,
                  uint32_t now_ms);

/* One accelerometer sample (milli-g) taken at now_ms. */
void mia_cup_accel(mia_cup *cup, uint32_t now_ms, int16_t x, int16_t y, int16_t z);

/* n samples from the accelerometer FIFO, oldest first, the last one taken at last_ms; the
 * times of the others are derived from setup.accel_rate_hz. */
void mia_cup_accel_fifo(mia_cup *cup, uint32_t last_ms, const int16_t (*xyz)[3], size_t n);

/* One lid sensor reading (digital 0/1, or the analog level) taken at now_ms. */
void mia_cup_lid(mia_cup *cup, uint32_t now_ms, uint16_t reading);

/* Lets time pass: ends a shake after its gap, confirms a debounced lid change, releases a
 * coalesced State. Call at least every 50 ms while awake (and before sleeping). */
void mia_cup_tick(mia_cup *cup, uint32_t now_ms);

void mia_cup_set_battery(mia_cup *cup, uint8_t percent, int charging);

/* The link came up or went down. Going down clears subscriptions, pending replies and a
 * running replay (events keep being logged). */
void mia_cup_connected(mia_cup *cup, int connected);

/* The central enabled or disabled notifications on Events, State or Reply (its CCCD). */
void mia_cup_subscribe(mia_cup *cup, mia_chr chr, int enabled);

/* A Write Request on Control. Returns 0 to answer it with success (a Reply is then queued),
 * or an ATT error code (MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH when the write is too
 * short to carry a request id; no Reply). */
uint8_t mia_cup_control_write(mia_cup *cup, uint32_t now_ms, const uint8_t *buf, size_t len);

/* Reads. Each returns the frame length. */
size_t mia_cup_read_info(const mia_cup *cup, uint8_t out[MIA_FRAME_MAX]);
size_t mia_cup_read_state(const mia_cup *cup, uint32_t now_ms, uint8_t out[MIA_FRAME_MAX]);
mia_state mia_cup_state(const mia_cup *cup, uint32_t now_ms);

/* The next notification due (Reply first, then Events in sequence order, then State), or 0
 * when nothing is due. *chr says which characteristic it goes to. Returning a frame commits
 * it: if the BLE stack cannot take it right now, keep the bytes and retry them before asking
 * for the next one. */
size_t mia_cup_next_notification(mia_cup *cup, uint32_t now_ms, mia_chr *chr,
                                 uint8_t out[MIA_FRAME_MAX]);

/* Nonzero when the cup may go to deep sleep: Config idle sleep is not 0, nothing is
 * connected, and there has been no motion and nothing pending for idle_sleep_s seconds. */
int mia_cup_may_sleep(const mia_cup *cup, uint32_t now_ms);

/* Nonzero while something time-based is pending (a shake, a lid change being debounced, a
 * notification): keep calling mia_cup_tick. */
int mia_cup_busy(const mia_cup *cup);

#endif
