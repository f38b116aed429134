/* Ownership's requests (PROTOCOL.md 4.4, section 6). See mia_owner.h. */
#include "mia_owner.h"

#include "mia_sha256.h"

/* A fresh challenge for this connection; it must be asked for (and in 1.2 the cup's proof
 * given) before it can be answered. */
static void new_challenge(mia_cup *cup)
{
    mia_cup_random_(cup, cup->challenge, MIA_AUTH_LEN);
    cup->challenge_asked = 0;
    cup->nonce_given = 0;
    mia_wipe(cup->nonce, MIA_AUTH_LEN);
}

static void end_claim(mia_cup *cup)
{
    mia_wipe(&cup->claim, sizeof cup->claim);
}

static void start_session(mia_cup *cup)
{
    mia_peers_owner(&cup->peers); /* never refused from now on */
    cup->proven = 1;
    cup->has_session = cup->minor >= 2;
    cup->sealed = 0;
}

void mia_owner_withdraw(mia_cup *cup)
{
    if (cup->proven) {
        (void)mia_telemetry_stop(&cup->telemetry, cup->now_ms, MIA_TLM_END_OTHER);
    }
    cup->proven = 0;
    cup->has_session = 0;
    cup->smp_unlocked = 0;
    mia_wipe(cup->session, MIA_AUTH_LEN);
}

static uint8_t deny(mia_cup *cup)
{
    if (cup->denied < 0xFFu) {
        cup->denied++;
    }
    mia_owner_withdraw(cup);
    return MIA_STATUS_DENIED;
}

void mia_owner_link(mia_cup *cup, int connected)
{
    cup->proven = 0;
    cup->denied = 0;
    cup->claim_held = 0;
    mia_owner_withdraw(cup);
    end_claim(cup);
    if (connected) {
        new_challenge(cup);
    } else {
        mia_wipe(cup->challenge, MIA_AUTH_LEN);
        cup->challenge_asked = 0;
        cup->nonce_given = 0;
    }
}

/* auth_prove: 1.1, the first 16 bytes of HMAC(owner key, challenge); 1.2, HMAC(owner key, "A" |
 * challenge | nonce) after the cup's proof. Either way for a challenge asked since the last
 * auth_prove, on a cup with an owner and an RNG (a challenge of zeros proves nothing). Right or
 * wrong, the challenge is spent; a denied one counts and withdraws a proof. A right 1.2 one
 * starts a session. */
static uint8_t prove(mia_cup *cup, const uint8_t answer[MIA_AUTH_LEN])
{
    uint8_t mac[MIA_SHA256_LEN];
    int right;
    int asked = cup->challenge_asked && (cup->minor < 2 || cup->nonce_given);
    if (cup->minor < 2) {
        mia_hmac_sha256(cup->owner_key, MIA_AUTH_LEN, cup->challenge, MIA_AUTH_LEN, mac);
    } else {
        mia_keys_mac(cup->owner_key, MIA_KEY_APP_PROOF, cup->challenge, cup->nonce, mac);
        mia_keys_mac(cup->owner_key, MIA_KEY_SESSION, cup->challenge, cup->nonce, cup->session);
    }
    right = mia_equal_ct(mac, answer, MIA_AUTH_LEN);
    mia_wipe(mac, sizeof mac);
    right = right && cup->owned && asked && cup->setup.random != 0;
    new_challenge(cup);
    if (!right) {
        return deny(cup);
    }
    if (!cup->proven) {
        cup->send_seq = cup->log.next_seq; /* live events from now on; the app replays the ones
                                            * before */
        cup->replay_end = cup->send_seq;
        cup->replaying = 0;
    }
    start_session(cup);
    return MIA_STATUS_OK;
}

/* 1.1 claim: a cup without an owner takes the key from anyone; one with an owner only from a
 * connection that proved the current key. The key is stored before the Reply is queued. */
static uint8_t claim_in_clear(mia_cup *cup, const uint8_t key[MIA_AUTH_LEN])
{
    if (cup->minor >= 2) {
        return MIA_STATUS_NOT_SUPPORTED; /* a key sent in the clear belongs to every listener */
    }
    if (cup->setup.random == 0 || (cup->owned && !cup->proven)) {
        return MIA_STATUS_DENIED;
    }
    mia_copy(cup->owner_key, key, MIA_AUTH_LEN);
    cup->owned = 1;
    cup->proven = 1;
    mia_peers_owner(&cup->peers);
    if (cup->setup.owner_changed != 0) {
        cup->setup.owner_changed(cup->setup.ctx, cup->owner_key);
    }
    return MIA_STATUS_OK;
}

/* claim_begin: a fresh key pair; the Reply carries the first half of the cup's public key. */
static uint8_t claim_begin(mia_cup *cup, const uint8_t half[MIA_AUTH_LEN], mia_reply *r)
{
    if (cup->claim.phase == MIA_CLAIM_WAITING) {
        return MIA_STATUS_BUSY;
    }
    end_claim(cup);
    if (cup->owned || cup->setup.random == 0) {
        return MIA_STATUS_DENIED;
    }
    mia_cup_random_(cup, cup->claim.priv, MIA_X25519_LEN);
    mia_x25519_base(cup->claim.cup_pub, cup->claim.priv);
    mia_copy(cup->claim.app_pub, half, MIA_AUTH_LEN);
    mia_copy(r->auth, cup->claim.cup_pub, MIA_AUTH_LEN);
    cup->claim.phase = MIA_CLAIM_BEGUN;
    return MIA_STATUS_OK;
}

/* claim_key: the app's whole public key; both sides now compute the owner key. */
static uint8_t claim_key(mia_cup *cup, const uint8_t half[MIA_AUTH_LEN], mia_reply *r)
{
    mia_claim *k = &cup->claim;
    int bad;
    if (k->phase != MIA_CLAIM_BEGUN || cup->owned) {
        end_claim(cup);
        return MIA_STATUS_DENIED;
    }
    mia_copy(k->app_pub + MIA_AUTH_LEN, half, MIA_AUTH_LEN);
    bad = mia_keys_agree(k->priv, k->app_pub, k->app_pub, k->cup_pub, k->key);
    mia_wipe(k->priv, sizeof k->priv);
    if (bad != 0) {
        end_claim(cup); /* a public key of small order */
        return MIA_STATUS_DENIED;
    }
    mia_copy(r->auth, k->cup_pub + MIA_AUTH_LEN, MIA_AUTH_LEN);
    k->phase = MIA_CLAIM_KEYED;
    return MIA_STATUS_OK;
}

/* claim_confirm: the app's confirmation; a right one waits for the gesture (its Reply held). */
static uint8_t claim_confirm(mia_cup *cup, const mia_control *c)
{
    uint8_t expected[MIA_AUTH_LEN];
    int right;
    if (cup->claim.phase == MIA_CLAIM_WAITING) {
        return MIA_STATUS_BUSY;
    }
    mia_keys_mac(cup->claim.key, MIA_KEY_APP_CONFIRM, 0, 0, expected);
    right = cup->claim.phase == MIA_CLAIM_KEYED && !cup->owned &&
            mia_equal_ct(expected, c->auth, MIA_AUTH_LEN);
    mia_wipe(expected, sizeof expected);
    if (!right) {
        end_claim(cup);
        return MIA_STATUS_DENIED;
    }
    cup->claim.phase = MIA_CLAIM_WAITING;
    mia_cup_claim_wait_(cup, 1);
    cup->claim.request_id = c->request_id;
    cup->claim.since_ms = cup->now_ms;
    (void)mia_cup_identify_(cup, MIA_IDENTIFY_BLINK | MIA_IDENTIFY_BUZZ,
                            (uint16_t)MIA_CLAIM_GESTURE_MS);
    return MIA_OWNER_DEFERRED;
}

/* The claim_confirm's Reply: ok with the cup's confirmation (the key is stored first), or
 * no_gesture. */
static void claim_reply(mia_cup *cup, uint8_t status)
{
    mia_reply r;
    mia_wipe(&r, sizeof r);
    r.opcode = MIA_OP_CLAIM_CONFIRM;
    r.request_id = cup->claim.request_id;
    r.status = status;
    if (status == MIA_STATUS_OK) {
        mia_copy(cup->owner_key, cup->claim.key, MIA_AUTH_LEN);
        cup->owned = 1;
        if (cup->setup.owner_changed != 0) {
            cup->setup.owner_changed(cup->setup.ctx, cup->owner_key);
        }
        mia_keys_mac(cup->owner_key, MIA_KEY_SESSION, 0, 0, cup->session);
        start_session(cup);
        mia_keys_mac(cup->owner_key, MIA_KEY_CUP_CONFIRM, 0, 0, r.auth);
        (void)mia_cup_identify_(cup, MIA_IDENTIFY_BLINK, (uint16_t)MIA_CLAIM_BLINK_MS);
    }
    mia_cup_claim_wait_(cup, 0);
    end_claim(cup);
    mia_cup_queue_reply_(cup, &r);
}

void mia_owner_gesture(mia_cup *cup)
{
    if (cup->claim.phase == MIA_CLAIM_WAITING && cup->connected) {
        claim_reply(cup, MIA_STATUS_OK);
    }
}

void mia_owner_tick(mia_cup *cup, uint32_t now_ms)
{
    if (cup->claim.phase == MIA_CLAIM_WAITING &&
        now_ms - cup->claim.since_ms >= MIA_CLAIM_GESTURE_MS) {
        claim_reply(cup, MIA_STATUS_NO_GESTURE);
    }
}

int mia_owner_seal_ok(mia_cup *cup, const mia_control *c, const uint8_t *frame)
{
    uint8_t tag[MIA_TAG_LEN];
    int right;
    if (cup->minor < 2 || !cup->owned || !mia_op_sealable(c->opcode)) {
        return 1;
    }
    mia_keys_tag(cup->session, MIA_KEY_REQUEST_TAG, cup->sealed, frame,
                 mia_control_len(c->opcode), tag);
    right = cup->has_session && c->has_tag && mia_equal_ct(tag, c->tag, MIA_TAG_LEN);
    mia_wipe(tag, sizeof tag);
    if (!right) {
        (void)deny(cup);
        return 0;
    }
    cup->sealed++;
    return 1;
}

void mia_owner_release(mia_cup *cup, mia_reply *r)
{
    if (cup->has_session) {
        uint8_t head[MIA_REPLY_HEADER_LEN];
        head[0] = r->opcode;
        head[1] = r->request_id;
        head[2] = MIA_STATUS_OK;
        mia_keys_tag(cup->session, MIA_KEY_REPLY_TAG, cup->sealed - 1u, head, sizeof head,
                     r->tag);
        r->has_tag = 1;
    }
    mia_cup_forget_owner(cup);
}

uint8_t mia_owner_request(mia_cup *cup, const mia_control *c, mia_reply *r)
{
    switch (c->opcode) {
    case MIA_OP_AUTH_CHALLENGE: /* the same challenge until it is answered */
        cup->challenge_asked = 1;
        mia_copy(r->auth, cup->challenge, MIA_AUTH_LEN);
        return MIA_STATUS_OK;
    case MIA_OP_AUTH_CUP_PROOF:
        if (!cup->owned || !cup->challenge_asked) {
            return MIA_STATUS_DENIED; /* nothing spent, nothing counted */
        }
        mia_copy(cup->nonce, c->auth, MIA_AUTH_LEN);
        cup->nonce_given = 1;
        mia_keys_mac(cup->owner_key, MIA_KEY_CUP_PROOF, cup->challenge, cup->nonce, r->auth);
        return MIA_STATUS_OK;
    case MIA_OP_AUTH_PROVE:
        return prove(cup, c->auth);
    case MIA_OP_CLAIM:
        return claim_in_clear(cup, c->auth);
    case MIA_OP_CLAIM_BEGIN:
        return claim_begin(cup, c->auth, r);
    case MIA_OP_CLAIM_KEY:
        return claim_key(cup, c->auth, r);
    case MIA_OP_CLAIM_CONFIRM:
        return claim_confirm(cup, c);
    default: /* firmware_unlock */
        if (!(cup->setup.capabilities & MIA_CAP_FIRMWARE_UPDATE)) {
            return MIA_STATUS_NOT_SUPPORTED;
        }
        if (!cup->owned) {
            return MIA_STATUS_DENIED; /* claim it first */
        }
        cup->smp_unlocked = 1;
        return MIA_STATUS_OK;
    }
}
