/* X25519 against RFC 7748: the two vectors of section 5.2 and its iterated vector (1 and 1,000
 * iterations; the 1,000 only on the host: -DMIA_TEST_X25519_SHORT, arm.sh, leaves it out), the
 * Diffie-Hellman of section 6.1, clamping, the ignored top bit of u, a u that is not reduced,
 * and the all-zero result of points of small order (section 6.1's check). */
#include <string.h>

#include "../src/mia_x25519.h"
#include "test.h"

static int bytes_are(const uint8_t *got, const char *hex)
{
    uint8_t want[MIA_X25519_LEN];
    return test_unhex(hex, want) == MIA_X25519_LEN && memcmp(got, want, MIA_X25519_LEN) == 0;
}

/* X25519(k, u) == want, and 0 returned (not all zero). */
static void x25519_is(const char *k_hex, const char *u_hex, const char *want)
{
    uint8_t k[MIA_X25519_LEN];
    uint8_t u[MIA_X25519_LEN];
    uint8_t out[MIA_X25519_LEN];
    test_unhex(k_hex, k);
    test_unhex(u_hex, u);
    CHECK_EQ(mia_x25519(out, k, u), 0);
    CHECK(bytes_are(out, want));
}

static void rfc7748_5_2_vectors(void)
{
    x25519_is("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
              "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
              "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    /* its u has the top bit set (0x93): ignored */
    x25519_is("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
              "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
              "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
}

/* k = u = 9; then n times: k, u = X25519(k, u), k. */
static void iterate(unsigned long n, uint8_t k[MIA_X25519_LEN])
{
    uint8_t u[MIA_X25519_LEN] = {9};
    uint8_t r[MIA_X25519_LEN];
    unsigned long i;
    memset(k, 0, MIA_X25519_LEN);
    k[0] = 9;
    for (i = 0; i < n; i++) {
        (void)mia_x25519(r, k, u);
        memcpy(u, k, MIA_X25519_LEN);
        memcpy(k, r, MIA_X25519_LEN);
    }
}

static void rfc7748_5_2_iterated_once(void)
{
    uint8_t k[MIA_X25519_LEN];
    iterate(1, k);
    CHECK(bytes_are(k, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"));
}

#ifndef MIA_TEST_X25519_SHORT
static void rfc7748_5_2_iterated_1000(void)
{
    uint8_t k[MIA_X25519_LEN];
    iterate(1000, k);
    CHECK(bytes_are(k, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"));
}
#endif

static void rfc7748_6_1_diffie_hellman(void)
{
    uint8_t alice[MIA_X25519_LEN];
    uint8_t bob[MIA_X25519_LEN];
    uint8_t alice_pub[MIA_X25519_LEN];
    uint8_t bob_pub[MIA_X25519_LEN];
    uint8_t s1[MIA_X25519_LEN];
    uint8_t s2[MIA_X25519_LEN];
    test_unhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a", alice);
    test_unhex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb", bob);
    mia_x25519_base(alice_pub, alice);
    mia_x25519_base(bob_pub, bob);
    CHECK(bytes_are(alice_pub, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"));
    CHECK(bytes_are(bob_pub, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"));
    CHECK_EQ(mia_x25519(s1, alice, bob_pub), 0);
    CHECK_EQ(mia_x25519(s2, bob, alice_pub), 0);
    CHECK(bytes_are(s1, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"));
    CHECK(bytes_are(s2, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"));
}

static void clamping(void)
{
    /* The scalar of the first vector with the clamped bits turned the other way (bits 0-2
     * and 255 set, 254 cleared) gives the same result, and the caller's bytes stay as given. */
    uint8_t k[MIA_X25519_LEN];
    uint8_t u[MIA_X25519_LEN];
    uint8_t out[MIA_X25519_LEN];
    test_unhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", k);
    test_unhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c", u);
    k[0] |= 0x07u;
    k[31] = (uint8_t)((k[31] | 0x80u) & ~0x40u);
    CHECK_EQ(mia_x25519(out, k, u), 0);
    CHECK(bytes_are(out, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"));
    CHECK_EQ(k[0], 0xa7);
    CHECK_EQ(k[31], 0x84);
}

static void top_bit_of_u_ignored(void)
{
    /* The first vector's u with its top bit set; the second vector's with it cleared. */
    x25519_is("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
              "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1ccc",
              "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    x25519_is("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
              "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a413",
              "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
}

static void u_not_reduced(void)
{
    /* p + 9 = 2^255 - 10 is the base point 9, not reduced: the same public key as 9. */
    static const char *const alice =
        "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    x25519_is(alice, "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
              "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
}

/* Points of small order give an all-zero secret: -1, and out all zero. */
static void all_zero_detected(void)
{
    static const char *const small_order[] = {
        "0000000000000000000000000000000000000000000000000000000000000000", /* 0 */
        "0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p: 0 again */
    };
    static const uint8_t zero[MIA_X25519_LEN] = {0};
    uint8_t k[MIA_X25519_LEN];
    uint8_t u[MIA_X25519_LEN];
    uint8_t out[MIA_X25519_LEN];
    size_t i;
    test_unhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", k);
    for (i = 0; i < sizeof small_order / sizeof small_order[0]; i++) {
        test_unhex(small_order[i], u);
        memset(out, 0xa5, sizeof out);
        CHECK_EQ(mia_x25519(out, k, u), -1);
        CHECK(memcmp(out, zero, sizeof out) == 0);
    }
}

void run_x25519_tests(void)
{
    T_CASE("x25519", rfc7748_5_2_vectors);
    T_CASE("x25519", rfc7748_5_2_iterated_once);
#ifndef MIA_TEST_X25519_SHORT
    T_CASE("x25519", rfc7748_5_2_iterated_1000);
#endif
    T_CASE("x25519", rfc7748_6_1_diffie_hellman);
    T_CASE("x25519", clamping);
    T_CASE("x25519", top_bit_of_u_ignored);
    T_CASE("x25519", u_not_reduced);
    T_CASE("x25519", all_zero_detected);
}
