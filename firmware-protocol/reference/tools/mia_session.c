/* mia_host session: one cup on a board, driven by commands on stdin, one a line. Each command
 * is answered with what the cup did, one line each, then a line "." (flushed), so a test can
 * drive it interactively (an auth_prove needs the challenge first). After every command the
 * board takes every notification due at the session's time, and then ends the link if
 * mia_cup_should_disconnect says so ("drop"), as a board does. The test that compares this with
 * the WebAssembly build runs the same language on CupCore (unit test core-session.ts): change
 * both together.
 * Commands (<ms>: the cup's clock, the session's time from then on; hex: bytes as hex):
 *   boot <ms> [seed=N] [caps=N] [rate=N] [hooks=N] [lid=D:I:O:C] [owner=hex] [config=hex]
 *   [minor=N] [woke]: from power-on, the seed (xorshift32, trace_random_bytes), capabilities,
 *   rate, hooks (1 random, 2 identify, 4 config_changed, 8 owner_changed), the lid sensor
 *   (mode 0 digital / 1 analog, invert, levels), the key and Config in flash, the protocol minor
 *   (1: a board that speaks 1.1), a wake. Defaults: seed 0x6d2b79f5, caps 0x7f, rate 100,
 *   hooks 15, lid 0:0:0:0, no key, no Config, minor 0 (1.2).
 *   reboot <ms> [woke]      boots again from what is in flash (the Config with CONFIG_PERSIST)
 *   accel <ms> x y z        fifo <ms> x y z [x y z ...]   lid <ms> r     tick <ms>
 *   wait <ms> <step>        a tick every step ms after the session's time and one at ms, the
 *                           notifications taken after each
 *   battery <pct> <charging>   connect <ms> 0|1 [peer hex, 6 bytes]   sub <chr> 0|1
 *   write <ms> <hex>        a Control write        forget   (mia_cup_forget_owner)
 *   button <ms>  (mia_cup_claim_button)   info   state <ms>   advert   may-sleep <ms>   busy   smp
 * Answers:
 *   notify <chr> <hex>   att <code>   info|state|advert <hex>   may-sleep|busy|smp 0|1   drop
 *   identify <pattern> <ms>   config-changed <hex>   owner-changed <hex>|none   error <what>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mia_session.h"
#include "trace_io.h"

#define MAX_WORDS 100

typedef struct {
    mia_cup cup;
    mia_cup_setup setup;
    uint32_t rng;
    uint32_t now;
    uint8_t key[MIA_AUTH_LEN]; /* the board's flash: the owner key and the Config */
    mia_config config;
    uint8_t has_key, has_config;
} session;

static session s_;
static const char *const chr_names[MIA_CHR_COUNT] = {"none", "events", "state", "reply",
                                                      "telemetry"};

static void put_hex(const char *label, const uint8_t *b, size_t n)
{
    size_t i;
    printf("%s ", label);
    for (i = 0; i < n; i++) {
        printf("%02x", b[i]);
    }
    printf("\n");
}

/* ---------------------------------------------------------------- the board's hooks */

static void hook_random(void *ctx, uint8_t *buf, size_t len)
{
    trace_random_bytes(&((session *)ctx)->rng, buf, len);
}

static void hook_identify(void *ctx, uint8_t pattern, uint16_t duration_ms)
{
    (void)ctx;
    printf("identify %u %u\n", (unsigned)pattern, (unsigned)duration_ms);
}

static void hook_config_changed(void *ctx, const mia_config *cfg)
{
    session *s = ctx;
    uint8_t record[MIA_CONFIG_LEN];
    s->config = *cfg;
    s->has_config = 1;
    put_hex("config-changed", record, mia_encode_config(cfg, record));
}

static void hook_owner_changed(void *ctx, const uint8_t *key)
{
    session *s = ctx;
    s->has_key = key != 0;
    if (key == 0) {
        printf("owner-changed none\n");
        return;
    }
    memcpy(s->key, key, MIA_AUTH_LEN);
    put_hex("owner-changed", key, MIA_AUTH_LEN);
}

/* ---------------------------------------------------------------- commands */

static void init_cup(session *s, int woke)
{
    mia_cup_setup setup = s->setup;
    int persist = (setup.capabilities & MIA_CAP_CONFIG_PERSIST) != 0;
    setup.owner_key = s->has_key ? s->key : 0;
    setup.woke_from_sleep = (uint8_t)woke;
    mia_cup_init(&s->cup, &setup, s->has_config && persist ? &s->config : 0, s->now);
}

/* boot's options; returns 0, or -1 on a bad one. */
static int boot(session *s, char **w, int n)
{
    static const uint8_t id[8] = {0x4d, 0x69, 0x61, 0x43, 0x75, 0x70, 0x00, 0x01};
    unsigned long hooks = 15;
    int woke = 0;
    int i;
    memset(s, 0, sizeof *s);
    s->now = (uint32_t)strtoul(w[1], 0, 0);
    s->rng = 0x6d2b79f5u;
    s->setup.fw_major = 1;
    s->setup.capabilities = 0x7f;
    memcpy(s->setup.device_id, id, sizeof id);
    s->setup.accel_rate_hz = 100;
    for (i = 2; i < n; i++) {
        unsigned mode, inv, open, closed;
        uint8_t record[MIA_CONFIG_LEN];
        if (strncmp(w[i], "seed=", 5) == 0) {
            s->rng = (uint32_t)strtoul(w[i] + 5, 0, 0);
        } else if (strncmp(w[i], "caps=", 5) == 0) {
            s->setup.capabilities = (uint16_t)strtoul(w[i] + 5, 0, 0);
        } else if (strncmp(w[i], "rate=", 5) == 0) {
            s->setup.accel_rate_hz = (uint16_t)strtoul(w[i] + 5, 0, 0);
        } else if (strncmp(w[i], "hooks=", 6) == 0) {
            hooks = strtoul(w[i] + 6, 0, 0);
        } else if (sscanf(w[i], "lid=%u:%u:%u:%u", &mode, &inv, &open, &closed) == 4) {
            s->setup.lid.mode = (uint8_t)mode;
            s->setup.lid.invert = (uint8_t)inv;
            s->setup.lid.open_level = (uint16_t)open;
            s->setup.lid.closed_level = (uint16_t)closed;
        } else if (strncmp(w[i], "owner=", 6) == 0 &&
                   trace_unhex_n(w[i] + 6, s->key, MIA_AUTH_LEN)) {
            s->has_key = 1;
        } else if (strncmp(w[i], "config=", 7) == 0 &&
                   trace_unhex_n(w[i] + 7, record, MIA_CONFIG_LEN)) {
            s->has_config = mia_decode_config(record, MIA_CONFIG_LEN, &s->config) == MIA_ACCEPT;
        } else if (strncmp(w[i], "minor=", 6) == 0) {
            s->setup.protocol_minor = (uint8_t)strtoul(w[i] + 6, 0, 0);
        } else if (strcmp(w[i], "woke") == 0) {
            woke = 1;
        } else {
            return -1;
        }
    }
    s->setup.random = hooks & 1u ? hook_random : 0;
    s->setup.identify = hooks & 2u ? hook_identify : 0;
    s->setup.config_changed = hooks & 4u ? hook_config_changed : 0;
    s->setup.owner_changed = hooks & 8u ? hook_owner_changed : 0;
    s->setup.ctx = s;
    init_cup(s, woke);
    return 0;
}

static mia_chr chr_of(const char *name)
{
    unsigned i;
    for (i = 1; i < MIA_CHR_COUNT; i++) {
        if (strcmp(name, chr_names[i]) == 0) {
            return (mia_chr)i;
        }
    }
    return MIA_CHR_NONE;
}

/* What a board does after each call: send what is due, end a link that must end. */
static void drain(session *s)
{
    uint8_t f[MIA_FRAME_MAX];
    char label[32];
    mia_chr chr;
    size_t n;
    while ((n = mia_cup_next_notification(&s->cup, s->now, &chr, f)) > 0) {
        snprintf(label, sizeof label, "notify %s", chr_names[chr]);
        put_hex(label, f, n);
    }
    if (mia_cup_should_disconnect(&s->cup, s->now)) {
        printf("drop\n");
        mia_cup_connected(&s->cup, s->now, 0, 0);
    }
}

/* A command without a time; returns 1 when it was one. */
static int untimed(session *s, char **w, int n)
{
    uint8_t f[MIA_FRAME_MAX];
    const char *c = w[0];
    if (strcmp(c, "sub") == 0 && n == 3 && chr_of(w[1]) != MIA_CHR_NONE) {
        mia_cup_subscribe(&s->cup, chr_of(w[1]), atoi(w[2]));
    } else if (strcmp(c, "battery") == 0 && n == 3) {
        mia_cup_set_battery(&s->cup, (uint8_t)atoi(w[1]), atoi(w[2]));
    } else if (strcmp(c, "forget") == 0 && n == 1) {
        mia_cup_forget_owner(&s->cup);
    } else if (strcmp(c, "info") == 0 && n == 1) {
        put_hex("info", f, mia_cup_read_info(&s->cup, f));
    } else if (strcmp(c, "advert") == 0 && n == 1) {
        put_hex("advert", f, mia_cup_read_advert(&s->cup, f));
    } else if (strcmp(c, "busy") == 0 && n == 1) {
        printf("busy %d\n", mia_cup_busy(&s->cup) != 0);
    } else if (strcmp(c, "smp") == 0 && n == 1) {
        printf("smp %d\n", mia_cup_smp_allowed(&s->cup) != 0);
    } else {
        return 0;
    }
    return 1;
}

/* wait <ms> <step>: a tick every step ms after the session's time, and one at ms. */
static int wait(session *s, uint32_t t, uint32_t step)
{
    if (step == 0 || t - s->now >= 0x80000000u) {
        return -1;
    }
    while (t - s->now > step) {
        s->now += step;
        mia_cup_tick(&s->cup, s->now);
        drain(s);
    }
    s->now = t;
    mia_cup_tick(&s->cup, t);
    return 0;
}

/* A command with a time (w[1]), which becomes the session's time; returns 0, or -1 when it is
 * not understood. */
static int timed(session *s, char **w, int n)
{
    uint8_t f[64];
    int16_t xyz[32][3];
    size_t len;
    const char *c = w[0];
    uint32_t t = (uint32_t)strtoul(w[1], 0, 0);
    uint32_t before = s->now;
    if (strcmp(c, "boot") == 0) {
        return boot(s, w, n);
    }
    if (strcmp(c, "wait") == 0 && n == 3) {
        return wait(s, t, (uint32_t)strtoul(w[2], 0, 0));
    }
    s->now = t;
    if (strcmp(c, "reboot") == 0 && (n == 2 || (n == 3 && strcmp(w[2], "woke") == 0))) {
        init_cup(s, n == 3);
    } else if (strcmp(c, "accel") == 0 && n == 5) {
        mia_cup_accel(&s->cup, t, (int16_t)atoi(w[2]), (int16_t)atoi(w[3]), (int16_t)atoi(w[4]));
    } else if (strcmp(c, "fifo") == 0 && n >= 5 && (n - 2) % 3 == 0 && (n - 2) / 3 <= 32) {
        int i;
        for (i = 0; i < n - 2; i++) {
            xyz[i / 3][i % 3] = (int16_t)atoi(w[2 + i]);
        }
        mia_cup_accel_fifo(&s->cup, t, (const int16_t(*)[3])xyz, (size_t)(n - 2) / 3);
    } else if (strcmp(c, "lid") == 0 && n == 3) {
        mia_cup_lid(&s->cup, t, (uint16_t)atoi(w[2]));
    } else if (strcmp(c, "tick") == 0 && n == 2) {
        mia_cup_tick(&s->cup, t);
    } else if (strcmp(c, "button") == 0 && n == 2) {
        mia_cup_claim_button(&s->cup, t);
    } else if (strcmp(c, "connect") == 0 && (n == 3 || (n == 4 && trace_unhex_n(w[3], f, 6u)))) {
        mia_cup_connected(&s->cup, t, atoi(w[2]), n == 4 ? f : 0);
    } else if (strcmp(c, "write") == 0 && n == 3 && trace_unhex(w[2], f, sizeof f, &len) == 0) {
        printf("att %u\n", (unsigned)mia_cup_control_write(&s->cup, t, f, len));
    } else if (strcmp(c, "state") == 0 && n == 2) {
        put_hex("state", f, mia_cup_read_state(&s->cup, t, f));
    } else if (strcmp(c, "may-sleep") == 0 && n == 2) {
        printf("may-sleep %d\n", mia_cup_may_sleep(&s->cup, t) != 0);
    } else {
        s->now = before;
        return -1;
    }
    return 0;
}

int session_mode(void)
{
    char line[1024];
    char *w[MAX_WORDS];
    int booted = 0;
    while (fgets(line, sizeof line, stdin) != 0) {
        int n = 0;
        char *p = strtok(line, " \t\r\n");
        while (p != 0 && n < MAX_WORDS) {
            w[n++] = p;
            p = strtok(0, " \t\r\n");
        }
        if (n > 0 && (booted || strcmp(w[0], "boot") == 0) &&
            (untimed(&s_, w, n) || (n >= 2 && timed(&s_, w, n) == 0))) {
            booted = 1;
            drain(&s_);
        } else if (n > 0) {
            printf("error %s\n", w[0]);
        }
        printf(".\n");
        fflush(stdout);
    }
    return 0;
}
