/* The cup: detectors + log + protocol. See mia_cup.h and README.md. */
#include "mia_cup.h"

#include "mia_owner.h"
#include "mia_sha256.h"

/* Info carries the log capacity as 1..32767 (PROTOCOL.md 4.1); mia_log.h checks it too. */
typedef char mia_log_capacity_fits_info[(MIA_LOG_CAPACITY >= 1u &&
                                         MIA_LOG_CAPACITY <= MIA_LOG_CAPACITY_MAX) ? 1 : -1];
/* The longest Reply fits a queue entry. */
typedef char mia_reply_fits_queue[MIA_REPLY_HEADER_LEN + MIA_AUTH_LEN <= MIA_REPLY_MAX_LEN ? 1
                                                                                           : -1];

static void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] = src[i];
    }
}

/* Random bytes from the board, or zeros without an RNG (then the cup cannot be owned). */
void mia_cup_random_(mia_cup *cup, uint8_t *buf, size_t len)
{
    if (cup->setup.random != 0) {
        cup->setup.random(cup->setup.ctx, buf, len);
    } else {
        mia_wipe(buf, len);
    }
}

static void apply_config(mia_cup *cup)
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
    apply_config(cup);
    mia_log_init(&cup->log, 0);
    cup->owned = 0;
    mia_wipe(cup->owner_key, MIA_AUTH_LEN);
    if (setup->owner_key != 0) {
        copy_bytes(cup->owner_key, setup->owner_key, MIA_AUTH_LEN);
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

/* ---------------------------------------------------------------- link */

static void stop_streams(mia_cup *cup)
{
    cup->send_seq = cup->log.next_seq;
    cup->replay_end = cup->send_seq;
    cup->replaying = 0;
}

void mia_cup_connected(mia_cup *cup, uint32_t now_ms, int connected, const uint8_t *peer)
{
    unsigned i;
    if (cup->connected) {
        /* A stranger's link counts when the cup wanted it dropped, and when it would have (once
         * every time limit is up) had the peer not left first: as if dropped 2 s before. */
        uint32_t at = mia_cup_should_disconnect(cup, now_ms) ? now_ms : now_ms - MIA_BACKOFF_MS;
        mia_peers_end(&cup->peers,
                      mia_cup_should_disconnect(cup, now_ms + MIA_UNPROVEN_DROP_1_1_MS), at);
    }
    cup->now_ms = now_ms;
    cup->connected = connected != 0;
    for (i = 0; i < MIA_CHR_COUNT; i++) {
        cup->subscribed[i] = 0;
    }
    mia_telemetry_drop(&cup->telemetry); /* a stream ends with its connection */
    cup->reply_count = 0;
    cup->state_sent_valid = 0;
    stop_streams(cup);
    /* A new connection has proven nothing, has its own challenge and its own 5 s. */
    cup->unproven_from_ms = now_ms;
    mia_owner_link(cup, cup->connected);
    if (cup->connected) {
        mia_peers_connect(&cup->peers, peer, now_ms);
    }
}

/* Events are notified only to a subscriber, and on a cup with an owner only once the
 * connection has proven it (PROTOCOL.md 6); they are logged either way. */
static int events_live(const mia_cup *cup)
{
    return cup->subscribed[MIA_CHR_EVENTS] && (!cup->owned || cup->proven);
}

void mia_cup_forget_owner(mia_cup *cup)
{
    /* A cup without an owner needs no proof and seals nothing; the connection keeps its room. */
    mia_peers_forget_owner(&cup->peers);
    cup->has_session = 0;
    cup->smp_unlocked = 0;
    mia_wipe(cup->session, MIA_AUTH_LEN);
    if (!cup->owned) {
        return;
    }
    cup->owned = 0;
    mia_wipe(cup->owner_key, MIA_AUTH_LEN);
    if (cup->setup.owner_changed != 0) {
        cup->setup.owner_changed(cup->setup.ctx, 0);
    }
}

void mia_cup_subscribe(mia_cup *cup, mia_chr chr, int enabled)
{
    if (chr == MIA_CHR_NONE || (unsigned)chr >= MIA_CHR_COUNT) {
        return;
    }
    cup->subscribed[chr] = enabled != 0;
    cup->telemetry.subscribed = cup->subscribed[MIA_CHR_TELEMETRY];
    if (chr == MIA_CHR_EVENTS) {
        stop_streams(cup); /* only new events; the app asks for older ones with replay_since */
    } else if (chr == MIA_CHR_STATE && enabled) {
        cup->state_sent = mia_cup_state(cup, cup->now_ms); /* the app reads it after this */
        cup->state_sent_valid = 1;
        cup->state_sent_ms = cup->now_ms;
    } else if (chr == MIA_CHR_REPLY && !enabled) {
        cup->reply_count = 0;
    }
}

/* ---------------------------------------------------------------- Control */

void mia_cup_queue_reply_(mia_cup *cup, const mia_reply *r)
{
    uint8_t frame[MIA_FRAME_MAX];
    unsigned slot = (cup->reply_head + cup->reply_count) % MIA_REPLY_QUEUE;
    size_t n;
    if (cup->reply_count >= MIA_REPLY_QUEUE) {
        cup->replies_dropped++; /* the app times out and retries */
        return;
    }
    n = mia_encode_reply(r, frame);
    copy_bytes(cup->replies[slot], frame, n);
    cup->reply_len[slot] = (uint8_t)n;
    cup->reply_count++;
}

uint8_t mia_cup_identify_(mia_cup *cup, uint8_t asked, uint16_t duration_ms)
{
    uint8_t have = 0;
    uint8_t pattern;
    if (cup->setup.capabilities & MIA_CAP_LED) {
        have |= MIA_IDENTIFY_BLINK;
    }
    if (cup->setup.capabilities & MIA_CAP_BUZZER) {
        have |= MIA_IDENTIFY_BUZZ;
    }
    if (have == 0) {
        return MIA_STATUS_NOT_SUPPORTED;
    }
    pattern = (uint8_t)(asked & have);
    if (pattern == 0) {
        pattern = have; /* use the output the cup has */
    }
    if (cup->setup.identify != 0) {
        cup->setup.identify(cup->setup.ctx, pattern, duration_ms);
    }
    return MIA_STATUS_OK;
}

/* Requests refused with needs_proof (PROTOCOL.md 4.4): on a cup with an owner, those a
 * connection must have proven for; 1.2: identify unless the connection proved the owner key, or
 * on a cup without an owner its claim waits for the gesture (a stranger does not make a cup
 * blink). */
static int needs_proof(const mia_cup *cup, uint8_t opcode)
{
    if (opcode == MIA_OP_IDENTIFY) {
        return cup->minor >= 2 &&
               (cup->owned ? !cup->proven : cup->claim.phase != MIA_CLAIM_WAITING);
    }
    return cup->owned && !cup->proven &&
           (opcode == MIA_OP_REPLAY_SINCE || opcode == MIA_OP_READ_CONFIG ||
            mia_op_sealable(opcode));
}

/* telemetry_start: the stream runs at the accelerometer's rate, at most 100 Hz. */
static uint8_t telemetry_start(mia_cup *cup, uint8_t seconds, mia_reply *r)
{
    if ((cup->setup.capabilities & (MIA_CAP_SHAKE | MIA_CAP_LID)) == 0) {
        return MIA_STATUS_NOT_SUPPORTED;
    }
    r->rate_hz = mia_telemetry_rate(cup->setup.accel_rate_hz);
    r->seconds = seconds;
    return mia_telemetry_start(&cup->telemetry, cup->now_ms, seconds, cup->setup.accel_rate_hz);
}

static uint8_t replay(mia_cup *cup, uint16_t since, mia_reply *r)
{
    uint16_t first;
    uint16_t n;
    if (cup->replaying && mia_seq_before(cup->send_seq, cup->replay_end)) {
        return MIA_STATUS_BUSY;
    }
    (void)mia_log_replay_range(&cup->log, since, &first, &n);
    r->first_seq = first;
    r->count = n;
    if (n > 0) {
        cup->send_seq = first;
        cup->replay_end = (uint16_t)(first + n);
        cup->replaying = 1;
    }
    return MIA_STATUS_OK;
}

uint8_t mia_cup_control_write(mia_cup *cup, uint32_t now_ms, const uint8_t *buf, size_t len)
{
    mia_control c;
    mia_reply r;
    mia_reason reason = mia_decode_control(buf, len, &c);
    cup->now_ms = now_ms;
    if (len < MIA_CONTROL_HEADER_LEN && reason == MIA_REASON_TRUNCATED) {
        return MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH;
    }
    /* A cup without telemetry does not know its opcodes (PROTOCOL.md 2), nor a 1.1 board the
     * 1.2 ones. */
    if (reason != MIA_REASON_TOO_LONG &&
        ((!(cup->setup.capabilities & MIA_CAP_TELEMETRY) &&
          (c.opcode == MIA_OP_TELEMETRY_START || c.opcode == MIA_OP_TELEMETRY_STOP)) ||
         (cup->minor < 2 && c.opcode > MIA_OP_TELEMETRY_STOP))) {
        reason = MIA_REASON_UNKNOWN_OPCODE;
    }
    r.opcode = c.opcode;
    r.request_id = c.request_id;
    r.first_seq = 0;
    r.count = 0;
    r.rate_hz = 0;
    r.seconds = 0;
    r.frames = 0;
    r.config = cup->config;
    mia_wipe(r.auth, MIA_AUTH_LEN);
    r.has_tag = 0;
    r.status = (uint8_t)mia_status_for_reason(reason);
    if (reason == MIA_ACCEPT && needs_proof(cup, c.opcode)) {
        r.status = MIA_STATUS_NEEDS_PROOF; /* after the checks of the frame, PROTOCOL.md 4.4 */
    } else if (reason == MIA_ACCEPT && !mia_owner_seal_ok(cup, &c, buf)) {
        r.status = MIA_STATUS_DENIED; /* 1.2: a sealed request without its right tag */
    } else if (reason == MIA_ACCEPT) {
        switch (c.opcode) {
        case MIA_OP_IDENTIFY:
            r.status = mia_cup_identify_(cup, c.pattern, c.duration_ms);
            break;
        case MIA_OP_REPLAY_SINCE:
            r.status = replay(cup, c.since_seq, &r);
            break;
        case MIA_OP_WRITE_CONFIG:
            cup->config = c.config;
            apply_config(cup);
            if (cup->setup.config_changed != 0) {
                cup->setup.config_changed(cup->setup.ctx, &cup->config);
            }
            r.config = cup->config;
            break;
        case MIA_OP_RELEASE:
            mia_owner_release(cup, &r);
            break;
        case MIA_OP_TELEMETRY_START:
            r.status = telemetry_start(cup, c.seconds, &r);
            break;
        case MIA_OP_TELEMETRY_STOP:
            r.frames = mia_telemetry_stop(&cup->telemetry, now_ms, MIA_TLM_END_STOP);
            break;
        case MIA_OP_READ_CONFIG:
            break;
        default: /* the challenge, the proofs, the claims, firmware_unlock */
            r.status = mia_owner_request(cup, &c, &r);
            break;
        }
    }
    mia_wipe(c.auth, MIA_AUTH_LEN);
    if (r.status != MIA_OWNER_DEFERRED) {
        mia_cup_queue_reply_(cup, &r);
    }
    mia_wipe(r.auth, MIA_AUTH_LEN);
    return 0;
}

void mia_cup_claim_button(mia_cup *cup, uint32_t now_ms)
{
    cup->now_ms = now_ms;
    mia_owner_gesture(cup);
}

int mia_cup_claim_waiting(const mia_cup *cup)
{
    return cup->claim.phase == MIA_CLAIM_WAITING;
}

int mia_cup_smp_allowed(const mia_cup *cup)
{
    if (!cup->connected) {
        return 0;
    }
    if (cup->minor < 2) {
        return !cup->owned || cup->proven; /* 1.1: the owner's proof, or no owner */
    }
    return cup->owned && cup->proven && cup->smp_unlocked;
}

/* ---------------------------------------------------------------- reads */

size_t mia_cup_read_info(const mia_cup *cup, uint8_t out[MIA_FRAME_MAX])
{
    mia_info info;
    unsigned i;
    info.protocol_major = MIA_PROTOCOL_MAJOR;
    info.protocol_minor = cup->minor;
    info.fw_major = cup->setup.fw_major;
    info.fw_minor = cup->setup.fw_minor;
    info.fw_patch = cup->setup.fw_patch;
    info.capabilities = cup->setup.capabilities;
    for (i = 0; i < 8; i++) {
        info.device_id[i] = cup->setup.device_id[i];
    }
    info.log_capacity = (uint16_t)MIA_LOG_CAPACITY;
    return mia_encode_info(&info, out);
}

mia_state mia_cup_state(const mia_cup *cup, uint32_t now_ms)
{
    mia_state st;
    st.flags = 0;
    if (mia_lid_is_open(&cup->lid)) {
        st.flags |= MIA_STATE_LID_OPEN;
    }
    if (mia_shake_is_shaking(&cup->shake)) {
        st.flags |= MIA_STATE_SHAKING;
    }
    if (cup->charging) {
        st.flags |= MIA_STATE_CHARGING;
    }
    st.battery_pct = cup->battery_pct;
    st.last_seq = mia_log_last_seq(&cup->log);
    st.t_ms = now_ms;
    st.shake_count = cup->shake_count;
    st.lid_open_count = cup->lid_open_count;
    st.oldest_seq = mia_log_oldest_seq(&cup->log);
    if (cup->owned) {
        st.flags |= MIA_STATE_OWNED;
        if (cup->proven && cup->connected) {
            st.flags |= MIA_STATE_PROVEN;
        }
    }
    st.boot_id = cup->boot_id;
    st.has_boot_id = 1;
    return st;
}

size_t mia_cup_read_state(const mia_cup *cup, uint32_t now_ms, uint8_t out[MIA_FRAME_MAX])
{
    mia_state st = mia_cup_state(cup, now_ms);
    return mia_encode_state(&st, out);
}

size_t mia_cup_read_advert(const mia_cup *cup, uint8_t out[MIA_ADVERT_LEN])
{
    mia_advert ad;
    ad.flags = cup->owned ? MIA_ADVERT_OWNED : 0u;
    copy_bytes(ad.device_id, cup->setup.device_id, sizeof ad.device_id);
    return mia_encode_advert(&ad, out);
}

/* ---------------------------------------------------------------- notifications */

static int state_differs(const mia_state *a, const mia_state *b)
{
    return a->flags != b->flags || a->battery_pct != b->battery_pct ||
           a->last_seq != b->last_seq || a->shake_count != b->shake_count ||
           a->lid_open_count != b->lid_open_count || a->oldest_seq != b->oldest_seq;
}

size_t mia_cup_next_notification(mia_cup *cup, uint32_t now_ms, mia_chr *chr,
                                 uint8_t out[MIA_FRAME_MAX])
{
    *chr = MIA_CHR_NONE;
    cup->now_ms = now_ms;
    if (!cup->connected) {
        return 0;
    }
    if (cup->reply_count > 0) {
        unsigned slot = cup->reply_head;
        cup->reply_head = (uint8_t)((cup->reply_head + 1u) % MIA_REPLY_QUEUE);
        cup->reply_count--;
        if (cup->subscribed[MIA_CHR_REPLY]) {
            *chr = MIA_CHR_REPLY;
            copy_bytes(out, cup->replies[slot], cup->reply_len[slot]);
            return cup->reply_len[slot];
        }
    }
    if (!events_live(cup)) {
        stop_streams(cup);
    } else {
        /* An event overwritten before it could be sent is skipped: the app sees the gap. */
        if (mia_seq_before(cup->send_seq, mia_log_oldest_seq(&cup->log))) {
            cup->send_seq = mia_log_oldest_seq(&cup->log);
        }
        if (cup->send_seq != cup->log.next_seq) {
            const mia_event *e = mia_log_find(&cup->log, cup->send_seq);
            cup->send_seq = (uint16_t)(cup->send_seq + 1u);
            if (cup->replaying && !mia_seq_before(cup->send_seq, cup->replay_end)) {
                cup->replaying = 0;
            }
            if (e != 0) {
                *chr = MIA_CHR_EVENTS;
                return mia_encode_event(e, out);
            }
        }
    }
    if (cup->subscribed[MIA_CHR_STATE]) {
        mia_state st = mia_cup_state(cup, now_ms);
        if ((!cup->state_sent_valid || state_differs(&st, &cup->state_sent)) &&
            (!cup->state_sent_valid || now_ms - cup->state_sent_ms >= MIA_STATE_MIN_INTERVAL_MS)) {
            cup->state_sent = st;
            cup->state_sent_valid = 1;
            cup->state_sent_ms = now_ms;
            *chr = MIA_CHR_STATE;
            return mia_encode_state(&st, out);
        }
    }
    {
        size_t n = mia_telemetry_next(&cup->telemetry, out);
        if (n > 0) {
            *chr = MIA_CHR_TELEMETRY;
        }
        return n;
    }
}

int mia_cup_busy(const mia_cup *cup)
{
    return cup->shake.phase != MIA_SHAKE_IDLE || cup->lid.pending || cup->reply_count > 0 ||
           (events_live(cup) && cup->send_seq != cup->log.next_seq) ||
           (cup->connected && !cup->proven && (cup->owned || cup->minor >= 2)) ||
           cup->reset_gesture != MIA_RESET_OFF || cup->telemetry.running ||
           cup->telemetry.count > 0 || cup->claim.phase == MIA_CLAIM_WAITING;
}

int mia_cup_may_sleep(const mia_cup *cup, uint32_t now_ms)
{
    if (cup->config.idle_sleep_s == 0 || cup->connected || mia_cup_busy(cup)) {
        return 0;
    }
    return now_ms - cup->last_motion_ms >= (uint32_t)cup->config.idle_sleep_s * 1000u;
}
