/*
 * The Puck.js glue (mia_puck.h): one entry point over every mia_cup_* call a board makes, the
 * hooks answered from and into the caller's block. Built by build.sh into a position-independent
 * Thumb blob with mia_puck_call at offset 0.
 */
#include <stddef.h>
#include <stdint.h>

#include "../../../reference/src/mia_cup.h"
#include "mia_puck.h"

/* The layout is fixed by numbers (the JavaScript side uses the same ones): check it fits. */
typedef char mia_puck_cup_fits[(MIA_PUCK_CUP % 8 == 0 && MIA_PUCK_IO + MIA_PUCK_IO_LEN <=
                                MIA_PUCK_CUP && MIA_PUCK_KEY + MIA_AUTH_LEN <= MIA_PUCK_IO &&
                                MIA_PUCK_CONFIG + MIA_CONFIG_LEN <= MIA_PUCK_KEY &&
                                MIA_PUCK_SETUP_CONFIG + MIA_CONFIG_LEN <= MIA_PUCK_IO_LEN &&
                                sizeof(mia_cup) <= MIA_PUCK_CUP_ROOM &&
                                MIA_X25519_LEN <= MIA_PUCK_RANDOM_LEN)
                                   ? 1
                                   : -1];

/* The compiler turns struct copies and byte loops into calls to these (no libc here). */
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);

void *memcpy(void *dst, const void *src, size_t n)
{
    return memmove(dst, src, n);
}

void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d < s) {
        while (n-- > 0) {
            *d++ = *s++;
        }
    } else {
        while (n-- > 0) {
            d[n] = s[n];
        }
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    while (n-- > 0) {
        *d++ = (uint8_t)c;
    }
    return dst;
}

static uint16_t get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static mia_cup *cup_of(uint8_t *block)
{
    return (mia_cup *)(void *)(block + MIA_PUCK_CUP);
}

/* ---------------------------------------------------------------- hooks -> the block */

static void hook_random(void *ctx, uint8_t *buf, size_t len)
{
    uint8_t *block = ctx;
    size_t i;
    for (i = 0; i < len; i++) {
        if (block[MIA_PUCK_RANDOM_USED] < MIA_PUCK_RANDOM_LEN) {
            buf[i] = block[MIA_PUCK_RANDOM + block[MIA_PUCK_RANDOM_USED]++];
        } else {
            buf[i] = 0;
            block[MIA_PUCK_FIRED] |= MIA_PUCK_FIRED_RANDOM_SHORT;
        }
    }
}

static void hook_identify(void *ctx, uint8_t pattern, uint16_t duration_ms)
{
    uint8_t *block = ctx;
    block[MIA_PUCK_FIRED] |= MIA_PUCK_FIRED_IDENTIFY;
    block[MIA_PUCK_IDENTIFY_PATTERN] = pattern;
    block[MIA_PUCK_IDENTIFY_MS] = (uint8_t)duration_ms;
    block[MIA_PUCK_IDENTIFY_MS + 1] = (uint8_t)(duration_ms >> 8);
}

static void hook_config_changed(void *ctx, const mia_config *cfg)
{
    uint8_t *block = ctx;
    block[MIA_PUCK_FIRED] |= MIA_PUCK_FIRED_CONFIG;
    (void)mia_encode_config(cfg, block + MIA_PUCK_CONFIG);
}

static void hook_owner_changed(void *ctx, const uint8_t *key)
{
    uint8_t *block = ctx;
    block[MIA_PUCK_FIRED] |= MIA_PUCK_FIRED_OWNER;
    block[MIA_PUCK_OWNER_SET] = key != 0;
    if (key != 0) {
        memcpy(block + MIA_PUCK_KEY, key, MIA_AUTH_LEN);
    }
}

/* The hooks' addresses are computed here, relative to where the code runs now, and the ctx is
 * where the block is now: both are set again at every call. */
static void attach(mia_cup_setup *s, uint8_t *block)
{
    s->random = hook_random;
    s->identify = hook_identify;
    s->config_changed = hook_config_changed;
    s->owner_changed = hook_owner_changed;
    s->ctx = block;
}

static void init(uint8_t *block, uint32_t now_ms)
{
    const uint8_t *in = block + MIA_PUCK_IO;
    mia_cup_setup s;
    mia_config stored;
    const mia_config *use = 0;
    memset(&s, 0, sizeof s);
    s.fw_major = in[MIA_PUCK_SETUP_FW];
    s.fw_minor = in[MIA_PUCK_SETUP_FW + 1];
    s.fw_patch = in[MIA_PUCK_SETUP_FW + 2];
    s.capabilities = get16(in + MIA_PUCK_SETUP_CAPS);
    memcpy(s.device_id, in + MIA_PUCK_SETUP_ID, sizeof s.device_id);
    s.accel_rate_hz = get16(in + MIA_PUCK_SETUP_RATE);
    s.lid.mode = in[MIA_PUCK_SETUP_LID_MODE];
    s.lid.invert = in[MIA_PUCK_SETUP_INVERT];
    s.lid.open_level = get16(in + MIA_PUCK_SETUP_OPEN);
    s.lid.closed_level = get16(in + MIA_PUCK_SETUP_CLOSED);
    s.owner_key = in[MIA_PUCK_SETUP_HAS_KEY] ? block + MIA_PUCK_KEY : 0;
    s.woke_from_sleep = in[MIA_PUCK_SETUP_WOKE] != 0;
    /* s.protocol_minor stays 0: the newest protocol (1.2) */
    attach(&s, block);
    if (in[MIA_PUCK_SETUP_HAS_CONFIG] &&
        mia_decode_config(in + MIA_PUCK_SETUP_CONFIG, MIA_CONFIG_LEN, &stored) == MIA_ACCEPT) {
        use = &stored;
    }
    mia_cup_init(cup_of(block), &s, use, now_ms);
}

/* First in the blob (blob.ld); the same function, exported, in the tests' WebAssembly build. */
#if defined(__arm__)
#define MIA_PUCK_ENTRY __attribute__((section(".text.mia_puck_entry")))
#else
#define MIA_PUCK_ENTRY __attribute__((export_name("mia_puck_call")))
#endif

MIA_PUCK_ENTRY int mia_puck_call(unsigned char *block, int op, int a, int b)
{
    mia_cup *cup = cup_of(block);
    uint8_t *io = block + MIA_PUCK_IO;
    uint32_t now = (uint32_t)a;
    block[MIA_PUCK_RANDOM_USED] = 0;
    block[MIA_PUCK_FIRED] = 0;
    if (op != MIA_PUCK_OP_CUP_SIZE && op != MIA_PUCK_OP_INIT) {
        attach(&cup->setup, block);
    }
    switch (op) {
    case MIA_PUCK_OP_CUP_SIZE:
        return (int)sizeof(mia_cup);
    case MIA_PUCK_OP_INIT:
        init(block, now);
        return 0;
    case MIA_PUCK_OP_ACCEL:
        /* through uintptr_t: a cast from a byte pointer would discard nothing, but C99 has no
         * implicit conversion to a pointer to an array of const */
        mia_cup_accel_fifo(cup, now, (const int16_t(*)[3])(uintptr_t)io, (size_t)b);
        return 0;
    case MIA_PUCK_OP_LID:
        mia_cup_lid(cup, now, (uint16_t)b);
        return 0;
    case MIA_PUCK_OP_TICK:
        mia_cup_tick(cup, now);
        return 0;
    case MIA_PUCK_OP_BATTERY:
        mia_cup_set_battery(cup, (uint8_t)a, b != 0);
        return 0;
    case MIA_PUCK_OP_CONNECTED:
        mia_cup_connected(cup, now, b != 0, b == 2 ? io : 0);
        return 0;
    case MIA_PUCK_OP_SUBSCRIBE:
        mia_cup_subscribe(cup, (mia_chr)a, b != 0);
        return 0;
    case MIA_PUCK_OP_WRITE:
        return mia_cup_control_write(cup, now, io, (size_t)b);
    case MIA_PUCK_OP_SHOULD_DROP:
        return mia_cup_should_disconnect(cup, now) != 0;
    case MIA_PUCK_OP_FORGET_OWNER:
        mia_cup_forget_owner(cup);
        return 0;
    case MIA_PUCK_OP_READ_INFO:
        return (int)mia_cup_read_info(cup, io);
    case MIA_PUCK_OP_READ_STATE:
        return (int)mia_cup_read_state(cup, now, io);
    case MIA_PUCK_OP_READ_ADVERT:
        return (int)mia_cup_read_advert(cup, io);
    case MIA_PUCK_OP_NEXT: {
        mia_chr chr = MIA_CHR_EVENTS;
        size_t n = mia_cup_next_notification(cup, now, &chr, io);
        return n == 0 ? 0 : (int)(n | (size_t)chr << 8);
    }
    case MIA_PUCK_OP_MAY_SLEEP:
        return mia_cup_may_sleep(cup, now) != 0;
    case MIA_PUCK_OP_BUSY:
        return mia_cup_busy(cup) != 0;
    case MIA_PUCK_OP_CLAIM_BUTTON:
        mia_cup_claim_button(cup, now);
        return 0;
    default:
        return -1;
    }
}
