/* Codec for the Mia Cup GATT protocol 1.1. See mia_codec.h and PROTOCOL.md. */
#include "mia_codec.h"

uint16_t mia_get_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | ((uint16_t)p[1] << 8));
}

uint32_t mia_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

void mia_put_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v & 0xFFu);
    p[1] = (uint8_t)(v >> 8);
}

void mia_put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v & 0xFFu);
    p[1] = (uint8_t)((v >> 8) & 0xFFu);
    p[2] = (uint8_t)((v >> 16) & 0xFFu);
    p[3] = (uint8_t)(v >> 24);
}

static uint16_t sat16(uint32_t v)
{
    return v > 0xFFFFu ? (uint16_t)0xFFFFu : (uint16_t)v;
}

static void copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] = src[i];
    }
}

static void zero(uint8_t *dst, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] = 0;
    }
}

const char *mia_reason_name(mia_reason reason)
{
    switch (reason) {
    case MIA_ACCEPT:
        return "accept";
    case MIA_REASON_TOO_LONG:
        return "too_long";
    case MIA_REASON_TRUNCATED:
        return "truncated";
    case MIA_REASON_UNSUPPORTED_VERSION:
        return "unsupported_version";
    case MIA_REASON_UNKNOWN_OPCODE:
        return "unknown_opcode";
    case MIA_REASON_BAD_VALUE:
        return "bad_value";
    }
    return "?";
}

/* A switch, not a table of pointers: a table would hold absolute addresses (data relocations),
 * and the core must run wherever it is loaded (boards/puck-js runs it from a JavaScript string). */
const char *mia_status_name(uint8_t status)
{
    switch (status) {
    case MIA_STATUS_OK:
        return "ok";
    case MIA_STATUS_UNKNOWN_OPCODE:
        return "unknown_opcode";
    case MIA_STATUS_BAD_LENGTH:
        return "bad_length";
    case MIA_STATUS_BAD_VALUE:
        return "bad_value";
    case MIA_STATUS_BUSY:
        return "busy";
    case MIA_STATUS_NOT_SUPPORTED:
        return "not_supported";
    case MIA_STATUS_NEEDS_PROOF:
        return "needs_proof";
    case MIA_STATUS_DENIED:
        return "denied";
    default:
        return 0;
    }
}

mia_status mia_status_for_reason(mia_reason reason)
{
    switch (reason) {
    case MIA_ACCEPT:
        return MIA_STATUS_OK;
    case MIA_REASON_UNKNOWN_OPCODE:
        return MIA_STATUS_UNKNOWN_OPCODE;
    case MIA_REASON_TOO_LONG:
    case MIA_REASON_TRUNCATED:
        return MIA_STATUS_BAD_LENGTH;
    case MIA_REASON_UNSUPPORTED_VERSION:
    case MIA_REASON_BAD_VALUE:
        break;
    }
    return MIA_STATUS_BAD_VALUE;
}

/* ---------------------------------------------------------------- Config record (4.6) */

mia_config mia_config_default(void)
{
    mia_config c;
    c.shake_threshold_mg = 1200;
    c.shake_min_ms = 250;
    c.shake_gap_ms = 200;
    c.lid_debounce_ms = 50;
    c.idle_sleep_s = 600;
    return c;
}

mia_reason mia_config_check(const mia_config *c)
{
    if (c->shake_threshold_mg < 100 || c->shake_threshold_mg > 8000) {
        return MIA_REASON_BAD_VALUE;
    }
    if (c->shake_min_ms < 50 || c->shake_min_ms > 5000) {
        return MIA_REASON_BAD_VALUE;
    }
    if (c->shake_gap_ms < 20 || c->shake_gap_ms > 2000) {
        return MIA_REASON_BAD_VALUE;
    }
    if (c->lid_debounce_ms < 5 || c->lid_debounce_ms > 2000) {
        return MIA_REASON_BAD_VALUE;
    }
    if (c->idle_sleep_s != 0 && (c->idle_sleep_s < 30 || c->idle_sleep_s > 43200)) {
        return MIA_REASON_BAD_VALUE;
    }
    return MIA_ACCEPT;
}

size_t mia_encode_config(const mia_config *c, uint8_t out[MIA_CONFIG_LEN])
{
    mia_put_u16(out + 0, c->shake_threshold_mg);
    mia_put_u16(out + 2, c->shake_min_ms);
    mia_put_u16(out + 4, c->shake_gap_ms);
    mia_put_u16(out + 6, c->lid_debounce_ms);
    mia_put_u16(out + 8, c->idle_sleep_s);
    return MIA_CONFIG_LEN;
}

mia_reason mia_decode_config(const uint8_t *buf, size_t len, mia_config *out)
{
    mia_config c;
    if (len < MIA_CONFIG_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    c.shake_threshold_mg = mia_get_u16(buf + 0);
    c.shake_min_ms = mia_get_u16(buf + 2);
    c.shake_gap_ms = mia_get_u16(buf + 4);
    c.lid_debounce_ms = mia_get_u16(buf + 6);
    c.idle_sleep_s = mia_get_u16(buf + 8);
    *out = c;
    return mia_config_check(&c);
}

/* ---------------------------------------------------------------- Info (4.1) */

size_t mia_encode_info(const mia_info *info, uint8_t out[MIA_FRAME_MAX])
{
    out[0] = info->protocol_major;
    out[1] = info->protocol_minor;
    out[2] = info->fw_major;
    out[3] = info->fw_minor;
    out[4] = info->fw_patch;
    mia_put_u16(out + 5, info->capabilities);
    copy(out + 7, info->device_id, 8);
    mia_put_u16(out + 15, info->log_capacity);
    return MIA_INFO_LEN;
}

mia_reason mia_decode_info(const uint8_t *buf, size_t len, mia_info *out)
{
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < 2) {
        return MIA_REASON_TRUNCATED;
    }
    out->protocol_major = buf[0];
    out->protocol_minor = buf[1];
    if (buf[0] != MIA_PROTOCOL_MAJOR) {
        return MIA_REASON_UNSUPPORTED_VERSION;
    }
    if (len < MIA_INFO_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    out->fw_major = buf[2];
    out->fw_minor = buf[3];
    out->fw_patch = buf[4];
    out->capabilities = mia_get_u16(buf + 5);
    copy(out->device_id, buf + 7, 8);
    out->log_capacity = mia_get_u16(buf + 15);
    if (out->log_capacity == 0 || out->log_capacity > MIA_LOG_CAPACITY_MAX) {
        return MIA_REASON_BAD_VALUE; /* 1.1: more would break the sequence comparison */
    }
    return MIA_ACCEPT;
}

/* ---------------------------------------------------------------- Events (4.2) */

/* The length a reader needs for a known event type (`booted`: 7, its boot id read only from
 * 11 bytes), or 0 for a type this version does not know. */
static size_t event_len(uint8_t type)
{
    switch (type) {
    case MIA_EVENT_SHAKE_STARTED:
    case MIA_EVENT_LID_OPENED:
    case MIA_EVENT_BOOTED:
        return MIA_EVENT_HEADER_LEN;
    case MIA_EVENT_SHAKE_ENDED:
    case MIA_EVENT_LID_CLOSED:
        return MIA_EVENT_LONG_LEN;
    default:
        return 0;
    }
}

size_t mia_encode_event(const mia_event *ev, uint8_t out[MIA_FRAME_MAX])
{
    out[0] = ev->type;
    mia_put_u16(out + 1, ev->seq);
    mia_put_u32(out + 3, ev->t_ms);
    switch (ev->type) {
    case MIA_EVENT_SHAKE_ENDED:
        mia_put_u16(out + 7, sat16(ev->value[0]));
        mia_put_u16(out + 9, sat16(ev->value[1]));
        return MIA_EVENT_LONG_LEN;
    case MIA_EVENT_LID_CLOSED:
    case MIA_EVENT_BOOTED: /* the boot id (1.1) */
        mia_put_u32(out + 7, ev->value[0]);
        return MIA_EVENT_LONG_LEN;
    default:
        return MIA_EVENT_HEADER_LEN;
    }
}

mia_reason mia_decode_event(const uint8_t *buf, size_t len, mia_event_frame *out)
{
    size_t need;
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_EVENT_HEADER_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    out->ev.type = buf[0];
    out->ev.seq = mia_get_u16(buf + 1);
    out->ev.t_ms = mia_get_u32(buf + 3);
    out->ev.value[0] = 0;
    out->ev.value[1] = 0;
    out->has_boot_id = 0;
    out->payload_len = 0;
    if (buf[0] == 0) {
        return MIA_REASON_BAD_VALUE;
    }
    need = event_len(buf[0]);
    if (need == 0) { /* a later minor's type: keep the payload, count the sequence number */
        out->payload_len = (uint8_t)(len - MIA_EVENT_HEADER_LEN);
        copy(out->payload, buf + MIA_EVENT_HEADER_LEN, out->payload_len);
        return MIA_ACCEPT;
    }
    if (len < need) {
        return MIA_REASON_TRUNCATED;
    }
    if (buf[0] == MIA_EVENT_SHAKE_ENDED) {
        out->ev.value[0] = mia_get_u16(buf + 7);
        out->ev.value[1] = mia_get_u16(buf + 9);
    } else if (buf[0] == MIA_EVENT_LID_CLOSED) {
        out->ev.value[0] = mia_get_u32(buf + 7);
    } else if (buf[0] == MIA_EVENT_BOOTED && len >= MIA_EVENT_LONG_LEN) {
        out->ev.value[0] = mia_get_u32(buf + 7); /* 1.1: the boot id */
        out->has_boot_id = 1;
    }
    return MIA_ACCEPT;
}

/* ---------------------------------------------------------------- State (4.3) */

size_t mia_encode_state(const mia_state *st, uint8_t out[MIA_FRAME_MAX])
{
    out[0] = st->flags;
    out[1] = st->battery_pct;
    mia_put_u16(out + 2, st->last_seq);
    mia_put_u32(out + 4, st->t_ms);
    mia_put_u16(out + 8, st->shake_count);
    mia_put_u16(out + 10, st->lid_open_count);
    mia_put_u16(out + 12, st->oldest_seq);
    if (!st->has_boot_id) {
        return MIA_STATE_LEN_1_0;
    }
    mia_put_u32(out + 14, st->boot_id);
    return MIA_STATE_LEN;
}

mia_reason mia_decode_state(const uint8_t *buf, size_t len, mia_state *out)
{
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_STATE_LEN_1_0) {
        return MIA_REASON_TRUNCATED;
    }
    out->flags = buf[0];
    out->battery_pct = buf[1];
    out->last_seq = mia_get_u16(buf + 2);
    out->t_ms = mia_get_u32(buf + 4);
    out->shake_count = mia_get_u16(buf + 8);
    out->lid_open_count = mia_get_u16(buf + 10);
    out->oldest_seq = mia_get_u16(buf + 12);
    out->has_boot_id = len >= MIA_STATE_LEN;
    out->boot_id = out->has_boot_id ? mia_get_u32(buf + 14) : 0;
    if (buf[1] > 100 && buf[1] != MIA_BATTERY_UNKNOWN) {
        return MIA_REASON_BAD_VALUE;
    }
    return MIA_ACCEPT;
}

/* ---------------------------------------------------------------- Control (4.4) */

/* The length of a Control request, or 0 for an opcode this version does not know. */
static size_t control_len(uint8_t opcode)
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
        return 2;
    case MIA_OP_TELEMETRY_START:
        return 3;
    case MIA_OP_WRITE_CONFIG:
        return 2 + MIA_CONFIG_LEN;
    case MIA_OP_AUTH_PROVE:
    case MIA_OP_CLAIM:
        return 2 + MIA_AUTH_LEN;
    default:
        return 0;
    }
}

size_t mia_encode_control(const mia_control *c, uint8_t out[MIA_FRAME_MAX])
{
    out[0] = c->opcode;
    out[1] = c->request_id;
    switch (c->opcode) {
    case MIA_OP_IDENTIFY:
        out[2] = c->pattern;
        mia_put_u16(out + 3, c->duration_ms);
        return 5;
    case MIA_OP_REPLAY_SINCE:
        mia_put_u16(out + 2, c->since_seq);
        return 4;
    case MIA_OP_WRITE_CONFIG:
        return 2 + mia_encode_config(&c->config, out + 2);
    case MIA_OP_AUTH_PROVE:
    case MIA_OP_CLAIM:
        copy(out + 2, c->auth, MIA_AUTH_LEN);
        return 2 + MIA_AUTH_LEN;
    case MIA_OP_TELEMETRY_START:
        out[2] = c->seconds;
        return 3;
    default:
        return 2;
    }
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
    zero(out->auth, MIA_AUTH_LEN);
    out->seconds = 0;
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_CONTROL_HEADER_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    need = control_len(buf[0]);
    if (need == 0) {
        return MIA_REASON_UNKNOWN_OPCODE;
    }
    if (len < need) {
        return MIA_REASON_TRUNCATED;
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
        return mia_decode_config(buf + 2, len - 2, &out->config);
    case MIA_OP_AUTH_PROVE:
    case MIA_OP_CLAIM:
        copy(out->auth, buf + 2, MIA_AUTH_LEN);
        return MIA_ACCEPT;
    case MIA_OP_TELEMETRY_START:
        out->seconds = buf[2];
        return buf[2] >= 1 && buf[2] <= MIA_TLM_MAX_SECONDS ? MIA_ACCEPT : MIA_REASON_BAD_VALUE;
    default: /* read_config, auth_challenge, release, telemetry_stop */
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
        copy(out + 3, r->challenge, MIA_AUTH_LEN);
        return 3 + MIA_AUTH_LEN;
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
    zero(out->challenge, MIA_AUTH_LEN);
    out->rate_hz = 0;
    out->seconds = 0;
    out->frames = 0;
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
    } else if (buf[0] == MIA_OP_AUTH_CHALLENGE) {
        copy(out->challenge, buf + 3, MIA_AUTH_LEN);
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

/* ---------------------------------------------------------------- Advertising (3) */

size_t mia_encode_advert(const mia_advert *ad, uint8_t out[MIA_ADVERT_LEN])
{
    out[0] = ad->flags;
    copy(out + 1, ad->device_id, 8);
    return MIA_ADVERT_LEN;
}

mia_reason mia_decode_advert(const uint8_t *buf, size_t len, mia_advert *out)
{
    if (len > MIA_ADVERT_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_ADVERT_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    out->flags = buf[0];
    copy(out->device_id, buf + 1, 8);
    return MIA_ACCEPT;
}

void mia_short_code(const uint8_t device_id[8], char out[5])
{
    static const char hex[] = "0123456789ABCDEF";
    out[0] = hex[device_id[6] >> 4];
    out[1] = hex[device_id[6] & 0x0Fu];
    out[2] = hex[device_id[7] >> 4];
    out[3] = hex[device_id[7] & 0x0Fu];
    out[4] = '\0';
}

/* ---------------------------------------------------------------- Telemetry (4.7) */

static void put_i16(uint8_t *p, int16_t v)
{
    mia_put_u16(p, (uint16_t)v);
}

static int16_t get_i16(const uint8_t *p)
{
    uint16_t u = mia_get_u16(p);
    return u >= 0x8000u ? (int16_t)(int32_t)((int32_t)u - 0x10000) : (int16_t)u;
}

static size_t telemetry_len(uint8_t kind)
{
    switch (kind) {
    case MIA_TLM_ACCEL:
        return MIA_TLM_ACCEL_LEN;
    case MIA_TLM_ACCEL2:
        return MIA_TLM_ACCEL2_LEN;
    case MIA_TLM_LID:
        return MIA_TLM_LID_LEN;
    case MIA_TLM_END:
        return MIA_TLM_END_LEN;
    default:
        return 0;
    }
}

size_t mia_encode_telemetry(const mia_telemetry_frame *f, uint8_t out[MIA_FRAME_MAX])
{
    unsigned i;
    mia_put_u16(out, f->seq);
    out[2] = f->kind;
    mia_put_u32(out + 3, f->t_ms);
    switch (f->kind) {
    case MIA_TLM_ACCEL:
        for (i = 0; i < 3; i++) {
            put_i16(out + 7 + 2 * i, f->xyz[0][i]);
        }
        return MIA_TLM_ACCEL_LEN;
    case MIA_TLM_ACCEL2:
        out[7] = f->interval_ms;
        for (i = 0; i < 3; i++) {
            put_i16(out + 8 + 2 * i, f->xyz[0][i]);
            put_i16(out + 14 + 2 * i, f->xyz[1][i]);
        }
        return MIA_TLM_ACCEL2_LEN;
    case MIA_TLM_LID:
        out[7] = f->open ? 1u : 0u;
        mia_put_u16(out + 8, f->reading);
        return MIA_TLM_LID_LEN;
    case MIA_TLM_END:
        out[7] = f->reason;
        return MIA_TLM_END_LEN;
    default: {
        size_t n = f->payload_len > MIA_FRAME_MAX - MIA_TLM_HEADER_LEN
                       ? MIA_FRAME_MAX - MIA_TLM_HEADER_LEN
                       : f->payload_len;
        copy(out + MIA_TLM_HEADER_LEN, f->payload, n);
        return MIA_TLM_HEADER_LEN + n;
    }
    }
}

mia_reason mia_decode_telemetry(const uint8_t *buf, size_t len, mia_telemetry_frame *out)
{
    size_t need;
    unsigned i;
    zero((uint8_t *)out, sizeof *out);
    if (len > MIA_FRAME_MAX) {
        return MIA_REASON_TOO_LONG;
    }
    if (len < MIA_TLM_HEADER_LEN) {
        return MIA_REASON_TRUNCATED;
    }
    out->seq = mia_get_u16(buf);
    out->kind = buf[2];
    out->t_ms = mia_get_u32(buf + 3);
    if (buf[2] == 0) {
        return MIA_REASON_BAD_VALUE;
    }
    need = telemetry_len(buf[2]);
    if (need == 0) { /* a later kind: keep the payload, count the number */
        out->payload_len = (uint8_t)(len - MIA_TLM_HEADER_LEN);
        copy(out->payload, buf + MIA_TLM_HEADER_LEN, out->payload_len);
        return MIA_ACCEPT;
    }
    if (len < need) {
        return MIA_REASON_TRUNCATED;
    }
    switch (buf[2]) {
    case MIA_TLM_ACCEL:
        for (i = 0; i < 3; i++) {
            out->xyz[0][i] = get_i16(buf + 7 + 2 * i);
        }
        return MIA_ACCEPT;
    case MIA_TLM_ACCEL2:
        out->interval_ms = buf[7];
        for (i = 0; i < 3; i++) {
            out->xyz[0][i] = get_i16(buf + 8 + 2 * i);
            out->xyz[1][i] = get_i16(buf + 14 + 2 * i);
        }
        return MIA_ACCEPT;
    case MIA_TLM_LID:
        out->open = buf[7];
        out->reading = mia_get_u16(buf + 8);
        return buf[7] <= 1u ? MIA_ACCEPT : MIA_REASON_BAD_VALUE;
    default: /* end */
        out->reason = buf[7];
        return buf[7] <= MIA_TLM_END_OTHER ? MIA_ACCEPT : MIA_REASON_BAD_VALUE;
    }
}
