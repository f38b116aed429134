/* X25519 (RFC 7748). See mia_x25519.h.
 *
 * A field element mod p = 2^255 - 19 is 16 limbs of 16 bits, least significant first: value
 * = sum of l[i] * 2^(16 i). Every stored element has limbs below 2^16 (so a product of two
 * limbs fits 32 bits) and a value below 2^256, not necessarily below p; only fe_pack reduces
 * fully. 2^256 = 2 * 2^255 = 38 (mod p) folds the top of a product back to the bottom.
 * Loops and branches depend only on loop counters, never on the data. */
#include "mia_x25519.h"

#include "mia_sha256.h" /* mia_wipe */

typedef uint16_t fe[16];

/* Limb i of p: 0xffed, 0xffff (x 14), 0x7fff. */
static uint32_t fe_p(unsigned i)
{
    return i == 0 ? 0xffedu : i == 15u ? 0x7fffu : 0xffffu;
}

/* Each operation leaves its 16 low limbs in a (below 2^16 each) and returns here what carried
 * out of limb 15 (top, below 2^26), worth top * 2^256 = 38 top. Two passes fold it in: after
 * the first, at most 1 carries out again, and only when the sum wrapped past 2^256, which
 * leaves a small value; so the 38 of the second pass carries out no more. */
static void fe_fold(fe a, uint32_t top)
{
    unsigned pass;
    unsigned i;
    for (pass = 0; pass < 2u; pass++) {
        uint32_t c = 38u * top;
        for (i = 0; i < 16u; i++) {
            c += a[i];
            a[i] = (uint16_t)(c & 0xffffu);
            c >>= 16;
        }
        top = c;
    }
}

static void fe_add(fe out, const fe a, const fe b)
{
    uint32_t c = 0;
    unsigned i;
    for (i = 0; i < 16u; i++) {
        c += (uint32_t)a[i] + b[i];
        out[i] = (uint16_t)(c & 0xffffu);
        c >>= 16;
    }
    fe_fold(out, c);
}

/* a - b + 4p: 4p's limbs (0x3ffb4, 0x3fffc x 14, 0x1fffc) are each at least 0xffff, so no
 * limb goes below zero. */
static void fe_sub(fe out, const fe a, const fe b)
{
    uint32_t c = 0;
    unsigned i;
    for (i = 0; i < 16u; i++) {
        c += (uint32_t)a[i] + 4u * fe_p(i) - b[i];
        out[i] = (uint16_t)(c & 0xffffu);
        c >>= 16;
    }
    fe_fold(out, c);
}

/* Column by column (product scanning): limb i gets column i (a[j] b[i - j]) plus 38 times
 * column i + 16 (a[j] b[i + 16 - j], worth 2^256 more). Each product is below 2^32; its low
 * and high 16 bits are summed apart in 32-bit words (a Cortex-M0 has no 64-bit add to keep
 * in registers), and a column hands its low 16 bits to limb i and carries the rest to the
 * next. out may be a or b. */
static void fe_mul(fe out, const fe a, const fe b)
{
    fe r;
    uint32_t lo = 0; /* column i: the carry in, then the low halves */
    uint32_t hi = 0; /* column i + 16 */
    uint32_t c = 0;
    unsigned i;
    unsigned j;
    for (i = 0; i < 16u; i++) {
        uint32_t lo_high = 0; /* the high halves, worth 2^16 more */
        uint32_t hi_high = 0;
        for (j = 0; j <= i; j++) {
            uint32_t p = (uint32_t)a[j] * b[i - j];
            lo += p & 0xffffu;
            lo_high += p >> 16;
        }
        for (j = i + 1u; j < 16u; j++) {
            uint32_t p = (uint32_t)a[j] * b[16u + i - j];
            hi += p & 0xffffu;
            hi_high += p >> 16;
        }
        c += (lo & 0xffffu) + 38u * (hi & 0xffffu);
        r[i] = (uint16_t)(c & 0xffffu);
        c >>= 16;
        lo = (lo >> 16) + lo_high;
        hi = (hi >> 16) + hi_high;
    }
    /* what lo carries is column 16 (2^256); what hi carries is column 32 (2^512 = 38 2^256) */
    fe_fold(r, c + lo + 38u * hi);
    for (i = 0; i < 16u; i++) {
        out[i] = r[i];
    }
}

/* out = b + a24 a, with a24 = (486662 - 2) / 4 = 121665 = 0x1db41 (RFC 7748): a times 0xdb41
 * plus a shifted up one limb (a[15] shifted out is worth 2^256: 38 a[15] into limb 0), in one
 * carry chain. out may be b, not a. */
static void fe_mul_a24_add(fe out, const fe a, const fe b)
{
    uint32_t c = 0;
    unsigned i;
    for (i = 0; i < 16u; i++) {
        uint32_t p = (uint32_t)a[i] * 0xdb41u;
        c += (p & 0xffffu) + b[i] + (i == 0 ? 38u * a[15] : a[i - 1u]);
        out[i] = (uint16_t)(c & 0xffffu);
        c = (c >> 16) + (p >> 16);
    }
    fe_fold(out, c);
}

/* Swaps a and b when swap is 1, leaves them when 0, with the same operations either way. */
static void fe_cswap(fe a, fe b, uint32_t swap)
{
    uint16_t mask = (uint16_t)(0u - swap);
    unsigned i;
    for (i = 0; i < 16u; i++) {
        uint16_t x = (uint16_t)(mask & (a[i] ^ b[i]));
        a[i] ^= x;
        b[i] ^= x;
    }
}

/* The canonical 32 bytes of a (which is spent): p is subtracted twice where it fits (a
 * stored value is below 2^256 = 2p + 38). Each time a first pass finds whether a >= p (the
 * last borrow), a second subtracts p masked by that: the same operations either way. */
static void fe_pack(uint8_t out[32], fe a)
{
    unsigned pass;
    unsigned i;
    for (pass = 0; pass < 2u; pass++) {
        uint32_t borrow = 0;
        uint32_t mask;
        for (i = 0; i < 16u; i++) {
            borrow = ((uint32_t)a[i] - fe_p(i) - borrow) >> 31;
        }
        mask = borrow - 1u; /* all ones when a >= p */
        borrow = 0;
        for (i = 0; i < 16u; i++) {
            uint32_t x = (uint32_t)a[i] - (fe_p(i) & mask) - borrow;
            a[i] = (uint16_t)(x & 0xffffu);
            borrow = x >> 31;
        }
    }
    for (i = 0; i < 16u; i++) {
        out[2u * i] = (uint8_t)(a[i] & 0xffu);
        out[2u * i + 1u] = (uint8_t)(a[i] >> 8);
    }
}

/* The ladder's state: the input point, the two points (x2:z2) and (x3:z3), a temporary. */
typedef struct {
    fe x1;
    fe x2;
    fe z2;
    fe x3;
    fe z3;
    fe t0;
} ladder;

/* One ladder step (RFC 7748 section 5), in place with one temporary:
 * A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3, DA = D A, CB = C B,
 * x3 = (DA + CB)^2, z3 = x1 (DA - CB)^2, AA = A^2, BB = B^2, E = AA - BB,
 * x2 = AA BB, z2 = E (AA + a24 E). */
static void ladder_step(ladder *s)
{
    fe_add(s->t0, s->x2, s->z2); /* t0 = A */
    fe_sub(s->x2, s->x2, s->z2); /* x2 = B */
    fe_add(s->z2, s->x3, s->z3); /* z2 = C */
    fe_sub(s->x3, s->x3, s->z3); /* x3 = D */
    fe_mul(s->z3, s->x3, s->t0); /* z3 = DA */
    fe_mul(s->x3, s->z2, s->x2); /* x3 = CB */
    fe_add(s->z2, s->z3, s->x3); /* z2 = DA + CB */
    fe_sub(s->z3, s->z3, s->x3); /* z3 = DA - CB */
    fe_mul(s->x3, s->z2, s->z2);
    fe_mul(s->z3, s->z3, s->z3);
    fe_mul(s->z3, s->z3, s->x1);
    fe_mul(s->t0, s->t0, s->t0); /* t0 = AA */
    fe_mul(s->x2, s->x2, s->x2); /* x2 = BB */
    fe_sub(s->z2, s->t0, s->x2); /* z2 = E */
    fe_mul(s->x2, s->x2, s->t0);
    fe_mul_a24_add(s->t0, s->z2, s->t0);
    fe_mul(s->z2, s->z2, s->t0);
}

/* Bit t of the clamped scalar: bit 254 set, bits 0-2 (and 255) clear. The branches test t,
 * which is public. */
static uint32_t scalar_bit(const uint8_t k[32], unsigned t)
{
    if (t == 254u) {
        return 1;
    }
    if (t < 3u) {
        return 0;
    }
    return (uint32_t)(k[t >> 3] >> (t & 7u)) & 1u;
}

int mia_x25519(uint8_t out[MIA_X25519_LEN], const uint8_t scalar[MIA_X25519_LEN],
               const uint8_t point[MIA_X25519_LEN])
{
    ladder s;
    uint32_t swap = 0;
    uint32_t any = 0;
    unsigned i;
    for (i = 0; i < 16u; i++) {
        s.x1[i] = (uint16_t)(point[2u * i] | (point[2u * i + 1u] << 8));
        s.x2[i] = 0;
        s.z2[i] = 0;
        s.z3[i] = 0;
    }
    s.x1[15] &= 0x7fffu; /* the top bit of u is ignored */
    s.x2[0] = 1;
    s.z3[0] = 1;
    for (i = 0; i < 16u; i++) {
        s.x3[i] = s.x1[i];
    }
    for (i = 255; i-- > 0;) {
        uint32_t bit = scalar_bit(scalar, i);
        swap ^= bit;
        fe_cswap(s.x2, s.x3, swap);
        fe_cswap(s.z2, s.z3, swap);
        swap = bit;
        ladder_step(&s);
    }
    fe_cswap(s.x2, s.x3, swap);
    fe_cswap(s.z2, s.z3, swap);

    /* x2 / z2 = x2 z2^(p - 2). p - 2 = 2^255 - 21: bits 254..0 are all set but bits 4 and 2.
     * The exponent is public, so the square-and-multiply may branch on it. */
    for (i = 0; i < 16u; i++) {
        s.t0[i] = s.z2[i];
    }
    for (i = 254; i-- > 0;) {
        fe_mul(s.t0, s.t0, s.t0);
        if (i != 4u && i != 2u) {
            fe_mul(s.t0, s.t0, s.z2);
        }
    }
    fe_mul(s.x2, s.x2, s.t0);
    fe_pack(out, s.x2);
    mia_wipe(&s, sizeof s);

    for (i = 0; i < MIA_X25519_LEN; i++) {
        any |= out[i];
    }
    /* any - 1 wraps to all ones only when every byte was zero */
    return -(int)(((any - 1u) >> 8) & 1u);
}

void mia_x25519_base(uint8_t out[MIA_X25519_LEN], const uint8_t scalar[MIA_X25519_LEN])
{
    static const uint8_t nine[MIA_X25519_LEN] = {9};
    (void)mia_x25519(out, scalar, nine);
}
