/*
 * The reference core as a WebAssembly module: thin exports over every mia_cup_* call a board
 * makes (mia_cup.h), and the board's hooks as imports. Built by build.sh; bound to TypeScript by
 * core.ts.
 *
 * No static state: a cup is sizeof(mia_cup) bytes of linear memory the caller places (export
 * mia_wasm_cup_size / mia_wasm_cup_align; free memory starts at the exported __heap_base), and
 * every call takes its pointer. The hooks' ctx is that pointer, so several cups can share one
 * instance and tell their hooks apart (core.ts gives each cup its own instance instead).
 *
 * Imports (module "mia"), each called from inside the export that causes it:
 *   random(cup, buf, len)          fill len bytes at buf
 *   identify(cup, pattern, ms)     blink (bit 0) / buzz (bit 1)
 *   config_changed(cup, cfg)       cfg: the new Config as its 10-byte record (PROTOCOL.md 4.6)
 *   owner_changed(cup, key)        key: the new 16-byte owner key, or 0 when forgotten
 * mia_wasm_init's `hooks` (MIA_WASM_HOOK_* bits) says which a board has: an absent hook is a
 * NULL hook in the C setup (a cup without random cannot be owned, PROTOCOL.md 6).
 *
 * Buffers passed in and out are plain bytes in linear memory: frames (MIA_FRAME_MAX), the device
 * id (8), the owner key (16), a Config record (10), accelerometer triples (int16 x, y, z), the
 * peer's address (6).
 */
#include <stddef.h>
#include <stdint.h>

#include "../reference/src/mia_cup.h"

#define EXPORT(name) __attribute__((export_name(name)))
#define IMPORT(name) __attribute__((import_module("mia"), import_name(name)))

#define MIA_WASM_HOOK_RANDOM 0x01u
#define MIA_WASM_HOOK_IDENTIFY 0x02u
#define MIA_WASM_HOOK_CONFIG_CHANGED 0x04u
#define MIA_WASM_HOOK_OWNER_CHANGED 0x08u

IMPORT("random") void mia_host_random(void *cup, uint8_t *buf, size_t len);
IMPORT("identify") void mia_host_identify(void *cup, uint32_t pattern, uint32_t duration_ms);
IMPORT("config_changed") void mia_host_config_changed(void *cup, const uint8_t *cfg);
IMPORT("owner_changed") void mia_host_owner_changed(void *cup, const uint8_t *key);

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

/* ---------------------------------------------------------------- hooks -> imports */

static void hook_random(void *ctx, uint8_t *buf, size_t len)
{
    mia_host_random(ctx, buf, len);
}

static void hook_identify(void *ctx, uint8_t pattern, uint16_t duration_ms)
{
    mia_host_identify(ctx, pattern, duration_ms);
}

static void hook_config_changed(void *ctx, const mia_config *cfg)
{
    uint8_t record[MIA_CONFIG_LEN];
    (void)mia_encode_config(cfg, record);
    mia_host_config_changed(ctx, record);
}

static void hook_owner_changed(void *ctx, const uint8_t *key)
{
    mia_host_owner_changed(ctx, key);
}

/* ---------------------------------------------------------------- layout */

EXPORT("mia_wasm_cup_size") uint32_t mia_wasm_cup_size(void)
{
    return (uint32_t)sizeof(mia_cup);
}

/* C99 has no _Alignof: the offset of a cup after one char is its alignment. */
struct mia_wasm_align_probe {
    char c;
    mia_cup cup;
};

EXPORT("mia_wasm_cup_align") uint32_t mia_wasm_cup_align(void)
{
    return (uint32_t)offsetof(struct mia_wasm_align_probe, cup);
}

/* ---------------------------------------------------------------- board -> core */

/* Boots the cup (mia_cup_init). fw: major << 16 | minor << 8 | patch. lid: mode | invert << 8.
 * owner_key: 16 bytes or 0. config: a 10-byte Config record or 0 (one that does not decode, or
 * is out of range, gives the defaults, as mia_cup_init does). minor: the protocol minor (0: the
 * newest; 1: a board that speaks 1.1). */
EXPORT("mia_wasm_init")
void mia_wasm_init(mia_cup *cup, uint32_t fw, uint32_t capabilities, const uint8_t *device_id,
                   uint32_t accel_rate_hz, uint32_t lid, uint32_t open_level,
                   uint32_t closed_level, const uint8_t *owner_key, uint32_t woke_from_sleep,
                   uint32_t minor, const uint8_t *config, uint32_t hooks, uint32_t now_ms)
{
    mia_cup_setup s;
    mia_config stored;
    const mia_config *use = 0;
    size_t i;
    memset(&s, 0, sizeof s);
    s.fw_major = (uint8_t)(fw >> 16);
    s.fw_minor = (uint8_t)(fw >> 8);
    s.fw_patch = (uint8_t)fw;
    s.capabilities = (uint16_t)capabilities;
    for (i = 0; i < sizeof s.device_id; i++) {
        s.device_id[i] = device_id[i];
    }
    s.accel_rate_hz = (uint16_t)accel_rate_hz;
    s.lid.mode = (uint8_t)(lid & 0xFFu);
    s.lid.invert = (uint8_t)((lid >> 8) & 0xFFu);
    s.lid.open_level = (uint16_t)open_level;
    s.lid.closed_level = (uint16_t)closed_level;
    s.owner_key = owner_key;
    s.woke_from_sleep = woke_from_sleep != 0;
    s.protocol_minor = (uint8_t)minor;
    s.random = hooks & MIA_WASM_HOOK_RANDOM ? hook_random : 0;
    s.identify = hooks & MIA_WASM_HOOK_IDENTIFY ? hook_identify : 0;
    s.config_changed = hooks & MIA_WASM_HOOK_CONFIG_CHANGED ? hook_config_changed : 0;
    s.owner_changed = hooks & MIA_WASM_HOOK_OWNER_CHANGED ? hook_owner_changed : 0;
    s.ctx = cup;
    if (config != 0 && mia_decode_config(config, MIA_CONFIG_LEN, &stored) == MIA_ACCEPT) {
        use = &stored;
    }
    mia_cup_init(cup, &s, use, now_ms);
}

EXPORT("mia_wasm_accel")
void mia_wasm_accel(mia_cup *cup, uint32_t now_ms, int32_t x, int32_t y, int32_t z)
{
    mia_cup_accel(cup, now_ms, (int16_t)x, (int16_t)y, (int16_t)z);
}

EXPORT("mia_wasm_accel_fifo")
void mia_wasm_accel_fifo(mia_cup *cup, uint32_t last_ms, const int16_t (*xyz)[3], uint32_t n)
{
    mia_cup_accel_fifo(cup, last_ms, xyz, n);
}

EXPORT("mia_wasm_lid") void mia_wasm_lid(mia_cup *cup, uint32_t now_ms, uint32_t reading)
{
    mia_cup_lid(cup, now_ms, (uint16_t)reading);
}

EXPORT("mia_wasm_tick") void mia_wasm_tick(mia_cup *cup, uint32_t now_ms)
{
    mia_cup_tick(cup, now_ms);
}

EXPORT("mia_wasm_set_battery")
void mia_wasm_set_battery(mia_cup *cup, uint32_t percent, uint32_t charging)
{
    mia_cup_set_battery(cup, (uint8_t)percent, charging != 0);
}

/* peer: the central's address (MIA_PEER_ADDR_LEN bytes) or 0 when not known. */
EXPORT("mia_wasm_connected")
void mia_wasm_connected(mia_cup *cup, uint32_t now_ms, uint32_t connected, const uint8_t *peer)
{
    mia_cup_connected(cup, now_ms, connected != 0, peer);
}

EXPORT("mia_wasm_subscribe") void mia_wasm_subscribe(mia_cup *cup, uint32_t chr, uint32_t on)
{
    mia_cup_subscribe(cup, (mia_chr)chr, on != 0);
}

EXPORT("mia_wasm_control_write")
uint32_t mia_wasm_control_write(mia_cup *cup, uint32_t now_ms, const uint8_t *buf, uint32_t len)
{
    return mia_cup_control_write(cup, now_ms, buf, len);
}

EXPORT("mia_wasm_should_disconnect")
uint32_t mia_wasm_should_disconnect(const mia_cup *cup, uint32_t now_ms)
{
    return mia_cup_should_disconnect(cup, now_ms) != 0;
}

EXPORT("mia_wasm_forget_owner") void mia_wasm_forget_owner(mia_cup *cup)
{
    mia_cup_forget_owner(cup);
}

EXPORT("mia_wasm_claim_button") void mia_wasm_claim_button(mia_cup *cup, uint32_t now_ms)
{
    mia_cup_claim_button(cup, now_ms);
}

EXPORT("mia_wasm_claim_waiting") uint32_t mia_wasm_claim_waiting(const mia_cup *cup)
{
    return mia_cup_claim_waiting(cup) != 0;
}

EXPORT("mia_wasm_smp_allowed") uint32_t mia_wasm_smp_allowed(const mia_cup *cup)
{
    return mia_cup_smp_allowed(cup) != 0;
}

/* ---------------------------------------------------------------- core -> board */

EXPORT("mia_wasm_read_info") uint32_t mia_wasm_read_info(const mia_cup *cup, uint8_t *out)
{
    return (uint32_t)mia_cup_read_info(cup, out);
}

EXPORT("mia_wasm_read_state")
uint32_t mia_wasm_read_state(const mia_cup *cup, uint32_t now_ms, uint8_t *out)
{
    return (uint32_t)mia_cup_read_state(cup, now_ms, out);
}

EXPORT("mia_wasm_read_advert") uint32_t mia_wasm_read_advert(const mia_cup *cup, uint8_t *out)
{
    return (uint32_t)mia_cup_read_advert(cup, out);
}

/* The next notification: its length (0: none) | its mia_chr << 8; the frame in out. */
EXPORT("mia_wasm_next_notification")
uint32_t mia_wasm_next_notification(mia_cup *cup, uint32_t now_ms, uint8_t *out)
{
    mia_chr chr;
    size_t n = mia_cup_next_notification(cup, now_ms, &chr, out);
    return (uint32_t)n | (uint32_t)chr << 8;
}

EXPORT("mia_wasm_may_sleep") uint32_t mia_wasm_may_sleep(const mia_cup *cup, uint32_t now_ms)
{
    return mia_cup_may_sleep(cup, now_ms) != 0;
}

EXPORT("mia_wasm_busy") uint32_t mia_wasm_busy(const mia_cup *cup)
{
    return mia_cup_busy(cup) != 0;
}
