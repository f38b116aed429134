/* Every golden vector in firmware-protocol/vectors/, in both directions where it applies:
 *  - decode the bytes: the same reason, or the same decoded value;
 *  - canonical vectors: encode the decoded value back to exactly the bytes (all of them but
 *    the events a 1.1 cup never sends: unknown types and the 1.0 `booted` without a boot id);
 *  - Control (and a Config record inside write_config): write it to a cup and check the Reply
 *    (status, echoed opcode and request id) or the ATT error, and that a rejected write changed
 *    nothing; both on a cup without an owner and on one whose owner this connection has not
 *    proven (needs_proof, denied; a malformed request gets its reason's status first);
 *  - auth.json: the HMAC answer, and a cup that accepts it (and not a one-bit change of it).
 * The cup side is in test_vectors_cup.c. */
#include <string.h>

#include "../src/mia_codec.h"
#include "test.h"
#include "vectors.h"
#include "vectors_cup.h"

static void check_bytes(const uint8_t *got, size_t got_len, const vec *v)
{
    CHECK_EQ(got_len, v->len);
    CHECK(got_len == v->len && memcmp(got, v->bytes, v->len) == 0);
}

static void rejected(const vec *v)
{
    mia_info info;
    mia_event_frame ev;
    mia_state st;
    mia_control c;
    mia_reply r;
    mia_config cfg;
    mia_advert ad;
    mia_telemetry_frame tf;
    mia_reason got = MIA_ACCEPT;
    switch (v->family) {
    case VF_INFO:
        got = mia_decode_info(v->bytes, v->len, &info);
        break;
    case VF_EVENT:
        got = mia_decode_event(v->bytes, v->len, &ev);
        break;
    case VF_STATE:
        got = mia_decode_state(v->bytes, v->len, &st);
        break;
    case VF_CONTROL:
        got = mia_decode_control(v->bytes, v->len, &c);
        break;
    case VF_REPLY:
        got = mia_decode_reply(v->bytes, v->len, &r);
        break;
    case VF_CONFIG:
        got = mia_decode_config(v->bytes, v->len, &cfg);
        break;
    case VF_ADVERT:
        got = mia_decode_advert(v->bytes, v->len, &ad);
        break;
    case VF_TELEMETRY:
        got = mia_decode_telemetry(v->bytes, v->len, &tf);
        break;
    }
    if (strcmp(mia_reason_name(got), v->reason) != 0) {
        printf("FAIL vectors: %s: %s: reason %s, expected %s\n", v->file, v->name,
               mia_reason_name(got), v->reason);
        t_fail(__FILE__, __LINE__, "reason");
    }
    if (v->status != VEC_NO_STATUS && v->status != VEC_ATT_ERROR) {
        CHECK_EQ(mia_status_for_reason(got), v->status);
    }
    if (v->family == VF_CONTROL) {
        CHECK(v->status != VEC_NO_STATUS); /* the README: rejected app->cup vectors say what */
        /* The frame's own reason comes first, even where the request would need proof. */
        check_cup_reply(CUP_FREE, v->bytes, v->len, v->status, v->len > 0 ? v->bytes[0] : 0,
                        v->len > 1 ? v->bytes[1] : 0);
        check_cup_reply(CUP_OWNED_UNPROVEN, v->bytes, v->len, v->status,
                        v->len > 0 ? v->bytes[0] : 0, v->len > 1 ? v->bytes[1] : 0);
    } else if (v->family == VF_CONFIG && v->len + 2 <= MIA_FRAME_MAX) {
        /* The record inside a write_config request gets the same status. */
        uint8_t frame[MIA_FRAME_MAX];
        frame[0] = MIA_OP_WRITE_CONFIG;
        frame[1] = 0x5A;
        memcpy(frame + 2, v->bytes, v->len);
        check_cup_reply(CUP_FREE, frame, v->len + 2, v->status, MIA_OP_WRITE_CONFIG, 0x5A);
        check_cup_reply(CUP_OWNED_UNPROVEN, frame, v->len + 2, v->status, MIA_OP_WRITE_CONFIG,
                        0x5A);
    }
}

static void accepted(const vec *v)
{
    uint8_t out[MIA_FRAME_MAX];
    size_t n = 0;
    int can_encode = v->canonical;
    switch (v->family) {
    case VF_INFO: {
        mia_info got;
        CHECK_EQ(mia_decode_info(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.protocol_major, v->d.info.protocol_major);
        CHECK_EQ(got.protocol_minor, v->d.info.protocol_minor);
        CHECK_EQ(got.fw_major, v->d.info.fw_major);
        CHECK_EQ(got.fw_minor, v->d.info.fw_minor);
        CHECK_EQ(got.fw_patch, v->d.info.fw_patch);
        CHECK_EQ(got.capabilities, v->d.info.capabilities);
        CHECK(memcmp(got.device_id, v->d.info.device_id, 8) == 0);
        CHECK_EQ(got.log_capacity, v->d.info.log_capacity);
        n = mia_encode_info(&v->d.info, out);
        break;
    }
    case VF_EVENT: {
        mia_event_frame got;
        CHECK_EQ(mia_decode_event(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.ev.type, v->d.event.ev.type);
        CHECK_EQ(got.ev.seq, v->d.event.ev.seq);
        CHECK_EQ(got.ev.t_ms, v->d.event.ev.t_ms);
        CHECK_EQ(got.ev.value[0], v->d.event.ev.value[0]);
        CHECK_EQ(got.ev.value[1], v->d.event.ev.value[1]);
        CHECK_EQ(got.has_boot_id, v->d.event.has_boot_id);
        if (v->event_unknown) {
            CHECK_EQ(got.payload_len, v->d.event.payload_len);
            CHECK(memcmp(got.payload, v->d.event.payload, v->d.event.payload_len) == 0);
            can_encode = 0; /* a 1.1 cup never sends an unknown type */
        }
        if (got.ev.type == MIA_EVENT_BOOTED && !v->d.event.has_boot_id) {
            can_encode = 0; /* nor a 1.0 `booted` (no boot id) */
        }
        n = mia_encode_event(&v->d.event.ev, out);
        break;
    }
    case VF_STATE: {
        mia_state got;
        CHECK_EQ(mia_decode_state(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.flags & 0x1Fu, v->d.state.flags);
        CHECK_EQ(got.has_boot_id, v->d.state.has_boot_id);
        CHECK_EQ(got.boot_id, v->d.state.boot_id);
        CHECK_EQ(got.battery_pct, v->d.state.battery_pct);
        CHECK_EQ(got.last_seq, v->d.state.last_seq);
        CHECK_EQ(got.t_ms, v->d.state.t_ms);
        CHECK_EQ(got.shake_count, v->d.state.shake_count);
        CHECK_EQ(got.lid_open_count, v->d.state.lid_open_count);
        CHECK_EQ(got.oldest_seq, v->d.state.oldest_seq);
        n = mia_encode_state(&v->d.state, out);
        break;
    }
    case VF_CONTROL: {
        mia_control got;
        CHECK_EQ(mia_decode_control(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.opcode, v->d.control.opcode);
        CHECK_EQ(got.request_id, v->d.control.request_id);
        CHECK_EQ(got.pattern, v->d.control.pattern);
        CHECK_EQ(got.duration_ms, v->d.control.duration_ms);
        CHECK_EQ(got.since_seq, v->d.control.since_seq);
        check_config(&got.config, &v->d.control.config);
        CHECK(memcmp(got.auth, v->d.control.auth, 16) == 0);
        CHECK_EQ(got.seconds, v->d.control.seconds);
        CHECK_EQ(got.has_tag, v->d.control.has_tag);
        CHECK(memcmp(got.tag, v->d.control.tag, MIA_TAG_LEN) == 0);
        n = mia_encode_control(&v->d.control, out);
        accepted_control_on_cups(v);
        break;
    }
    case VF_REPLY: {
        mia_reply got;
        CHECK_EQ(mia_decode_reply(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.opcode, v->d.reply.opcode);
        CHECK_EQ(got.request_id, v->d.reply.request_id);
        CHECK_EQ(got.status, v->d.reply.status);
        CHECK_EQ(got.first_seq, v->d.reply.first_seq);
        CHECK_EQ(got.count, v->d.reply.count);
        check_config(&got.config, &v->d.reply.config);
        CHECK(memcmp(got.auth, v->d.reply.auth, 16) == 0);
        CHECK_EQ(got.has_tag, v->d.reply.has_tag);
        CHECK(memcmp(got.tag, v->d.reply.tag, MIA_TAG_LEN) == 0);
        CHECK_EQ(got.rate_hz, v->d.reply.rate_hz);
        CHECK_EQ(got.seconds, v->d.reply.seconds);
        CHECK_EQ(got.frames, v->d.reply.frames);
        if (v->reply_op_unknown) {
            CHECK(got.opcode < MIA_OP_IDENTIFY || got.opcode > MIA_OP_LAST);
        }
        n = mia_encode_reply(&v->d.reply, out);
        break;
    }
    case VF_CONFIG: {
        mia_config got;
        CHECK_EQ(mia_decode_config(v->bytes, v->len, &got), MIA_ACCEPT);
        check_config(&got, &v->d.config);
        n = mia_encode_config(&v->d.config, out);
        break;
    }
    case VF_ADVERT: {
        mia_advert got;
        CHECK_EQ(mia_decode_advert(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.flags & MIA_ADVERT_OWNED, v->d.advert.flags);
        CHECK(memcmp(got.device_id, v->d.advert.device_id, 8) == 0);
        n = mia_encode_advert(&v->d.advert, out);
        break;
    }
    case VF_TELEMETRY: {
        mia_telemetry_frame got;
        CHECK_EQ(mia_decode_telemetry(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.seq, v->d.telemetry.seq);
        CHECK_EQ(got.kind, v->d.telemetry.kind);
        CHECK_EQ(got.t_ms, v->d.telemetry.t_ms);
        CHECK_EQ(got.interval_ms, v->d.telemetry.interval_ms);
        CHECK(memcmp(got.xyz, v->d.telemetry.xyz, sizeof got.xyz) == 0);
        CHECK_EQ(got.open, v->d.telemetry.open);
        CHECK_EQ(got.reading, v->d.telemetry.reading);
        CHECK_EQ(got.reason, v->d.telemetry.reason);
        CHECK_EQ(got.payload_len, v->d.telemetry.payload_len);
        CHECK(memcmp(got.payload, v->d.telemetry.payload, got.payload_len) == 0);
        if (v->telemetry_unknown) {
            can_encode = 0; /* a cup of this version never sends an unknown kind */
        }
        n = mia_encode_telemetry(&v->d.telemetry, out);
        break;
    }
    }
    if (can_encode) {
        check_bytes(out, n, v);
    }
}

void run_vector_tests(void)
{
    size_t i;
    static char name[200];
    for (i = 0; i < vector_count; i++) {
        const vec *v = &vectors[i];
        (void)snprintf(name, sizeof name, "%s: %s", v->file, v->name);
        t_begin("vectors", name);
        if (v->accepted) {
            accepted(v);
        } else {
            rejected(v);
        }
        t_end();
    }
    for (i = 0; i < auth_vector_count; i++) {
        (void)snprintf(name, sizeof name, "auth.json: %s", auth_vectors[i].name);
        t_begin("vectors", name);
        auth_vector(&auth_vectors[i]);
        t_end();
    }
}
