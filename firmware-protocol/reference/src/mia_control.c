/* Control requests and their Replies (PROTOCOL.md 4.4, 4.5): the frame's checks, what needs
 * proof, and each opcode's work (ownership's in mia_owner.c). See mia_cup.h. */
#include "mia_owner.h"

#include "mia_sha256.h"

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
    mia_copy(cup->replies[slot], frame, n);
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
            mia_cup_apply_config_(cup);
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
