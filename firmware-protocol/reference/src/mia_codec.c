/* Codec for the Mia Cup GATT protocol 1.2: the byte helpers, the names, Config, Info and
 * Events (Control and Reply: mia_codec_control.c; State, the advert, telemetry:
 * mia_codec_state.c). See mia_codec.h and PROTOCOL.md. */
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

void mia_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] = src[i];
    }
}

void mia_zero(uint8_t *dst, size_t n)
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
    case MIA_STATUS_NO_GESTURE:
        return "no_gesture";
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
    mia_copy(out + 7, info->device_id, 8);
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
    mia_copy(out->device_id, buf + 7, 8);
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
        mia_copy(out->payload, buf + MIA_EVENT_HEADER_LEN, out->payload_len);
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
