/* Shake detector: what it measures in each sample (mia_shake.h, steps 1-4): the magnitude, the
 * rails of a clipping sensor, its own 1 g from still spells, and the swing. */
#include "mia_shake_features.h"

/* A still spell longer than this many samples keeps its mean with half the weight. */
#define STILL_N_MAX 4096u
/* Axis values below this are never a rail (the smallest common full scale is +-2 g). */
#define RAIL_MIN_MG 1875u
/* Two reads within this of each other are the same rail (a board's own rounding). */
#define RAIL_TOL_MG 4u
/* The swing's magnitudes are capped here (16 g) so that their squares add up in 32 bits. */
#define SWING_CAP_MG 16000u

/* swing_flags; a swing's side of 1 g is 0 above, 1 below */
#define SW_LAST_LOW 0x01u /* the last motion was below 1 g (the value is the side) */
#define SW_END 0x02u      /* << side: swing_mg[side] holds an end */
#define SW_ONSET 0x08u    /* << side: ... read in the candidate's onset run */

uint32_t mia_isqrt32(uint32_t v)
{
    uint32_t root = 0;
    uint32_t bit = (uint32_t)1 << 30;
    while (bit > v) {
        bit >>= 2;
    }
    while (bit != 0) {
        if (v >= root + bit) {
            v -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return root;
}

uint16_t mia_magnitude_mg(int16_t x, int16_t y, int16_t z)
{
    /* Each square is at most 32768^2 = 2^30, so the sum fits in 32 bits (< 3 * 2^30 + 1). */
    uint32_t sum = (uint32_t)((int32_t)x * x) + (uint32_t)((int32_t)y * y) +
                   (uint32_t)((int32_t)z * z);
    uint32_t m = mia_isqrt32(sum);
    return m > 0xFFFFu ? (uint16_t)0xFFFFu : (uint16_t)m;
}

void mia_shake_set_one_g(mia_shake *s, uint16_t one_g_mg)
{
    if (one_g_mg + MIA_SHAKE_ONE_G_TOLERANCE_MG < MIA_ONE_G_MG ||
        one_g_mg > MIA_ONE_G_MG + MIA_SHAKE_ONE_G_TOLERANCE_MG) {
        return;
    }
    if (one_g_mg != s->one_g_mg) {
        s->one_g_mg = one_g_mg;
        /* The only division outside configuration: once per completed still spell. */
        s->inv_one_g_q12 = (uint16_t)(((uint32_t)MIA_ONE_G_MG << 12) / one_g_mg);
    }
}

void mia_shake_features_init(mia_shake *s)
{
    unsigned i;
    s->one_g_mg = MIA_ONE_G_MG;
    s->inv_one_g_q12 = 1u << 12;
    for (i = 0; i < 2; i++) {
        s->rail_mg[i] = 0;
        s->rail_hits[i] = 0;
    }
    s->still_n = 0;
    s->still_from_ms = 0;
    s->still_sum = 0;
    for (i = 0; i < 3; i++) {
        s->still_min[i] = 0;
        s->still_max[i] = 0;
    }
    for (i = 0; i < 2; i++) {
        s->swing_mg[i] = MIA_ONE_G_MG;
        s->swing_ms[i] = 0;
    }
    s->cross_ms = 0;
    s->swing_flags = 0;
}

/* Is the rail candidate near a full scale of +-2, 4, 8 or 16 g (within 1/16)? */
static int rail_plausible(uint16_t rail)
{
    uint32_t fs;
    for (fs = 2000u; fs <= 16000u; fs <<= 1) {
        if (rail >= fs - fs / 16u && rail <= fs + fs / 16u) {
            return 1;
        }
    }
    return 0;
}

/* Learns the sensor's rail on one side (0: positive readings, 1: negative) from the largest
 * value read there, and says whether m sits on it. A sensor never reads beyond its rail, so a
 * larger value replaces the candidate; a rail is believed once read MIA_SHAKE_RAIL_HITS times
 * and near a full scale. */
static int on_rail(mia_shake *s, unsigned side, uint16_t m)
{
    if (m < RAIL_MIN_MG) {
        return 0;
    }
    if (m > s->rail_mg[side] + RAIL_TOL_MG) {
        s->rail_mg[side] = m;
        s->rail_hits[side] = rail_plausible(m) ? 1u : 0u;
        return 0;
    }
    if (m + RAIL_TOL_MG < s->rail_mg[side] || s->rail_hits[side] == 0) {
        return 0;
    }
    if (s->rail_hits[side] < 0xFFu) {
        s->rail_hits[side]++;
    }
    return s->rail_hits[side] >= MIA_SHAKE_RAIL_HITS;
}

int mia_shake_clipped(mia_shake *s, const int16_t *a)
{
    uint16_t pos = 0, neg = 0;
    unsigned i;
    int c;
    for (i = 0; i < 3; i++) {
        if (a[i] >= 0) {
            pos = (uint16_t)a[i] > pos ? (uint16_t)a[i] : pos;
        } else {
            uint16_t v = (uint16_t)(-(int32_t)a[i]);
            neg = v > neg ? v : neg;
        }
    }
    c = on_rail(s, 0, pos);
    return on_rail(s, 1, neg) || c;
}

static void still_restart(mia_shake *s, uint32_t now_ms, const int16_t *a, uint16_t mag)
{
    unsigned i;
    s->still_from_ms = now_ms;
    s->still_n = 1;
    s->still_sum = mag;
    for (i = 0; i < 3; i++) {
        s->still_min[i] = a[i];
        s->still_max[i] = a[i];
    }
}

/* Calibration at rest: while every axis stays within the still band, average |a|; once the
 * spell has lasted MIA_SHAKE_STILL_MS its mean is this sensor's 1 g in its present orientation,
 * refined every 16 samples while the spell goes on. */
void mia_shake_calibrate(mia_shake *s, uint32_t now_ms, const int16_t *a, uint16_t mag)
{
    unsigned i;
    if (s->still_n == 0) {
        still_restart(s, now_ms, a, mag);
        return;
    }
    for (i = 0; i < 3; i++) {
        int16_t lo = a[i] < s->still_min[i] ? a[i] : s->still_min[i];
        int16_t hi = a[i] > s->still_max[i] ? a[i] : s->still_max[i];
        if ((int32_t)hi - (int32_t)lo > (int32_t)MIA_SHAKE_STILL_BAND_MG) {
            still_restart(s, now_ms, a, mag);
            return;
        }
        s->still_min[i] = lo;
        s->still_max[i] = hi;
    }
    if (s->still_n >= STILL_N_MAX) {
        /* A long spell: halve the count and the sum (same mean), so nothing overflows. */
        s->still_n >>= 1;
        s->still_sum >>= 1;
    }
    s->still_n++;
    s->still_sum += mag;
    if ((s->still_n & 15u) == 0 && now_ms - s->still_from_ms >= MIA_SHAKE_STILL_MS) {
        /* The spell's mean, rounded: one division every 16 samples at rest. */
        mia_shake_set_one_g(s, (uint16_t)((s->still_sum + s->still_n / 2u) / s->still_n));
    }
}

uint16_t mia_shake_scale_q12(uint32_t v, uint16_t inv_q12)
{
    /* v <= 65535 and inv <= 4096000 / 700 < 5852: the product fits in 32 bits. */
    uint32_t r = (v * inv_q12 + 2048u) >> 12;
    return r > 0xFFFFu ? (uint16_t)0xFFFFu : (uint16_t)r;
}

/* Swings a magnitude hides: the hand's acceleration h adds to gravity, and |g + h| cannot fall
 * below 0, so a hand pulling the cup down harder than 1 g reads as a shallow dip. The two ends
 * of a swing of amplitude A along any axis tell it: |a_top|^2 + |a_bottom|^2 = 2 (1 + A^2)
 * (the parallelogram law). A sample on `side` of 1 g is paired with the end of the swing on the
 * other side (read within MIA_SHAKE_SWING_MS). Above 1 g the sample may still be rising to
 * its top, so the pair is a lower bound; below 1 g the bottom may still be coming, and the
 * lower bound takes it as 0: A^2 >= |a_top|^2 / 2 - 1. */
uint16_t mia_shake_swing(const mia_shake *s, uint32_t now_ms, uint16_t mag_cal, unsigned side,
                         int *onset_end)
{
    unsigned other = side ^ 1u;
    uint32_t m = side == 0u && mag_cal < SWING_CAP_MG ? mag_cal : 0u;
    uint32_t e = s->swing_mg[other] > SWING_CAP_MG ? SWING_CAP_MG : s->swing_mg[other];
    uint32_t sum = (m * m + e * e) / 2u; /* each square is under 2^28: the sum fits */
    if ((s->swing_flags & (SW_END << other)) == 0 ||
        now_ms - s->swing_ms[other] > MIA_SHAKE_SWING_MS ||
        sum <= (uint32_t)MIA_ONE_G_MG * MIA_ONE_G_MG) {
        return 0;
    }
    *onset_end = (s->swing_flags & (SW_ONSET << other)) != 0;
    return (uint16_t)mia_isqrt32(sum - (uint32_t)MIA_ONE_G_MG * MIA_ONE_G_MG);
}

void mia_shake_swing_end(mia_shake *s, uint32_t now_ms, uint16_t m, unsigned side, int new_end,
                         int onset_run)
{
    uint32_t crossing = s->quiet_ms - s->last_active_ms;
    if (new_end && side != (s->swing_flags & SW_LAST_LOW) && crossing <= MIA_SHAKE_CROSS_MAX_MS) {
        s->cross_ms = (uint16_t)crossing;
    }
    if (new_end || (side == 0 ? m > s->swing_mg[0] : m < s->swing_mg[1])) {
        s->swing_mg[side] = m;
        s->swing_ms[side] = now_ms;
        s->swing_flags &= (uint8_t) ~(SW_ONSET << side);
        if (onset_run) {
            s->swing_flags |= (uint8_t)(SW_ONSET << side);
        }
    }
    s->swing_flags = (uint8_t)((s->swing_flags & ~SW_LAST_LOW) | (SW_END << side) | side);
}

void mia_shake_swing_onset(mia_shake *s, unsigned side)
{
    s->cross_ms = 0;
    s->swing_flags |= (uint8_t)(SW_ONSET << side);
    s->swing_flags &= (uint8_t) ~(SW_ONSET << (side ^ 1u));
}
