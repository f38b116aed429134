/* SHA-256 against FIPS 180-4 / NIST examples (and the padding edges), HMAC-SHA256 against the
 * seven test cases of RFC 4231 (case 5 truncated to 128 bits, as the ownership proof is), and
 * the constant-time compare. auth.json is checked in test_vectors.c. */
#include <string.h>

#include "../src/mia_sha256.h"
#include "test.h"

static int digest_is(const uint8_t *got, const char *hex, size_t n)
{
    uint8_t want[MIA_SHA256_LEN];
    size_t len = test_unhex(hex, want);
    return len == n && memcmp(got, want, n) == 0;
}

static void sha(const char *msg, const char *hex)
{
    uint8_t out[MIA_SHA256_LEN];
    mia_sha256_digest((const uint8_t *)msg, strlen(msg), out);
    CHECK(digest_is(out, hex, MIA_SHA256_LEN));
}

static void fips_180_examples(void)
{
    /* FIPS 180-4 / NIST CSRC examples: one block, two blocks (448 bits), 896 bits. */
    sha("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    sha("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
        "lmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
    sha("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

static void padding_edges(void)
{
    /* 55 bytes: the length still fits the block; 56: it does not; 64: a whole block. */
    static const char a64[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    uint8_t out[MIA_SHA256_LEN];
    mia_sha256_digest((const uint8_t *)a64, 55, out);
    CHECK(digest_is(out, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318", 32));
    mia_sha256_digest((const uint8_t *)a64, 56, out);
    CHECK(digest_is(out, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a", 32));
    mia_sha256_digest((const uint8_t *)a64, 64, out);
    CHECK(digest_is(out, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb", 32));
}

static void a_million_a_in_pieces(void)
{
    /* FIPS 180-4 / NIST: one million 'a', fed in uneven pieces across block boundaries. */
    uint8_t chunk[1000];
    uint8_t out[MIA_SHA256_LEN];
    mia_sha256 s;
    size_t done = 0;
    size_t piece = 1;
    memset(chunk, 'a', sizeof chunk);
    mia_sha256_init(&s);
    while (done < 1000000u) {
        size_t n = piece;
        if (n > 1000000u - done) {
            n = 1000000u - done;
        }
        mia_sha256_update(&s, chunk, n);
        done += n;
        piece = piece * 7u % 991u + 1u; /* 1..991, uneven */
    }
    mia_sha256_final(&s, out);
    CHECK(digest_is(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", 32));
}

static void hmac_case(const uint8_t *key, size_t key_len, const char *data, const char *hex,
                      size_t n)
{
    uint8_t out[MIA_SHA256_LEN];
    mia_hmac_sha256(key, key_len, (const uint8_t *)data, strlen(data), out);
    CHECK(digest_is(out, hex, n));
}

static void rfc4231(void)
{
    uint8_t key[131];
    char data[51];
    /* 1: a 20-byte key of 0x0b */
    memset(key, 0x0b, 20);
    hmac_case(key, 20, "Hi There",
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", 32);
    /* 2: a key shorter than the output */
    hmac_case((const uint8_t *)"Jefe", 4, "what do ya want for nothing?",
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", 32);
    /* 3: 20 bytes of 0xaa, 50 bytes of 0xdd */
    memset(key, 0xaa, 20);
    memset(data, 0xdd, 50);
    data[50] = '\0';
    hmac_case(key, 20, data, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
              32);
    /* 4: key 01..19, 50 bytes of 0xcd */
    {
        uint8_t i;
        for (i = 0; i < 25; i++) {
            key[i] = (uint8_t)(i + 1u);
        }
    }
    memset(data, 0xcd, 50);
    hmac_case(key, 25, data, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
              32);
    /* 5: truncation to 128 bits */
    memset(key, 0x0c, 20);
    hmac_case(key, 20, "Test With Truncation", "a3b6167473100ee06e0c796c2955552b", 16);
    /* 6: a 131-byte key (hashed first) */
    memset(key, 0xaa, 131);
    hmac_case(key, 131, "Test Using Larger Than Block-Size Key - Hash Key First",
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", 32);
    /* 7: a 131-byte key and data longer than a block */
    hmac_case(key, 131,
              "This is a test using a larger than block-size key and a larger than block-size "
              "data. The key needs to be hashed before being used by the HMAC algorithm.",
              "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2", 32);
}

static void constant_time_compare(void)
{
    uint8_t a[16];
    uint8_t b[16];
    unsigned i;
    memset(a, 0x5a, sizeof a);
    memcpy(b, a, sizeof b);
    CHECK_EQ(mia_equal_ct(a, b, 16), 1);
    CHECK_EQ(mia_equal_ct(a, b, 0), 1);
    for (i = 0; i < 16 * 8; i++) {
        b[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECK_EQ(mia_equal_ct(a, b, 16), 0); /* any one bit, first or last byte alike */
        b[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    mia_wipe(a, sizeof a);
    for (i = 0; i < 16; i++) {
        CHECK_EQ(a[i], 0);
    }
}

void run_sha256_tests(void)
{
    T_CASE("sha256", fips_180_examples);
    T_CASE("sha256", padding_edges);
    T_CASE("sha256", a_million_a_in_pieces);
    T_CASE("sha256", rfc4231);
    T_CASE("sha256", constant_time_compare);
}
