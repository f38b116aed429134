/* Codec: what the cup tells of itself: State (PROTOCOL.md 4.3), the advertising data (3) and
 * telemetry (4.7). See mia_codec.h. */
#include "mia_codec.h"

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

/* ---------------------------------------------------------------- Advertising (3) */

size_t mia_encode_advert(const mia_advert *ad, uint8_t out[MIA_ADVERT_LEN])
{
    out[0] = ad->flags;
    mia_copy(out + 1, ad->device_id, 8);
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
    mia_copy(out->device_id, buf + 1, 8);
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
        mia_copy(out + MIA_TLM_HEADER_LEN, f->payload, n);
        return MIA_TLM_HEADER_LEN + n;
    }
    }
}

mia_reason mia_decode_telemetry(const uint8_t *buf, size_t len, mia_telemetry_frame *out)
{
    size_t need;
    unsigned i;
    mia_zero((uint8_t *)out, sizeof *out);
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
        mia_copy(out->payload, buf + MIA_TLM_HEADER_LEN, out->payload_len);
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
