/* Host harness for the X25519 interop test (test/unit/firmware-protocol/x25519-interop.test.ts,
 * against Node's WebCrypto). Reads lines on stdin and answers each with one line:
 *   base <scalar>            ->  <public key>                    (mia_x25519_base)
 *   shared <scalar> <point>  ->  <shared secret> <0 or -1>       (mia_x25519)
 * All values are 32 bytes in hex, little-endian as in RFC 7748 and WebCrypto's "raw" keys.
 * A line it cannot read is answered "error". Built by test.sh (and `test.sh host`). */
#include <stdio.h>
#include <string.h>

#include "../src/mia_x25519.h"

/* 64 hex digits at *s into out; moves *s past them and the spaces after. 0, or -1. */
static int read_key(const char **s, uint8_t out[MIA_X25519_LEN])
{
    size_t i;
    for (i = 0; i < MIA_X25519_LEN; i++) {
        unsigned v;
        if (sscanf(*s, "%2x", &v) != 1) {
            return -1;
        }
        out[i] = (uint8_t)v;
        *s += 2;
    }
    while (**s == ' ') {
        (*s)++;
    }
    return 0;
}

static void put_key(const uint8_t k[MIA_X25519_LEN])
{
    size_t i;
    for (i = 0; i < MIA_X25519_LEN; i++) {
        printf("%02x", k[i]);
    }
}

int main(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin) != NULL) {
        uint8_t scalar[MIA_X25519_LEN];
        uint8_t point[MIA_X25519_LEN];
        uint8_t out[MIA_X25519_LEN];
        const char *s = line;
        if (strncmp(s, "base ", 5) == 0 && (s += 5, read_key(&s, scalar) == 0)) {
            mia_x25519_base(out, scalar);
            put_key(out);
            printf("\n");
        } else if (strncmp(s, "shared ", 7) == 0 && (s += 7, read_key(&s, scalar) == 0) &&
                   read_key(&s, point) == 0) {
            int status = mia_x25519(out, scalar, point);
            put_key(out);
            printf(" %d\n", status);
        } else {
            printf("error\n");
        }
    }
    return 0;
}
