/* Shake detector. See mia_shake.h for the algorithm and README.md for the reasoning. */
#include "mia_shake.h"

/* flags */
#define F_SEEN 0x01u       /* a sample has been fed */
#define F_RUN_STRONG 0x02u /* the current run of active samples has a strong sample */
#define F_RUN_MOTION 0x04u /* the current run has lasted MIA_SHAKE_SPIKE_MS: it is motion */
#define F_IN_RUN 0x10u     /* the previous sample was active: this one continues its run */

/* A sample interval longer than this (the sensor stopped) counts as this much motion. */
#define MOTION_DT_CAP_MS 100u
/* A still spell longer than this many samples keeps its mean with half the weight. */
#define STILL_N_MAX 4096u
/* Axis values below this are never a rail (the smallest common full scale is +-2 g). */
#define RAIL_MIN_MG 1875u
/* Two reads within this of each other are the same rail (a board's own rounding). */
#define RAIL_TOL_MG 4u

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

mia_shake_config mia_shake_config_default(void)
{
    mia_shake_config c;
    c.threshold_mg = MIA_SHAKE_DEFAULT_THRESHOLD_MG;
    c.min_duration_ms = MIA_SHAKE_DEFAULT_MIN_DURATION_MS;
    c.gap_ms = MIA_SHAKE_DEFAULT_GAP_MS;
    c.release_pct = MIA_SHAKE_DEFAULT_RELEASE_PCT;
    return c;
}

void mia_shake_set_config(mia_shake *s, const mia_shake_config *cfg)
{
    s->cfg = cfg != 0 ? *cfg : mia_shake_config_default();
    if (s->cfg.threshold_mg == 0) {
        s->cfg.threshold_mg = MIA_SHAKE_DEFAULT_THRESHOLD_MG;
    }
    if (s->cfg.release_pct == 0 || s->cfg.release_pct > 100) {
        s->cfg.release_pct = MIA_SHAKE_DEFAULT_RELEASE_PCT;
    }
    s->release_mg = (uint16_t)((uint32_t)s->cfg.threshold_mg * s->cfg.release_pct / 100u);
    if (s->release_mg == 0) {
        s->release_mg = 1;
    }
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

void mia_shake_init(mia_shake *s, const mia_shake_config *cfg)
{
    unsigned i;
    s->phase = MIA_SHAKE_IDLE;
    s->flags = 0;
    s->peak_mg = 0;
    s->active_ms = 0;
    s->last_d_mg = 0;
    s->ended_peak_mg = 0;
    s->onset_ms = 0;
    s->last_active_ms = 0;
    s->start_ms = 0;
    s->end_ms = 0;
    s->prev_ms = 0;
    s->quiet_ms = 0;
    s->pause_from_ms = 0;
    s->run_strong_ms = 0;
    s->run_peak_mg = 0;
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
    mia_shake_set_config(s, cfg);
}

static uint32_t candidate_gap(const mia_shake *s)
{
    return s->cfg.gap_ms < MIA_SHAKE_CANDIDATE_GAP_MS ? s->cfg.gap_ms : MIA_SHAKE_CANDIDATE_GAP_MS;
}

static mia_shake_result end_shake(mia_shake *s)
{
    s->start_ms = s->onset_ms;
    s->end_ms = s->last_active_ms;
    s->ended_peak_mg = s->peak_mg;
    s->phase = MIA_SHAKE_IDLE;
    return MIA_SHAKE_ENDED;
}

/* A pause of `pause` ms in the motion: a shake whose gap it exceeds ends, a candidate whose
 * quiet spell it exceeds is dropped. */
static mia_shake_result pause_for(mia_shake *s, uint32_t pause)
{
    if (s->phase == MIA_SHAKE_SHAKING && pause > s->cfg.gap_ms) {
        return end_shake(s);
    }
    if (s->phase == MIA_SHAKE_CANDIDATE && pause > candidate_gap(s)) {
        s->phase = MIA_SHAKE_IDLE;
    }
    return MIA_SHAKE_NONE;
}

mia_shake_result mia_shake_tick(mia_shake *s, uint32_t now_ms)
{
    uint32_t silence = now_ms - s->prev_ms;
    uint32_t quiet = now_ms - s->last_active_ms;
    /* Samples may still be on their way (a FIFO read in batches): only a sensor that has
     * stopped for a while says nothing more is coming. The end time is the last motion
     * either way. */
    if (s->phase == MIA_SHAKE_IDLE || (int32_t)silence < 0 || silence <= MIA_SHAKE_SILENCE_MS ||
        (int32_t)quiet < 0) {
        return MIA_SHAKE_NONE;
    }
    return pause_for(s, quiet);
}

mia_shake_result mia_shake_flush(mia_shake *s)
{
    if (s->phase == MIA_SHAKE_SHAKING) {
        return end_shake(s);
    }
    s->phase = MIA_SHAKE_IDLE;
    return MIA_SHAKE_NONE;
}

int mia_shake_is_shaking(const mia_shake *s)
{
    return s->phase == MIA_SHAKE_SHAKING;
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

static int clipped(mia_shake *s, const int16_t *a)
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
static void calibrate(mia_shake *s, uint32_t now_ms, const int16_t *a, uint16_t mag)
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

static uint16_t scale_q12(uint32_t v, uint16_t inv_q12)
{
    /* v <= 65535 and inv <= 4096000 / 700 < 5852: the product fits in 32 bits. */
    uint32_t r = (v * inv_q12 + 2048u) >> 12;
    return r > 0xFFFFu ? (uint16_t)0xFFFFu : (uint16_t)r;
}

/* A candidate begins (or begins again) at the first strong sample of this run. */
static void start_candidate(mia_shake *s, uint32_t now_ms)
{
    s->phase = MIA_SHAKE_CANDIDATE;
    s->onset_ms = s->run_strong_ms;
    s->last_active_ms = now_ms;
    s->peak_mg = s->run_peak_mg;
    s->active_ms = (uint16_t)(now_ms - s->onset_ms); /* within this run: a few samples */
}

static int dense(const mia_shake *s, uint32_t now_ms)
{
    return (uint32_t)s->active_ms * 4u >= now_ms - s->onset_ms;
}

mia_shake_result mia_shake_feed(mia_shake *s, uint32_t now_ms, int16_t x, int16_t y, int16_t z)
{
    int16_t a[3];
    uint16_t mag = mia_magnitude_mg(x, y, z);
    uint16_t mag_cal, d;
    uint32_t dt, credit;
    int clip, active, strong, became_motion, strong_event;

    a[0] = x;
    a[1] = y;
    a[2] = z;

    /* The clock: a time before the previous sample's is taken as that time. */
    if ((s->flags & F_SEEN) == 0) {
        s->flags |= F_SEEN;
        s->prev_ms = now_ms;
        s->quiet_ms = now_ms;
    } else if ((int32_t)(now_ms - s->prev_ms) < 0) {
        now_ms = s->prev_ms;
    }
    dt = now_ms - s->prev_ms;
    if (dt > MOTION_DT_CAP_MS) {
        dt = MOTION_DT_CAP_MS;
    }
    s->prev_ms = now_ms;

    /* Features: clipping, calibration, the calibrated deviation from 1 g. */
    clip = clipped(s, a);
    calibrate(s, now_ms, a, mag);
    mag_cal = scale_q12(mag, s->inv_one_g_q12);
    d = scale_q12(mag >= s->one_g_mg ? (uint32_t)(mag - s->one_g_mg)
                                     : (uint32_t)(s->one_g_mg - mag),
                  s->inv_one_g_q12);
    if (clip && d < s->cfg.threshold_mg) {
        d = s->cfg.threshold_mg; /* it went at least as far as the sensor can tell */
    }
    s->last_d_mg = d;
    active = d >= s->release_mg;
    strong = d >= s->cfg.threshold_mg;

    if (!active) {
        /* A pause runs from the first quiet sample to the latest one: what the samples show
         * for certain, whatever their spacing. */
        if ((s->flags & F_IN_RUN) != 0 || s->phase == MIA_SHAKE_IDLE) {
            s->pause_from_ms = now_ms;
        }
        s->quiet_ms = now_ms;
        s->flags &= (uint8_t)~(F_IN_RUN | F_RUN_STRONG | F_RUN_MOTION);
        s->run_peak_mg = 0;
        return pause_for(s, now_ms - s->pause_from_ms);
    }

    /* An active sample: it continues (or begins) a run. Even a spike bridges a pause (dice
     * rattling mid-shake), but only motion starts, extends or confirms a shake. */
    s->flags |= F_IN_RUN;
    if (s->phase != MIA_SHAKE_IDLE) {
        credit = s->active_ms + dt; /* time active since the onset */
        s->active_ms = credit > 0xFFFFu ? (uint16_t)0xFFFFu : (uint16_t)credit;
    }
    if (mag_cal > s->run_peak_mg) {
        s->run_peak_mg = mag_cal;
    }
    strong_event = 0;
    if (strong && (s->flags & F_RUN_STRONG) == 0) {
        s->flags |= F_RUN_STRONG;
        s->run_strong_ms = now_ms;
        strong_event = 1;
    }
    became_motion = 0;
    if ((s->flags & F_RUN_MOTION) == 0) {
        if (now_ms - s->quiet_ms < MIA_SHAKE_SPIKE_MS) {
            return MIA_SHAKE_NONE; /* a spike, so far */
        }
        s->flags |= F_RUN_MOTION;
        became_motion = 1;
        strong_event = (s->flags & F_RUN_STRONG) != 0;
    }

    /* A motion sample. */
    if (s->phase == MIA_SHAKE_IDLE ||
        (s->phase == MIA_SHAKE_CANDIDATE && strong_event && !dense(s, now_ms))) {
        /* A new candidate; or one with too little activity since its onset (a knock's
         * ringing, dice rattling) begins again here. */
        if ((s->flags & F_RUN_STRONG) == 0) {
            return MIA_SHAKE_NONE;
        }
        start_candidate(s, now_ms);
    }
    s->last_active_ms = now_ms;
    if (s->run_peak_mg > s->peak_mg) {
        s->peak_mg = s->run_peak_mg;
    }

    /* Confirmation: strong motion at least the minimum duration after the onset, and active
     * for at least a quarter of that time. */
    if (s->phase == MIA_SHAKE_CANDIDATE &&
        (strong || (became_motion && (s->flags & F_RUN_STRONG) != 0)) &&
        now_ms - s->onset_ms >= s->cfg.min_duration_ms && dense(s, now_ms)) {
        s->phase = MIA_SHAKE_SHAKING;
        return MIA_SHAKE_STARTED;
    }
    return MIA_SHAKE_NONE;
}
