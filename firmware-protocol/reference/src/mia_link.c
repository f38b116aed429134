/* The cup's link (PROTOCOL.md 2, 3, 6): connections and subscriptions, what the app reads
 * (Info, State, the advert) and what the cup notifies, in turn. See mia_cup.h. */
#include "mia_cup.h"

#include "mia_owner.h"
#include "mia_sha256.h"

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
    mia_copy(ad.device_id, cup->setup.device_id, sizeof ad.device_id);
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
            mia_copy(out, cup->replies[slot], cup->reply_len[slot]);
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
