/* Room for the owner (PROTOCOL.md 6, "Dropping an unproven connection"), through the board
 * API: a stranger the cup dropped for being unproven is refused for a back-off that doubles
 * with every drop; the peer that proved the owner key never is; a few strangers are kept. (One
 * that leaves by itself: test_leave.c.) */
#include <string.h>

#include "../src/mia_cup.h"
#include "../src/mia_keys.h"
#include "test.h"

#define cup_ test_cup_
static const uint8_t owner_[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t nonce_[16] = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
                                   0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f};
static uint8_t req_;

static void boot(const uint8_t *owner_key, uint32_t now)
{
    mia_cup_setup s;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED;
    s.accel_rate_hz = 100;
    s.random = test_rng;
    s.owner_key = owner_key;
    test_rng_seed(77);
    mia_cup_init(&cup_, &s, 0, now);
}

/* A peer's address: 6 bytes that differ by `who`. */
static const uint8_t *peer(uint8_t who)
{
    static uint8_t addr[MIA_PEER_ADDR_LEN];
    uint8_t i;
    for (i = 0; i < MIA_PEER_ADDR_LEN; i++) {
        addr[i] = (uint8_t)(0xc0u + who + i);
    }
    return addr;
}

/* A connection from `who` at `now`: whether the cup refuses it (drops it at once). */
static int refused(uint8_t who, uint32_t now)
{
    mia_cup_connected(&cup_, now, 1, peer(who));
    mia_cup_subscribe(&cup_, MIA_CHR_REPLY, 1);
    return mia_cup_should_disconnect(&cup_, now);
}

/* The connection ends at `now`, by the cup's drop or by the peer. */
static void end(uint32_t now)
{
    mia_cup_connected(&cup_, now, 0, 0);
}

/* `who` connects at `now` and stays unproven until the cup drops it: 5 s later. */
static void held_until_dropped(uint8_t who, uint32_t now)
{
    CHECK(!refused(who, now));
    CHECK(!mia_cup_should_disconnect(&cup_, now + MIA_UNPROVEN_DROP_MS - 1u));
    CHECK(mia_cup_should_disconnect(&cup_, now + MIA_UNPROVEN_DROP_MS));
    end(now + MIA_UNPROVEN_DROP_MS);
}

static uint8_t request(uint32_t now, uint8_t op, const uint8_t *args, size_t n, uint8_t out[20])
{
    uint8_t w[MIA_FRAME_MAX];
    mia_chr chr = MIA_CHR_NONE;
    w[0] = op;
    w[1] = ++req_;
    if (n > 0) {
        memcpy(w + 2, args, n);
    }
    CHECK_EQ(mia_cup_control_write(&cup_, now, w, 2 + n), 0);
    if (mia_cup_next_notification(&cup_, now, &chr, out) < 3 || chr != MIA_CHR_REPLY) {
        return 0xEE;
    }
    return out[2];
}

/* The 1.2 proof on this connection, with `key`. */
static uint8_t prove(uint32_t now, const uint8_t *key)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t challenge[16];
    uint8_t answer[16];
    CHECK_EQ(request(now, MIA_OP_AUTH_CHALLENGE, 0, 0, f), MIA_STATUS_OK);
    memcpy(challenge, f + 3, 16);
    (void)request(now, MIA_OP_AUTH_CUP_PROOF, nonce_, 16, f);
    mia_keys_mac(key, MIA_KEY_APP_PROOF, challenge, nonce_, answer);
    return request(now, MIA_OP_AUTH_PROVE, answer, 16, f);
}

static void the_back_off_doubles_up_to_a_minute(void)
{
    CHECK_EQ(mia_peers_backoff(1), 2000);
    CHECK_EQ(mia_peers_backoff(2), 4000);
    CHECK_EQ(mia_peers_backoff(3), 8000);
    CHECK_EQ(mia_peers_backoff(5), 32000);
    CHECK_EQ(mia_peers_backoff(6), 60000);
    CHECK_EQ(mia_peers_backoff(255), 60000);
}

static void a_dropped_stranger_waits_longer_each_time(void)
{
    uint32_t t;
    boot(owner_, 0);
    held_until_dropped(1, 1000); /* dropped at 6000: waits 2 s */
    CHECK(refused(1, 6500));
    end(6500); /* a refused connection adds nothing to the wait */
    CHECK(refused(1, 7999));
    end(7999);
    CHECK(!refused(2, 7999)); /* another peer is let in */
    end(8000);
    held_until_dropped(1, 8000); /* dropped at 13000: waits 4 s */
    CHECK(refused(1, 16999));
    end(16999);
    held_until_dropped(1, 17000); /* 22000: 8 s */
    CHECK(refused(1, 29999));
    end(29999);
    for (t = 30000; t < 200000; t += MIA_UNPROVEN_DROP_MS + 60000u) {
        held_until_dropped(1, t);
    }
    CHECK(refused(1, t - 60000u + 59999u)); /* a minute at most, however often */
    end(t);
    CHECK(!refused(1, t));
    end(t);
}

/* `who` connects at `now` and is dropped at once for three wrong proofs. */
static void denied_thrice(uint8_t who, uint32_t now)
{
    uint8_t f[MIA_FRAME_MAX];
    uint8_t wrong[16];
    int i;
    memset(wrong, 0xa5, sizeof wrong);
    CHECK(!refused(who, now));
    for (i = 0; i < 3; i++) {
        CHECK_EQ(request(now, MIA_OP_AUTH_PROVE, wrong, 16, f), MIA_STATUS_DENIED);
    }
    CHECK(mia_cup_should_disconnect(&cup_, now));
    end(now);
}

static void the_third_denied_proof_keeps_it_waiting_too(void)
{
    boot(owner_, 0);
    denied_thrice(3, 200);
    CHECK(refused(3, 2199));
    end(2199);
    CHECK(!refused(3, 2200));
}

static void a_peer_that_leaves_once_or_is_unknown_does_not_wait(void)
{
    boot(owner_, 0);
    CHECK(!refused(4, 100));
    end(100 + MIA_UNPROVEN_DROP_MS - 1u); /* it left before the cup dropped it (test_leave.c) */
    CHECK(!refused(4, 5100));
    end(5100);
    /* a board that cannot tell the address: dropped as always, never refused */
    mia_cup_connected(&cup_, 6000, 1, 0);
    CHECK(mia_cup_should_disconnect(&cup_, 11000));
    end(11000);
    mia_cup_connected(&cup_, 11000, 1, 0);
    CHECK(!mia_cup_should_disconnect(&cup_, 11000));
    end(11000);
}

static void the_owner_is_never_refused(void)
{
    boot(owner_, 0);
    held_until_dropped(5, 1000); /* slow the first time: waits */
    CHECK(refused(5, 6100));
    end(6100);
    CHECK(!refused(5, 8000));
    CHECK_EQ(prove(8100, owner_), MIA_STATUS_OK);
    CHECK(!mia_cup_should_disconnect(&cup_, 60000));
    end(60000);
    held_until_dropped(5, 60000); /* its app fails to prove: dropped, but it does not wait */
    CHECK(!refused(5, 65000));
    end(65000);
    /* a stranger is still kept waiting */
    held_until_dropped(6, 65000);
    CHECK(refused(6, 70000));
    end(70000);
    /* once the cup has no owner (a reset button here), the address is a stranger's again */
    mia_cup_forget_owner(&cup_);
    held_until_dropped(5, 70000);
    CHECK(refused(5, 75100));
    end(75100);
}

static void a_few_strangers_are_remembered(void)
{
    uint8_t who;
    boot(owner_, 0);
    /* MIA_PEERS + 1 strangers, each dropped once: the first one's place is taken */
    for (who = 10; who < 10 + MIA_PEERS + 1u; who++) {
        denied_thrice(who, 100u + who);
    }
    for (who = 11; who < 10 + MIA_PEERS + 1u; who++) {
        CHECK(refused(who, 200));
        end(200); /* a refused connection counts nothing */
    }
    CHECK(!refused(10, 200));
    end(200); /* it leaves unproven: 11, counted longest ago, goes, and 10 takes its place */
    /* the same stranger again takes no second place */
    denied_thrice(12, 3000);
    denied_thrice(10, 3100);
    CHECK(!refused(11, 3200));
    end(3200);
    CHECK(refused(12, 3200));
    end(3200);
    CHECK(refused(10, 3200));
    end(3200);
    CHECK(sizeof(mia_peers) <= 64u); /* constant memory: the table is part of the cup */
}

static void the_clock_may_wrap(void)
{
    boot(owner_, 0xFFFFE000u);
    held_until_dropped(20, 0xFFFFFC00u - MIA_UNPROVEN_DROP_MS); /* dropped at 0xFFFFFC00 */
    CHECK(refused(20, 0x000003CFu));
    end(0x000003CFu);
    CHECK(!refused(20, 0x000003D0u)); /* 2000 ms after the drop */
    end(0x000003D0u);
}

void run_peer_tests(void)
{
    T_CASE("peers", the_back_off_doubles_up_to_a_minute);
    T_CASE("peers", a_dropped_stranger_waits_longer_each_time);
    T_CASE("peers", the_third_denied_proof_keeps_it_waiting_too);
    T_CASE("peers", a_peer_that_leaves_once_or_is_unknown_does_not_wait);
    T_CASE("peers", the_owner_is_never_refused);
    T_CASE("peers", a_few_strangers_are_remembered);
    T_CASE("peers", the_clock_may_wrap);
}
