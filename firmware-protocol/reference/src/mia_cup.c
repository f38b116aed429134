/* The cup: its set-up, and the detectors into the log. The link is in mia_link.c, Control in
 * mia_control.c. See mia_cup.h and README.md. */
#include "mia_cup.h"

#include "mia_owner.h"
#include "mia_sha256.h"

/* Info carries the log capacity as 1..32767 (PROTOCOL.md 4.1); mia_log.h checks it too. */
typedef char mia_log_capacity_fits_info[(MIA_LOG_CAPACITY >= 1u &&
                                         MIA_LOG_CAPACITY <= MIA_LOG_CAPACITY_MAX) ? 1 : -1];
/* The longest Reply fits a queue entry. */
typedef char mia_reply_fits_queue[MIA_REPLY_HEADER_LEN + MIA_AUTH_LEN <= MIA_REPLY_MAX_LEN ? 1
                                                                                           : -1];

/* Random bytes from the board, or zeros without an RNG (then the cup cannot be owned). */
void mia_cup_random_(mia_cup *cup, uint8_t *buf, size_t len)
{
    if (cup->setup.random != 0) {
        cup->setup.random(cup->setup.ctx, buf, len);
    } else {
        mia_wipe(buf, len);
    }
}

void mia_cup_apply_config_(mia_cup *cup)
{
    mia_shake_config sc = mia_shake_config_default();
    mia_lid_config lc = cup->setup.lid;
    sc.threshold_mg = cup->config.shake_threshold_mg;
    sc.min_duration_ms = cup->config.shake_min_ms;
    sc.gap_ms = cup->config.shake_gap_ms;
    mia_shake_set_config(&cup->shake, &sc);
    lc.debounce_ms = cup->config.lid_debounce_ms;
    mia_lid_set_config(&cup->lid, &lc);
}

void mia_cup_init(mia_cup *cup, const mia_cup_setup *setup, const mia_config *stored_config,
                  uint32_t now_ms)
{
    unsigned i;
    cup->setup = *setup;
    cup->minor = setup->protocol_minor == 1u ? 1u : MIA_PROTOCOL_MINOR;
    if (cup->setup.accel_rate_hz == 0) {
        cup->setup.accel_rate_hz = 100;
    }
    cup->config = mia_config_default();
    if (stored_config != 0 && mia_config_check(stored_config) == MIA_ACCEPT) {
        cup->config = *stored_config;
    }
    mia_shake_init(&cup->shake, 0);
    mia_lid_init(&cup->lid, &cup->setup.lid);
    mia_cup_apply_config_(cup);
    mia_log_init(&cup->log, 0);
    cup->owned = 0;
    mia_wipe(cup->owner_key, MIA_AUTH_LEN);
    if (setup->owner_key != 0) {
        mia_copy(cup->owner_key, setup->owner_key, MIA_AUTH_LEN);
        cup->owned = 1;
    }
    cup->setup.owner_key = 0; /* the copy above is the one in use */
    {
        uint8_t id[4];
        mia_cup_random_(cup, id, sizeof id);
        cup->boot_id = mia_get_u32(id);
    }
    cup->boot_ms = now_ms;
    cup->unproven_from_ms = now_ms;
    cup->reset_gesture = setup->woke_from_sleep ? MIA_RESET_OFF : MIA_RESET_WAITING;
    cup->now_ms = now_ms;
    mia_telemetry_init(&cup->telemetry);
    mia_owner_link(cup, 1);
    mia_peers_init(&cup->peers);
    cup->lid_opened_ms = now_ms;
    cup->last_motion_ms = now_ms;
    cup->shake_count = 0;
    cup->lid_open_count = 0;
    cup->battery_pct = MIA_BATTERY_UNKNOWN;
    cup->charging = 0;
    cup->connected = 0;
    for (i = 0; i < MIA_CHR_COUNT; i++) {
        cup->subscribed[i] = 0;
    }
    cup->replaying = 0;
    cup->reply_head = 0;
    cup->reply_count = 0;
    cup->replies_dropped = 0;
    cup->state_sent_ms = now_ms;
    cup->state_sent_valid = 0;
    (void)mia_log_append(&cup->log, MIA_EVENT_BOOTED, now_ms, cup->boot_id, 0);
    cup->send_seq = cup->log.next_seq;
    cup->replay_end = cup->send_seq;
}

/* ---------------------------------------------------------------- detectors -> log */

static void log_event(mia_cup *cup, uint8_t type, uint32_t t_ms, uint32_t v0, uint32_t v1)
{
    (void)mia_log_append(&cup->log, type, t_ms, v0, v1);
}

static void on_shake(mia_cup *cup, mia_shake_result r)
{
    if (r == MIA_SHAKE_STARTED) {
        log_event(cup, MIA_EVENT_SHAKE_STARTED, cup->shake.onset_ms, 0, 0);
        mia_owner_gesture(cup); /* a claim waiting for a person at the cup */
    } else if (r == MIA_SHAKE_ENDED) {
        uint32_t duration = cup->shake.end_ms - cup->shake.start_ms;
        log_event(cup, MIA_EVENT_SHAKE_ENDED, cup->shake.end_ms,
                  duration > 0xFFFFu ? 0xFFFFu : duration, cup->shake.ended_peak_mg);
        cup->shake_count++;
    }
}

static void on_lid(mia_cup *cup, mia_lid_result r)
{
    uint32_t t = cup->lid.changed_at_ms;
    if (r == MIA_LID_OPENED) {
        /* A shake still waiting for its gap ends first, so the log reads in order: the motion
         * stopped before the lid came off. */
        on_shake(cup, mia_shake_flush(&cup->shake));
        cup->lid_opened_ms = t;
        cup->lid_open_count++;
        log_event(cup, MIA_EVENT_LID_OPENED, t, 0, 0);
        mia_owner_gesture(cup); /* a claim waiting for a person at the cup */
    } else if (r == MIA_LID_CLOSED) {
        log_event(cup, MIA_EVENT_LID_CLOSED, t, t - cup->lid_opened_ms, 0);
    }
}

void mia_cup_accel(mia_cup *cup, uint32_t now_ms, int16_t x, int16_t y, int16_t z)
{
    cup->now_ms = now_ms;
    on_shake(cup, mia_shake_feed(&cup->shake, now_ms, x, y, z));
    if (cup->shake.last_d_mg >= MIA_MOTION_MG) {
        cup->last_motion_ms = now_ms;
    }
    mia_telemetry_accel(&cup->telemetry, now_ms, x, y, z);
}

void mia_cup_accel_fifo(mia_cup *cup, uint32_t last_ms, const int16_t (*xyz)[3], size_t n)
{
    size_t i;
    uint32_t rate = cup->setup.accel_rate_hz;
    for (i = 0; i < n; i++) {
        uint32_t back = (uint32_t)((n - 1u - i) * 1000u / rate);
        mia_cup_accel(cup, last_ms - back, xyz[i][0], xyz[i][1], xyz[i][2]);
    }
}


/* The reset gesture (PROTOCOL.md 6): switched on with the lid open, and the lid stays open,
 * without a break longer than the debounce, for 5 s after boot. "Open at boot" is the first
 * believed lid state, from a run that began within the 5 s; a break longer than the debounce
 * is a closed state the lid detector believes. A break still being debounced at 5 s is waited
 * for: if it holds, it cancels; if it was a flicker, the gesture completes when it ends. */
static void reset_gesture(mia_cup *cup, uint32_t now_ms)
{
    uint32_t since_boot = now_ms - cup->boot_ms;
    const mia_lid *l = &cup->lid;
    if (cup->reset_gesture == MIA_RESET_WAITING) {
        if (l->known) {
            cup->reset_gesture =
                l->open && l->changed_at_ms - cup->boot_ms < MIA_RESET_HOLD_MS ? MIA_RESET_ARMED
                                                                             : MIA_RESET_OFF;
        } else if (since_boot >= MIA_RESET_HOLD_MS &&
                   (!l->seen || l->change_ms - cup->boot_ms >= MIA_RESET_HOLD_MS)) {
            cup->reset_gesture = MIA_RESET_OFF; /* no lid reading from the first 5 s */
        }
    }
    if (cup->reset_gesture != MIA_RESET_ARMED) {
        return;
    }
    if (!l->open) {
        cup->reset_gesture = MIA_RESET_OFF; /* closed for longer than the debounce */
    } else if (since_boot >= MIA_RESET_HOLD_MS &&
               !(l->pending && l->change_ms - cup->boot_ms < MIA_RESET_HOLD_MS)) {
        cup->reset_gesture = MIA_RESET_OFF;
        mia_cup_forget_owner(cup);
        (void)mia_cup_identify_(cup, MIA_IDENTIFY_BLINK | MIA_IDENTIFY_BUZZ,
                                (uint16_t)MIA_RESET_IDENTIFY_MS);
    }
}

void mia_cup_lid(mia_cup *cup, uint32_t now_ms, uint16_t reading)
{
    cup->now_ms = now_ms;
    on_lid(cup, mia_lid_feed(&cup->lid, now_ms, reading));
    reset_gesture(cup, now_ms);
    mia_telemetry_lid(&cup->telemetry, now_ms, cup->lid.raw_open, reading);
}

void mia_cup_tick(mia_cup *cup, uint32_t now_ms)
{
    cup->now_ms = now_ms;
    on_shake(cup, mia_shake_tick(&cup->shake, now_ms));
    on_lid(cup, mia_lid_tick(&cup->lid, now_ms));
    reset_gesture(cup, now_ms);
    mia_owner_tick(cup, now_ms);
    mia_telemetry_tick(&cup->telemetry, now_ms);
}

void mia_cup_set_battery(mia_cup *cup, uint8_t percent, int charging)
{
    cup->battery_pct = percent > 100 && percent != MIA_BATTERY_UNKNOWN ? 100 : percent;
    cup->charging = charging != 0;
}
