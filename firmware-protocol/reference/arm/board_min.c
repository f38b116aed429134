/* A minimal cup "firmware" for the ARM figures (arm.sh), run on QEMU:
 *  - linked with --gc-sections, its map file says how much flash the core takes in a cup (only
 *    what a cup uses, with the compiler helpers it needs), and `cup` below is sizeof(mia_cup);
 *  - it calls every entry point of mia_cup.h, each with the stack painted below the caller, and
 *    prints the most stack one call used (a measurement of the paths it runs, its trivial hooks
 *    included, next to the static bound of stack-report.mjs), then checks that the cup did what
 *    it should.
 * Test harness only: not part of the core. */
#include <stdio.h>
#include <string.h>

#include "../src/mia_cup.h"

static mia_cup cup;
static const uint8_t owner[16] = {0x8f, 0x3a, 0x1c, 0x5e, 0x9b, 0x2d, 0x7f, 0x40,
                                  0x61, 0xa8, 0xc3, 0xe5, 0xd7, 0x09, 0x2b, 0x4f};
static uint32_t rng_state = 0x12345678u;
static unsigned hooks;

static void board_random(void *ctx, uint8_t *buf, size_t len)
{
    size_t i;
    (void)ctx;
    for (i = 0; i < len; i++) {
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        buf[i] = (uint8_t)rng_state;
    }
}

static void board_identify(void *ctx, uint8_t pattern, uint16_t ms)
{
    (void)ctx;
    (void)pattern;
    (void)ms;
    hooks++;
}

static void board_config(void *ctx, const mia_config *cfg)
{
    (void)ctx;
    (void)cfg;
    hooks++;
}

static void board_owner(void *ctx, const uint8_t *key)
{
    (void)ctx;
    (void)key;
    hooks++;
}

/* Stack measurement: paint() fills PAINT_BYTES below its caller's frame with a pattern; after
 * the core call, the lowest word no longer painted shows how deep the call went, from the
 * caller's stack pointer right before it. */
#define PAINT 0xA5A5A5A5u
#define PAINT_BYTES 2048u
static volatile uint32_t *paint_bottom;
static unsigned peak;
static const char *peak_what = "";

__attribute__((noinline)) static void paint(void)
{
    volatile uint32_t *sp;
    volatile uint32_t *p;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    paint_bottom = sp - PAINT_BYTES / 4u;
    for (p = paint_bottom; p < sp - 8; p++) {
        *p = PAINT;
    }
}

__attribute__((noinline)) static void used_since(uintptr_t top, const char *what)
{
    volatile uint32_t *p = paint_bottom;
    unsigned used;
    while (*p == PAINT) {
        p++;
    }
    used = (unsigned)(top - (uintptr_t)p);
    if (used > peak) {
        peak = used;
        peak_what = what;
    }
}

#define CORE(call)                                                                             \
    do {                                                                                       \
        uintptr_t top_;                                                                        \
        paint();                                                                               \
        __asm__ volatile("mov %0, sp" : "=r"(top_));                                           \
        call;                                                                                  \
        used_since(top_, #call);                                                               \
    } while (0)

static unsigned drain(uint32_t now)
{
    uint8_t f[MIA_FRAME_MAX];
    mia_chr chr;
    unsigned n = 0;
    size_t len;
    for (;;) {
        CORE(len = mia_cup_next_notification(&cup, now, &chr, f));
        if (len == 0) {
            return n;
        }
        n++;
    }
}

static uint8_t control(uint32_t now, const uint8_t *w, size_t len, uint8_t reply[MIA_FRAME_MAX])
{
    mia_chr chr;
    size_t n;
    CORE((void)mia_cup_control_write(&cup, now, w, len));
    CORE(n = mia_cup_next_notification(&cup, now, &chr, reply));
    return n >= 3 ? reply[2] : 0xFF;
}

/* A sealed request (1.2): the tag of the count-th request of the session after it. */
static size_t seal(const uint8_t session[16], uint32_t count, uint8_t *w, size_t len)
{
    mia_keys_tag(session, MIA_KEY_REQUEST_TAG, count, w, len, w + len);
    return len + MIA_TAG_LEN;
}

/* A 1.2 claim of the cup (without an owner), confirmed by the lid; the session key in out. */
static int claim(uint32_t now, uint8_t out[16])
{
    static const uint8_t app_priv[32] = {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
                                         7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    uint8_t app_pub[32], cup_pub[32], key[16], w[MIA_FRAME_MAX], f[MIA_FRAME_MAX];
    int bad = 0;
    mia_x25519_base(app_pub, app_priv);
    w[0] = MIA_OP_CLAIM_BEGIN;
    w[1] = 20;
    memcpy(w + 2, app_pub, 16);
    bad |= control(now, w, 18, f) != MIA_STATUS_OK;
    memcpy(cup_pub, f + 3, 16);
    w[0] = MIA_OP_CLAIM_KEY;
    w[1] = 21;
    memcpy(w + 2, app_pub + 16, 16);
    bad |= control(now + 10, w, 18, f) != MIA_STATUS_OK;
    memcpy(cup_pub + 16, f + 3, 16);
    bad |= mia_keys_agree(app_priv, cup_pub, app_pub, cup_pub, key) != 0;
    w[0] = MIA_OP_CLAIM_CONFIRM;
    w[1] = 22;
    mia_keys_mac(key, MIA_KEY_APP_CONFIRM, 0, 0, w + 2);
    CORE((void)mia_cup_control_write(&cup, now + 20, w, 18)); /* its Reply waits */
    CORE(bad |= !mia_cup_claim_waiting(&cup));
    CORE(mia_cup_lid(&cup, now + 30, 0));
    CORE(mia_cup_tick(&cup, now + 90));
    CORE(mia_cup_lid(&cup, now + 100, 1));
    CORE(mia_cup_tick(&cup, now + 200));
    CORE(mia_cup_claim_button(&cup, now + 210)); /* no claim waits any more: nothing */
    bad |= drain(now + 200) < 2 || !cup.owned; /* its Reply, the lid's events */
    mia_keys_mac(key, MIA_KEY_SESSION, 0, 0, out);
    return bad;
}

/* Everything a board does, once or more; returns 0 if the cup behaved. */
static int run_cup(void)
{
    static const uint8_t nonce[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    static const uint8_t peer[MIA_PEER_ADDR_LEN] = {0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6};
    mia_cup_setup s;
    uint8_t f[MIA_FRAME_MAX];
    uint8_t w[MIA_FRAME_MAX];
    uint8_t challenge[16];
    uint8_t session[16];
    int16_t fifo[25][3];
    uint32_t t;
    int bad = 0;
    unsigned i;
    memset(&s, 0, sizeof s);
    s.capabilities = MIA_CAP_SHAKE | MIA_CAP_LID | MIA_CAP_LED | MIA_CAP_BUZZER |
                     MIA_CAP_FIRMWARE_UPDATE;
    s.accel_rate_hz = 100;
    s.owner_key = owner;
    s.identify = board_identify;
    s.config_changed = board_config;
    s.random = board_random;
    s.owner_changed = board_owner;
    CORE(mia_cup_init(&cup, &s, 0, 0));
    CORE(mia_cup_lid(&cup, 0, 0));
    for (i = 0; i < 25; i++) {
        fifo[i][0] = 0;
        fifo[i][1] = 0;
        fifo[i][2] = (int16_t)(i % 10 < 5 ? 4000 : -1500);
    }
    for (t = 250; t <= 1000; t += 250) {
        CORE(mia_cup_accel_fifo(&cup, t, (const int16_t(*)[3])fifo, 25));
        CORE(mia_cup_tick(&cup, t));
    }
    CORE(mia_cup_accel(&cup, 1010, 0, 0, 1000));
    CORE(mia_cup_lid(&cup, 1500, 1));
    CORE(mia_cup_tick(&cup, 1600));
    CORE(mia_cup_set_battery(&cup, 80, 0));
    CORE(mia_cup_connected(&cup, 2000, 1, peer));
    CORE(mia_cup_subscribe(&cup, MIA_CHR_EVENTS, 1));
    CORE(mia_cup_subscribe(&cup, MIA_CHR_STATE, 1));
    CORE(mia_cup_subscribe(&cup, MIA_CHR_REPLY, 1));
    CORE((void)mia_cup_read_info(&cup, f));
    CORE((void)mia_cup_read_state(&cup, 2000, f));
    CORE((void)mia_cup_read_advert(&cup, f));
    bad |= drain(2000) != 0; /* owned, not proven: no Events; State was just read */
    w[0] = MIA_OP_REPLAY_SINCE;
    w[1] = 1;
    w[2] = 0xFF;
    w[3] = 0xFF;
    bad |= control(2010, w, 4, f) != MIA_STATUS_NEEDS_PROOF;
    w[0] = MIA_OP_AUTH_CHALLENGE;
    w[1] = 2;
    bad |= control(2020, w, 2, f) != MIA_STATUS_OK;
    memcpy(challenge, f + 3, 16);
    w[0] = MIA_OP_AUTH_CUP_PROOF;
    w[1] = 30;
    memcpy(w + 2, nonce, 16);
    bad |= control(2025, w, 18, f) != MIA_STATUS_OK;
    mia_keys_mac(owner, MIA_KEY_CUP_PROOF, challenge, nonce, w); /* the app checks the cup */
    bad |= memcmp(w, f + 3, 16) != 0;
    w[0] = MIA_OP_AUTH_PROVE;
    w[1] = 3;
    mia_keys_mac(owner, MIA_KEY_APP_PROOF, challenge, nonce, w + 2); /* the app's answer */
    bad |= control(2030, w, 18, f) != MIA_STATUS_OK;
    mia_keys_mac(owner, MIA_KEY_SESSION, challenge, nonce, session);
    w[0] = MIA_OP_REPLAY_SINCE;
    w[1] = 4;
    w[2] = 0xFF;
    w[3] = 0xFF;
    bad |= control(2040, w, 4, f) != MIA_STATUS_OK;
    bad |= drain(2040) < 4; /* booted, shake started and ended, lid opened (and State) */
    w[0] = MIA_OP_WRITE_CONFIG;
    w[1] = 5;
    (void)mia_encode_config(&cup.config, w + 2);
    bad |= control(2050, w, seal(session, 0, w, 12), f) != MIA_STATUS_OK;
    w[0] = MIA_OP_IDENTIFY;
    w[1] = 6;
    w[2] = 3;
    mia_put_u16(w + 3, 500);
    bad |= control(2060, w, 5, f) != MIA_STATUS_OK;
    w[0] = MIA_OP_RELEASE;
    w[1] = 7;
    bad |= control(2070, w, seal(session, 1, w, 2), f) != MIA_STATUS_OK;
    bad |= claim(2080, session);
    w[0] = MIA_OP_FIRMWARE_UNLOCK;
    w[1] = 8;
    bad |= control(2400, w, seal(session, 0, w, 2), f) != MIA_STATUS_OK;
    CORE(bad |= !mia_cup_smp_allowed(&cup));
    CORE(bad |= mia_cup_should_disconnect(&cup, 60000));
    CORE(bad |= mia_cup_may_sleep(&cup, 60000));
    CORE((void)mia_cup_busy(&cup));
    CORE(mia_cup_forget_owner(&cup));
    CORE(mia_cup_connected(&cup, 3000, 0, 0));
    /* identify, config_changed, owner_changed: release, claim, forget; the claim's two blinks */
    bad |= hooks != 7;
    return bad;
}

int main(int argc, char **argv)
{
    int bad;
    (void)argc;
    (void)argv;
    bad = run_cup();
    printf("stack used (measured): %u bytes, by %s\n", peak, peak_what);
    printf("sizeof(mia_cup) = %u bytes\n", (unsigned)sizeof(mia_cup));
    if (bad) {
        printf("FAIL arm: the minimal cup did not behave\n");
    }
    return bad;
}
