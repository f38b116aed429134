/* SHA-256 and HMAC-SHA256. See mia_sha256.h. */
#include "mia_sha256.h"

static const uint32_t k256[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
    0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
    0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
    0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
    0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
    0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
    0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
    0xc67178f2u};

static uint32_t ror(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32u - n));
}

static uint32_t get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) |
           (uint32_t)p[3];
}

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)((v >> 16) & 0xFFu);
    p[2] = (uint8_t)((v >> 8) & 0xFFu);
    p[3] = (uint8_t)(v & 0xFFu);
}

/* One 64-byte block into the state. v[0..7] are the working variables a..h. */
static void compress(uint32_t h[8], const uint8_t *block)
{
    uint32_t w[16];
    uint32_t v[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        v[i] = h[i];
    }
    for (i = 0; i < 64; i++) {
        uint32_t t1;
        uint32_t t2;
        unsigned j;
        if (i < 16) {
            w[i] = get_be32(block + 4u * i);
        } else {
            uint32_t w15 = w[(i - 15u) & 15u];
            uint32_t w2 = w[(i - 2u) & 15u];
            w[i & 15u] += (ror(w15, 7) ^ ror(w15, 18) ^ (w15 >> 3)) + w[(i - 7u) & 15u] +
                          (ror(w2, 17) ^ ror(w2, 19) ^ (w2 >> 10));
        }
        t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25)) +
             ((v[4] & v[5]) ^ (~v[4] & v[6])) + k256[i] + w[i & 15u];
        t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22)) +
             ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        for (j = 7; j > 0; j--) {
            v[j] = v[j - 1u];
        }
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (i = 0; i < 8; i++) {
        h[i] += v[i];
    }
}

void mia_sha256_init(mia_sha256 *s)
{
    static const uint32_t iv[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                   0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};
    unsigned i;
    for (i = 0; i < 8; i++) {
        s->h[i] = iv[i];
    }
    s->bytes_lo = 0;
    s->bytes_hi = 0;
    s->used = 0;
}

void mia_sha256_update(mia_sha256 *s, const uint8_t *data, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        s->block[s->used++] = data[i];
        if (s->used == MIA_SHA256_BLOCK_LEN) {
            compress(s->h, s->block);
            s->used = 0;
        }
        s->bytes_lo++;
        if (s->bytes_lo == 0) {
            s->bytes_hi++;
        }
    }
}

void mia_sha256_final(mia_sha256 *s, uint8_t out[MIA_SHA256_LEN])
{
    /* The length in bits, big-endian, computed before the padding changes the count. */
    uint32_t bits_hi = (s->bytes_hi << 3) | (s->bytes_lo >> 29);
    uint32_t bits_lo = s->bytes_lo << 3;
    static const uint8_t one = 0x80u;
    static const uint8_t zero = 0x00u;
    uint8_t len_be[8];
    unsigned i;
    put_be32(len_be, bits_hi);
    put_be32(len_be + 4, bits_lo);
    mia_sha256_update(s, &one, 1);
    while (s->used != MIA_SHA256_BLOCK_LEN - 8u) {
        mia_sha256_update(s, &zero, 1);
    }
    mia_sha256_update(s, len_be, 8);
    for (i = 0; i < 8; i++) {
        put_be32(out + 4u * i, s->h[i]);
    }
}

void mia_sha256_digest(const uint8_t *data, size_t len, uint8_t out[MIA_SHA256_LEN])
{
    mia_sha256 s;
    mia_sha256_init(&s);
    mia_sha256_update(&s, data, len);
    mia_sha256_final(&s, out);
}

void mia_wipe(void *p, size_t n)
{
    volatile uint8_t *b = (volatile uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = 0;
    }
}

void mia_hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                     uint8_t out[MIA_SHA256_LEN])
{
    mia_sha256 s;
    uint8_t k[MIA_SHA256_BLOCK_LEN]; /* the key padded to a block, then xored with the pads */
    unsigned i;
    for (i = 0; i < MIA_SHA256_BLOCK_LEN; i++) {
        k[i] = 0;
    }
    if (key_len > MIA_SHA256_BLOCK_LEN) {
        /* (with the one context, not mia_sha256_digest: no second context on the stack) */
        mia_sha256_init(&s);
        mia_sha256_update(&s, key, key_len);
        mia_sha256_final(&s, k);
    } else {
        for (i = 0; i < key_len; i++) {
            k[i] = key[i];
        }
    }
    for (i = 0; i < MIA_SHA256_BLOCK_LEN; i++) {
        k[i] ^= 0x36u; /* ipad */
    }
    mia_sha256_init(&s);
    mia_sha256_update(&s, k, MIA_SHA256_BLOCK_LEN);
    mia_sha256_update(&s, msg, msg_len);
    mia_sha256_final(&s, out);
    for (i = 0; i < MIA_SHA256_BLOCK_LEN; i++) {
        k[i] ^= 0x36u ^ 0x5Cu; /* ipad off, opad on */
    }
    mia_sha256_init(&s);
    mia_sha256_update(&s, k, MIA_SHA256_BLOCK_LEN);
    mia_sha256_update(&s, out, MIA_SHA256_LEN);
    mia_sha256_final(&s, out);
    mia_wipe(k, sizeof k);
    mia_wipe(&s, sizeof s);
}

int mia_equal_ct(const uint8_t *a, const uint8_t *b, size_t n)
{
    volatile uint8_t diff = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        diff = (uint8_t)(diff | (a[i] ^ b[i]));
    }
    return diff == 0;
}
