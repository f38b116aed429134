/* The golden vectors on a cup (vectors_cup.h): Control writes and their Replies, auth.json. */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_sha256.h"
#include "test.h"
#include "vectors.h"
#include "vectors_cup.h"

/* The one cup the test files share (they run one at a time: RAM is 16 KiB on the M0+). */
#define cup_ test_cup_

/* auth.json's first vector, which the auth_prove of control.json answers. */
static const uint8_t counting_key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t counting_challenge[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};

void vectors_check_config(const mia_config *a, const mia_config *b)
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

void vectors_check_cup_reply(cup_kind kind, const uint8_t *buf, size_t len, int status,
                             uint8_t op, uint8_t rid)
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

void vectors_accepted_control_on_cups(const vec *v)
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

/* auth.json: the answer is the first 16 bytes of HMAC-SHA256(key, challenge); a cup owned by
 * that key, having drawn that challenge, accepts it, and denies it with one bit changed. */
void vectors_auth_vector(const auth_vec *a)
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
