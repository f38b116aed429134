/* Codec: Control requests and their Replies (PROTOCOL.md 4.4, 4.5). See mia_codec.h. */
#include "mia_codec.h"

/* ---------------------------------------------------------------- Control (4.4) */

int mia_op_sealable(uint8_t opcode)
{
    return opcode == MIA_OP_WRITE_CONFIG || opcode == MIA_OP_RELEASE ||
           opcode == MIA_OP_TELEMETRY_START || opcode == MIA_OP_TELEMETRY_STOP ||
           opcode == MIA_OP_FIRMWARE_UNLOCK;
}

size_t mia_control_len(uint8_t opcode)
{
    switch (opcode) {
    case MIA_OP_IDENTIFY:
        return 5;
    case MIA_OP_REPLAY_SINCE:
        return 4;
    case MIA_OP_READ_CONFIG:
    case MIA_OP_AUTH_CHALLENGE:
    case MIA_OP_RELEASE:
    case MIA_OP_TELEMETRY_STOP:
    case MIA_OP_FIRMWARE_UNLOCK:
        return 2;
    case MIA_OP_TELEMETRY_START:
        return 3;
    case MIA_OP_WRITE_CONFIG:
        return 2 + MIA_CONFIG_LEN;
    case MIA_OP_AUTH_PROVE:
    case MIA_OP_CLAIM:
    case MIA_OP_AUTH_CUP_PROOF:
    case MIA_OP_CLAIM_BEGIN:
    case MIA_OP_CLAIM_KEY:
    case MIA_OP_CLAIM_CONFIRM:
        return 2 + MIA_AUTH_LEN;
    default:
        return 0;
    }
}

size_t mia_encode_control(const mia_control *c, uint8_t out[MIA_FRAME_MAX])
{
    size_t n = mia_control_len(c->opcode);
    out[0] = c->opcode;
    out[1] = c->request_id;
    switch (n == 2 + MIA_AUTH_LEN ? MIA_OP_CLAIM : c->opcode) {
    case MIA_OP_IDENTIFY:
        out[2] = c->pattern;
        mia_put_u16(out + 3, c->duration_ms);
        break;
    case MIA_OP_REPLAY_SINCE:
        mia_put_u16(out + 2, c->since_seq);
        break;
    case MIA_OP_WRITE_CONFIG:
        (void)mia_encode_config(&c->config, out + 2);
        break;
    case MIA_OP_CLAIM: /* every opcode with 16 bytes of arguments */
        mia_copy(out + 2, c->auth, MIA_AUTH_LEN);
        break;
    case MIA_OP_TELEMETRY_START:
        out[2] = c->seconds;
        break;
    default:
        n = 2;
        break;
    }
    if (c->has_tag && mia_op_sealable(c->opcode)) {
        mia_copy(out + n, c->tag, MIA_TAG_LEN);
        n += MIA_TAG_LEN;
    }
    return n;
}

mia_reason mia_decode_control(const uint8_t *buf, size_t len, mia_control *out)
{
    size_t need;
    out->opcode = len >= 1 ? buf[0] : 0;
    out->request_id = len >= 2 ? buf[1] : 0;
    out->pattern = 0;
    out->duration_ms = 0;
    out->since_seq = 0;
    out->config = mia_config_default();
    mia_zero(out->auth, MIA_AUTH_LEN);
    out->seconds = 0;
    mia_zero(out->tag, MIA_TAG_LEN);
    out->has_tag = 0;
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_CONTROL_HEADER_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    need = mia_control_len(buf[0]);
    if (need == 0) {
        return MIA_REASON_UNKNOWN_OPCODE;
    }
    if (len < need) {
        return MIA_REASON_TRUNCATED;
    }
    if (mia_op_sealable(buf[0]) && len >= need + MIA_TAG_LEN) {
        mia_copy(out->tag, buf + need, MIA_TAG_LEN);
        out->has_tag = 1;
    }
    if (need == 2 + MIA_AUTH_LEN) { /* auth_prove, claim, and the 1.2 ones with 16 bytes */
        mia_copy(out->auth, buf + 2, MIA_AUTH_LEN);
        return MIA_ACCEPT;
    }
    switch (buf[0]) {
    case MIA_OP_IDENTIFY:
        out->pattern = buf[2];
        out->duration_ms = mia_get_u16(buf + 3);
        if ((buf[2] & (uint8_t)~(MIA_IDENTIFY_BLINK | MIA_IDENTIFY_BUZZ)) != 0 || buf[2] == 0) {
            return MIA_REASON_BAD_VALUE;
        }
        if (out->duration_ms < 100 || out->duration_ms > 10000) {
            return MIA_REASON_BAD_VALUE;
        }
        return MIA_ACCEPT;
    case MIA_OP_REPLAY_SINCE:
        out->since_seq = mia_get_u16(buf + 2);
        return MIA_ACCEPT;
    case MIA_OP_WRITE_CONFIG:
        return mia_decode_config(buf + 2, need - 2, &out->config);
    case MIA_OP_TELEMETRY_START:
        out->seconds = buf[2];
        return buf[2] >= 1 && buf[2] <= MIA_TLM_MAX_SECONDS ? MIA_ACCEPT : MIA_REASON_BAD_VALUE;
    default: /* read_config, auth_challenge, release, telemetry_stop, firmware_unlock */
        return MIA_ACCEPT;
    }
}

/* ---------------------------------------------------------------- Reply (4.5) */

/* Length of an ok Reply for a known opcode, or 0 for an opcode this version does not know. */
static size_t reply_ok_len(uint8_t opcode)
{
    switch (opcode) {
    case MIA_OP_IDENTIFY:
    case MIA_OP_AUTH_PROVE:
    case MIA_OP_CLAIM:
    case MIA_OP_RELEASE:
    case MIA_OP_FIRMWARE_UNLOCK:
        return 3;
    case MIA_OP_REPLAY_SINCE:
        return 7;
    case MIA_OP_TELEMETRY_START:
        return 6;
    case MIA_OP_TELEMETRY_STOP:
        return 5;
    case MIA_OP_READ_CONFIG:
    case MIA_OP_WRITE_CONFIG:
        return 3 + MIA_CONFIG_LEN;
    case MIA_OP_AUTH_CHALLENGE:
    case MIA_OP_AUTH_CUP_PROOF:
    case MIA_OP_CLAIM_BEGIN:
    case MIA_OP_CLAIM_KEY:
    case MIA_OP_CLAIM_CONFIRM:
        return 3 + MIA_AUTH_LEN;
    default:
        return 0;
    }
}

size_t mia_encode_reply(const mia_reply *r, uint8_t out[MIA_FRAME_MAX])
{
    out[0] = r->opcode;
    out[1] = r->request_id;
    out[2] = r->status;
    if (r->status != MIA_STATUS_OK) {
        return 3;
    }
    switch (r->opcode) {
    case MIA_OP_REPLAY_SINCE:
        mia_put_u16(out + 3, r->first_seq);
        mia_put_u16(out + 5, r->count);
        return 7;
    case MIA_OP_READ_CONFIG:
    case MIA_OP_WRITE_CONFIG:
        return 3 + mia_encode_config(&r->config, out + 3);
    case MIA_OP_AUTH_CHALLENGE:
    case MIA_OP_AUTH_CUP_PROOF:
    case MIA_OP_CLAIM_BEGIN:
    case MIA_OP_CLAIM_KEY:
    case MIA_OP_CLAIM_CONFIRM:
        mia_copy(out + 3, r->auth, MIA_AUTH_LEN);
        return 3 + MIA_AUTH_LEN;
    case MIA_OP_RELEASE:
        if (!r->has_tag) {
            return 3;
        }
        mia_copy(out + 3, r->tag, MIA_TAG_LEN);
        return 3 + MIA_TAG_LEN;
    case MIA_OP_TELEMETRY_START:
        mia_put_u16(out + 3, r->rate_hz);
        out[5] = r->seconds;
        return 6;
    case MIA_OP_TELEMETRY_STOP:
        mia_put_u16(out + 3, r->frames);
        return 5;
    default:
        return 3;
    }
}

mia_reason mia_decode_reply(const uint8_t *buf, size_t len, mia_reply *out)
{
    size_t need;
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_REPLY_HEADER_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    out->opcode = buf[0];
    out->request_id = buf[1];
    out->status = buf[2];
    out->first_seq = 0;
    out->count = 0;
    out->config = mia_config_default();
    mia_zero(out->auth, MIA_AUTH_LEN);
    out->rate_hz = 0;
    out->seconds = 0;
    out->frames = 0;
    mia_zero(out->tag, MIA_TAG_LEN);
    out->has_tag = 0;
    if (buf[2] > MIA_STATUS_LAST) {
        return MIA_REASON_BAD_VALUE;
    }
    if (buf[2] != MIA_STATUS_OK) {
        return MIA_ACCEPT; /* an error reply is accepted whatever the opcode */
    }
    need = reply_ok_len(buf[0]);
    if (need == 0) {
        return MIA_REASON_UNKNOWN_OPCODE;
    }
    if (len < need) {
        return MIA_REASON_TRUNCATED;
    }
    if (buf[0] == MIA_OP_REPLAY_SINCE) {
        out->first_seq = mia_get_u16(buf + 3);
        out->count = mia_get_u16(buf + 5);
    } else if (buf[0] == MIA_OP_READ_CONFIG || buf[0] == MIA_OP_WRITE_CONFIG) {
        return mia_decode_config(buf + 3, len - 3, &out->config);
    } else if (need == 3 + MIA_AUTH_LEN) { /* auth_challenge and the 1.2 ones with 16 bytes */
        mia_copy(out->auth, buf + 3, MIA_AUTH_LEN);
    } else if (buf[0] == MIA_OP_RELEASE && len >= 3 + MIA_TAG_LEN) {
        mia_copy(out->tag, buf + 3, MIA_TAG_LEN);
        out->has_tag = 1;
    } else if (buf[0] == MIA_OP_TELEMETRY_START) {
        out->rate_hz = mia_get_u16(buf + 3);
        out->seconds = buf[5];
        if (out->rate_hz < 1 || out->rate_hz > MIA_TLM_MAX_RATE_HZ || out->seconds < 1 ||
            out->seconds > MIA_TLM_MAX_SECONDS) {
            return MIA_REASON_BAD_VALUE;
        }
    } else if (buf[0] == MIA_OP_TELEMETRY_STOP) {
        out->frames = mia_get_u16(buf + 3);
    }
    return MIA_ACCEPT;
}
