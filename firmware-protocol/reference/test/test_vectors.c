/* Every golden vector in firmware-protocol/vectors/, in both directions where it applies:
 *  - decode the bytes: the same reason, or the same decoded value;
 *  - canonical vectors: encode the decoded value back to exactly the bytes;
 *  - Control (and a Config record inside write_config): write it to a cup and check the Reply
 *    (status, echoed opcode and request id) or the ATT error, and that a rejected write changed
 *    nothing. */
#include <string.h>

#include "../src/mia_cup.h"
#include "test.h"
#include "vectors.h"

static mia_cup cup_;

static void check_bytes(const uint8_t *got, size_t got_len, const vec *v)
{
    CHECK_EQ(got_len, v->len);
    CHECK(got_len == v->len && memcmp(got, v->bytes, v->len) == 0);
}

static void check_config(const mia_config *a, const mia_config *b)
{
    CHECK_EQ(a->shake_threshold_mg, b->shake_threshold_mg);
    CHECK_EQ(a->shake_min_ms, b->shake_min_ms);
    CHECK_EQ(a->shake_gap_ms, b->shake_gap_ms);
    CHECK_EQ(a->lid_debounce_ms, b->lid_debounce_ms);
    CHECK_EQ(a->idle_sleep_s, b->idle_sleep_s);
}

static void fresh_cup(void)
{
    mia_cup_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED | MIA_CAP_BUZZER;
    mia_cup_init(&cup_, &setup, 0, 0);
    mia_cup_connected(&cup_, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
}

/* Writes a Control frame to a fresh cup; returns the ATT result and fills *reply (if any). */
static uint8_t write_control(const uint8_t *buf, size_t len, mia_reply *reply, int *got_reply)
{
    uint8_t frame[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    uint8_t att;
    fresh_cup();
    att = mia_cup_control_write(&cup_, 10, buf, len);
    n = mia_cup_next_notification(&cup_, 10, &chr, frame);
    *got_reply = n > 0 && chr == MIA_CHR_REPLY;
    if (*got_reply) {
        CHECK_EQ(mia_decode_reply(frame, n, reply), MIA_ACCEPT);
    }
    return att;
}

static void check_cup_reply(const uint8_t *buf, size_t len, int status, uint8_t op, uint8_t rid)
{
    mia_reply reply;
    int got = 0;
    mia_config before = mia_config_default();
    uint8_t att = write_control(buf, len, &reply, &got);
    if (status == VEC_ATT_ERROR) {
        CHECK_EQ(att, MIA_ATT_ERR_INVALID_ATTRIBUTE_VALUE_LENGTH);
        CHECK(!got);
        return;
    }
    CHECK_EQ(att, 0);
    CHECK(got);
    if (got) {
        CHECK_EQ(reply.status, status);
        CHECK_EQ(reply.opcode, op);
        CHECK_EQ(reply.request_id, rid);
    }
    if (status != MIA_STATUS_OK) {
        check_config(&cup_.config, &before); /* a failed request changes nothing */
    }
}

static void rejected(const vec *v)
{
    mia_info info;
    mia_event_frame ev;
    mia_state st;
    mia_control c;
    mia_reply r;
    mia_config cfg;
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
        check_cup_reply(v->bytes, v->len, v->status, v->len > 0 ? v->bytes[0] : 0,
                        v->len > 1 ? v->bytes[1] : 0);
    } else if (v->family == VF_CONFIG && v->len + 2 <= MIA_FRAME_MAX) {
        /* The record inside a write_config request gets the same status. */
        uint8_t frame[MIA_FRAME_MAX];
        frame[0] = MIA_OP_WRITE_CONFIG;
        frame[1] = 0x5A;
        memcpy(frame + 2, v->bytes, v->len);
        check_cup_reply(frame, v->len + 2, v->status, MIA_OP_WRITE_CONFIG, 0x5A);
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
        CHECK_EQ(got.protocol_major, v->info.protocol_major);
        CHECK_EQ(got.protocol_minor, v->info.protocol_minor);
        CHECK_EQ(got.fw_major, v->info.fw_major);
        CHECK_EQ(got.fw_minor, v->info.fw_minor);
        CHECK_EQ(got.fw_patch, v->info.fw_patch);
        CHECK_EQ(got.capabilities, v->info.capabilities);
        CHECK(memcmp(got.device_id, v->info.device_id, 8) == 0);
        CHECK_EQ(got.log_capacity, v->info.log_capacity);
        n = mia_encode_info(&v->info, out);
        break;
    }
    case VF_EVENT: {
        mia_event_frame got;
        CHECK_EQ(mia_decode_event(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.ev.type, v->event.ev.type);
        CHECK_EQ(got.ev.seq, v->event.ev.seq);
        CHECK_EQ(got.ev.t_ms, v->event.ev.t_ms);
        CHECK_EQ(got.ev.value[0], v->event.ev.value[0]);
        CHECK_EQ(got.ev.value[1], v->event.ev.value[1]);
        if (v->event_unknown) {
            CHECK_EQ(got.payload_len, v->event.payload_len);
            CHECK(memcmp(got.payload, v->event.payload, v->event.payload_len) == 0);
            can_encode = 0; /* a 1.0 cup never sends an unknown type */
        }
        n = mia_encode_event(&v->event.ev, out);
        break;
    }
    case VF_STATE: {
        mia_state got;
        CHECK_EQ(mia_decode_state(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.flags & 0x07u, v->state.flags);
        CHECK_EQ(got.battery_pct, v->state.battery_pct);
        CHECK_EQ(got.last_seq, v->state.last_seq);
        CHECK_EQ(got.t_ms, v->state.t_ms);
        CHECK_EQ(got.shake_count, v->state.shake_count);
        CHECK_EQ(got.lid_open_count, v->state.lid_open_count);
        CHECK_EQ(got.oldest_seq, v->state.oldest_seq);
        n = mia_encode_state(&v->state, out);
        break;
    }
    case VF_CONTROL: {
        mia_control got;
        mia_reply reply;
        int got_reply = 0;
        CHECK_EQ(mia_decode_control(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.opcode, v->control.opcode);
        CHECK_EQ(got.request_id, v->control.request_id);
        CHECK_EQ(got.pattern, v->control.pattern);
        CHECK_EQ(got.duration_ms, v->control.duration_ms);
        CHECK_EQ(got.since_seq, v->control.since_seq);
        check_config(&got.config, &v->control.config);
        n = mia_encode_control(&v->control, out);
        /* The cup carries it out and replies ok. */
        CHECK_EQ(write_control(v->bytes, v->len, &reply, &got_reply), 0);
        CHECK(got_reply);
        if (got_reply) {
            CHECK_EQ(reply.status, MIA_STATUS_OK);
            CHECK_EQ(reply.opcode, v->control.opcode);
            CHECK_EQ(reply.request_id, v->control.request_id);
            if (v->control.opcode == MIA_OP_WRITE_CONFIG) {
                check_config(&reply.config, &v->control.config);
                check_config(&cup_.config, &v->control.config);
            }
        }
        break;
    }
    case VF_REPLY: {
        mia_reply got;
        CHECK_EQ(mia_decode_reply(v->bytes, v->len, &got), MIA_ACCEPT);
        CHECK_EQ(got.opcode, v->reply.opcode);
        CHECK_EQ(got.request_id, v->reply.request_id);
        CHECK_EQ(got.status, v->reply.status);
        CHECK_EQ(got.first_seq, v->reply.first_seq);
        CHECK_EQ(got.count, v->reply.count);
        check_config(&got.config, &v->reply.config);
        if (v->reply_op_unknown) {
            CHECK(got.opcode < MIA_OP_IDENTIFY || got.opcode > MIA_OP_WRITE_CONFIG);
        }
        n = mia_encode_reply(&v->reply, out);
        break;
    }
    case VF_CONFIG: {
        mia_config got;
        CHECK_EQ(mia_decode_config(v->bytes, v->len, &got), MIA_ACCEPT);
        check_config(&got, &v->config);
        n = mia_encode_config(&v->config, out);
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
}
