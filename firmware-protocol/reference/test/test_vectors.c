/* Every golden vector in firmware-protocol/vectors/, in both directions where it applies:
 *  - decode the bytes: the same reason, or the same decoded value;
 *  - canonical vectors: encode the decoded value back to exactly the bytes (all of them but
 *    the events a 1.1 cup never sends: unknown types and the 1.0 `booted` without a boot id);
 *  - Control (and a Config record inside write_config): write it to a cup and check the Reply
 *    (status, echoed opcode and request id) or the ATT error, and that a rejected write changed
 *    nothing; both on a cup without an owner and on one whose owner this connection has not
 *    proven (needs_proof, denied; a malformed request gets its reason's status first);
 *  - auth.json: the HMAC answer, and a cup that accepts it (and not a one-bit change of it). */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_sha256.h"
#include "test.h"
#include "vectors.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

/* auth.json's first vector, which the auth_prove of control.json answers. */
static const uint8_t counting_key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t counting_challenge[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};

typedef enum { CUP_FREE, CUP_OWNED_UNPROVEN, CUP_OWNED_ASKED } cup_kind;

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

/* The protocol the vector's request is played on: a 1.1 board for the 1.1 opcodes (they keep
 * their 1.1 rules there: the claim in the clear, the 1.1 proof), a 1.2 cup for the 1.2 ones
 * (session.json plays the 1.2 rules whole). */
static uint8_t minor_for_;

/* A connected cup, subscribed to Events and Reply: without an owner; or owned by the counting
 * key, this connection not proven; or the same with the counting challenge asked. */
static void fresh_cup(cup_kind kind)
{
    mia_cup_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.protocol_minor = minor_for_;
    setup.capabilities =
        MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED | MIA_CAP_BUZZER | MIA_CAP_TELEMETRY;
    setup.random = test_rng;
    setup.owner_key = kind == CUP_FREE ? 0 : counting_key;
    test_rng_seed(77);
    mia_cup_init(&cup_, &setup, 0, 0);
    test_rng_script(counting_challenge, sizeof counting_challenge);
    mia_cup_connected(&cup_, 0, 1, 0);
    mia_cup_subscribe(&cup_, MIA_CHR_EVENTS, 1);
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    if (kind == CUP_OWNED_ASKED) {
        static const uint8_t ask[2] = {MIA_OP_AUTH_CHALLENGE, 0x99};
        uint8_t frame[MIA_FRAME_MAX];
        mia_chr chr;
        CHECK_EQ(mia_cup_control_write(&cup_, 5, ask, sizeof ask), 0);
        CHECK_EQ(mia_cup_next_notification(&cup_, 5, &chr, frame), 19);
        CHECK(memcmp(frame + 3, counting_challenge, 16) == 0);
    }
}

/* Writes a Control frame to a fresh cup; returns the ATT result and fills *reply (if any). */
static uint8_t write_control(cup_kind kind, const uint8_t *buf, size_t len, mia_reply *reply,
                             int *got_reply)
{
    uint8_t frame[MIA_FRAME_MAX];
    mia_chr chr;
    size_t n;
    uint8_t att;
    minor_for_ = len > 0 && buf[0] > MIA_OP_TELEMETRY_STOP ? 2u : 1u;
    fresh_cup(kind);
    att = mia_cup_control_write(&cup_, 10, buf, len);
    n = mia_cup_next_notification(&cup_, 10, &chr, frame);
    *got_reply = n > 0 && chr == MIA_CHR_REPLY;
    if (*got_reply) {
        CHECK_EQ(mia_decode_reply(frame, n, reply), MIA_ACCEPT);
    }
    return att;
}

static void check_cup_reply(cup_kind kind, const uint8_t *buf, size_t len, int status, uint8_t op,
                            uint8_t rid)
{
    mia_reply reply;
    int got = 0;
    mia_config before = mia_config_default();
    uint8_t att = write_control(kind, buf, len, &reply, &got);
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
        CHECK_EQ(cup_.owned, kind != CUP_FREE);
        CHECK(!cup_.proven);
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

/* The status an accepted request gets from a connection that has not proven the owner key of
 * an owned cup (PROTOCOL.md 4.4): identify and auth_challenge are carried out, claim is
 * denied, auth_prove without a challenge asked is denied; 1.2: auth_cup_proof without a
 * challenge asked and the claim steps (the cup has an owner) are denied; the rest needs proof. */
static int unproven_status(uint8_t opcode)
{
    switch (opcode) {
    case MIA_OP_IDENTIFY:
    case MIA_OP_AUTH_CHALLENGE:
        return MIA_STATUS_OK;
    case MIA_OP_AUTH_PROVE:
    case MIA_OP_CLAIM:
    case MIA_OP_AUTH_CUP_PROOF:
    case MIA_OP_CLAIM_BEGIN:
    case MIA_OP_CLAIM_KEY:
    case MIA_OP_CLAIM_CONFIRM:
        return MIA_STATUS_DENIED;
    default:
        return MIA_STATUS_NEEDS_PROOF;
    }
}

/* The status of an accepted 1.2 request alone on a fresh cup without an owner (with the
 * test's capabilities): the cup's proof needs an owner, a claim starts with claim_begin, the
 * cup has no SMP service. */
static int free_status(uint8_t opcode)
{
    switch (opcode) {
    case MIA_OP_AUTH_CUP_PROOF:
    case MIA_OP_CLAIM_KEY:
    case MIA_OP_CLAIM_CONFIRM:
        return MIA_STATUS_DENIED;
    case MIA_OP_FIRMWARE_UNLOCK:
        return MIA_STATUS_NOT_SUPPORTED;
    default:
        return MIA_STATUS_OK;
    }
}

static void accepted_control_on_cups(const vec *v)
{
    mia_reply reply;
    int got_reply = 0;
    uint8_t op = v->d.control.opcode;
    /* A cup without an owner carries it out; auth_prove needs an owner and its challenge. */
    cup_kind kind = op == MIA_OP_AUTH_PROVE ? CUP_OWNED_ASKED : CUP_FREE;
    CHECK_EQ(write_control(kind, v->bytes, v->len, &reply, &got_reply), 0);
    CHECK(got_reply);
    if (got_reply) {
        CHECK_EQ(reply.status, free_status(op));
        CHECK_EQ(reply.opcode, op);
        CHECK_EQ(reply.request_id, v->d.control.request_id);
        if (op == MIA_OP_WRITE_CONFIG) {
            check_config(&reply.config, &v->d.control.config);
            check_config(&cup_.config, &v->d.control.config);
        }
        if (op == MIA_OP_TELEMETRY_START) {
            CHECK_EQ(reply.seconds, v->d.control.seconds);
            CHECK_EQ(reply.rate_hz, 100);
        }
    }
    switch (op) {
    case MIA_OP_AUTH_PROVE:
        CHECK(cup_.owned && cup_.proven);
        break;
    case MIA_OP_CLAIM:
        CHECK(cup_.owned && cup_.proven);
        CHECK(memcmp(cup_.owner_key, v->d.control.auth, 16) == 0);
        break;
    case MIA_OP_RELEASE:
        CHECK(!cup_.owned && !cup_.proven);
        break;
    default:
        break;
    }
    /* The same request from a connection that has not proven the owner's key. */
    CHECK_EQ(write_control(CUP_OWNED_UNPROVEN, v->bytes, v->len, &reply, &got_reply), 0);
    CHECK(got_reply);
    if (got_reply) {
        CHECK_EQ(reply.status, unproven_status(op));
        CHECK_EQ(reply.opcode, op);
        CHECK_EQ(reply.request_id, v->d.control.request_id);
    }
    CHECK(cup_.owned && !cup_.proven);
    CHECK(memcmp(cup_.owner_key, counting_key, 16) == 0);
    {
        mia_config defaults = mia_config_default();
        check_config(&cup_.config, &defaults); /* nothing changed */
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

/* auth.json: the answer is the first 16 bytes of HMAC-SHA256(key, challenge); a cup owned by
 * that key, having drawn that challenge, accepts it, and denies it with one bit changed. */
static void auth_vector(const auth_vec *a)
{
    uint8_t mac[MIA_SHA256_LEN];
    uint8_t frame[MIA_FRAME_MAX];
    mia_cup_setup setup;
    mia_chr chr;
    int bit;
    mia_hmac_sha256(a->key, 16, a->challenge, 16, mac);
    CHECK(memcmp(mac, a->answer, 16) == 0);
    for (bit = 0; bit < 2; bit++) {
        static const uint8_t ask[2] = {MIA_OP_AUTH_CHALLENGE, 1};
        uint8_t prove[18];
        memset(&setup, 0, sizeof setup);
        setup.random = test_rng;
        setup.owner_key = a->key;
        setup.protocol_minor = 1; /* the 1.1 proof: a 1.2 cup denies it (session.json) */
        test_rng_seed(5);
        mia_cup_init(&cup_, &setup, 0, 0);
        test_rng_script(a->challenge, 16);
        mia_cup_connected(&cup_, 0, 1, 0);
        mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
        CHECK_EQ(mia_cup_control_write(&cup_, 1, ask, sizeof ask), 0);
        CHECK_EQ(mia_cup_next_notification(&cup_, 1, &chr, frame), 19);
        CHECK(memcmp(frame + 3, a->challenge, 16) == 0);
        prove[0] = MIA_OP_AUTH_PROVE;
        prove[1] = 2;
        memcpy(prove + 2, a->answer, 16);
        prove[2 + 15] ^= (uint8_t)bit; /* the second time, the last bit is wrong */
        CHECK_EQ(mia_cup_control_write(&cup_, 2, prove, sizeof prove), 0);
        CHECK_EQ(mia_cup_next_notification(&cup_, 2, &chr, frame), 3);
        CHECK_EQ(frame[2], bit ? MIA_STATUS_DENIED : MIA_STATUS_OK);
        CHECK_EQ(cup_.proven, !bit);
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
