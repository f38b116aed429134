/* Helpers shared by the tests: the board's random hook, seeded (so every run draws the same
 * boot ids and challenges), with scripted bytes that come first when a test needs a given
 * challenge. */
#include "test.h"

mia_cup test_cup_;

static uint32_t rng_state = 0x9e3779b9u;
static uint8_t script[128]; /* 8 challenges (ownership.json) */
static size_t script_len;
static size_t script_pos;
static unsigned long rng_calls;

void test_rng_seed(uint32_t seed)
{
    rng_state = seed != 0 ? seed : 1u;
    script_len = 0;
    script_pos = 0;
    rng_calls = 0;
}

void test_rng_script(const uint8_t *bytes, size_t n)
{
    size_t i;
    script_len = 0;
    script_pos = 0;
    for (i = 0; i < n && i < sizeof script; i++) {
        script[script_len++] = bytes[i];
    }
}

unsigned long test_rng_calls(void)
{
    return rng_calls;
}

void test_rng(void *ctx, uint8_t *buf, size_t len)
{
    size_t i;
    (void)ctx;
    rng_calls++;
    for (i = 0; i < len; i++) {
        if (script_pos < script_len) {
            buf[i] = script[script_pos++];
            continue;
        }
        rng_state ^= rng_state << 13;
        rng_state ^= rng_state >> 17;
        rng_state ^= rng_state << 5;
        buf[i] = (uint8_t)(rng_state >> 24);
    }
}

size_t test_unhex(const char *hex, uint8_t *out)
{
    size_t n = 0;
    while (hex[0] != '\0' && hex[1] != '\0') {
        unsigned v = 0;
        int i;
        if (hex[0] == ' ') {
            hex++;
            continue;
        }
        for (i = 0; i < 2; i++) {
            char ch = hex[i];
            v = v * 16u + (unsigned)(ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10);
        }
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}
