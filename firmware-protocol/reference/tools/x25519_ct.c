/* Constant-time check of mia_x25519 under valgrind's memcheck (run by test.sh):
 *   valgrind --error-exitcode=99 x25519_ct        must find nothing
 *   valgrind --error-exitcode=99 x25519_ct leak   must find the two planted leaks
 * The private keys and the peer's public key are marked undefined (as if uninitialised), so
 * memcheck reports every conditional branch and every memory address that depends on them:
 * the two ways a secret shows in timing (no cache, no branch predictor: what remains is an
 * instruction whose time depends on its operands, which the code avoids by using only 32-bit
 * multiplies, adds, shifts and logic). The results are marked defined again before they are
 * compared with RFC 7748 section 6.1, so the check also proves the work was done.
 * `leak` plants a secret-dependent branch and a secret-dependent table index, to show that
 * the check sees them. Host-only, without sanitizers (valgrind and ASan do not mix). */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "../src/mia_x25519.h"

static const uint8_t alice[MIA_X25519_LEN] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
static const uint8_t alice_pub[MIA_X25519_LEN] = {
    0x85, 0x20, 0xf0, 0x09, 0x89, 0x30, 0xa7, 0x54, 0x74, 0x8b, 0x7d, 0xdc, 0xb4, 0x3e, 0xf7, 0x5a,
    0x0d, 0xbf, 0x3a, 0x0d, 0x26, 0x38, 0x1a, 0xf4, 0xeb, 0xa4, 0xa9, 0x8e, 0xaa, 0x9b, 0x4e, 0x6a};
static const uint8_t bob_pub[MIA_X25519_LEN] = {
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
    0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};
static const uint8_t shared[MIA_X25519_LEN] = {
    0x4a, 0x5d, 0x9d, 0x5b, 0xa4, 0xce, 0x2d, 0xe1, 0x72, 0x8e, 0x3b, 0xf4, 0x80, 0x35, 0x0f, 0x25,
    0xe0, 0x7e, 0x21, 0xc9, 0x47, 0xd1, 0x9e, 0x33, 0x76, 0xf0, 0x9b, 0x3c, 0x1e, 0x16, 0x17, 0x42};

static volatile unsigned sink;

/* What a leaky implementation would do: branch on a secret bit (a volatile store, so the
 * compiler cannot turn the branch into arithmetic), index a table by a secret. */
static unsigned planted_leaks(const uint8_t *secret)
{
    static const uint8_t table[256] = {1};
    if (secret[0] & 1u) {
        sink = 1;
    }
    return 1u + table[secret[1]];
}

int main(int argc, char **argv)
{
    uint8_t k[MIA_X25519_LEN];
    uint8_t u[MIA_X25519_LEN];
    uint8_t pub[MIA_X25519_LEN];
    uint8_t secret[MIA_X25519_LEN];
    unsigned leaked = 0;
    int status;

    memcpy(k, alice, sizeof k);
    memcpy(u, bob_pub, sizeof u);
    VALGRIND_MAKE_MEM_UNDEFINED(k, sizeof k);
    VALGRIND_MAKE_MEM_UNDEFINED(u, sizeof u);

    mia_x25519_base(pub, k);
    status = mia_x25519(secret, k, u);
    if (argc > 1 && strcmp(argv[1], "leak") == 0) {
        leaked = planted_leaks(k);
    }

    VALGRIND_MAKE_MEM_DEFINED(pub, sizeof pub);
    VALGRIND_MAKE_MEM_DEFINED(secret, sizeof secret);
    VALGRIND_MAKE_MEM_DEFINED(&status, sizeof status);
    VALGRIND_MAKE_MEM_DEFINED(&leaked, sizeof leaked);
    if (memcmp(pub, alice_pub, sizeof pub) != 0 || memcmp(secret, shared, sizeof secret) != 0 ||
        status != 0) {
        printf("x25519_ct: wrong results\n");
        return 1;
    }
    printf("x25519_ct: RFC 7748 6.1 with secret inputs%s\n", leaked ? ", and planted leaks" : "");
    return 0;
}
