/* Shake detector. See mia_shake.h for the algorithm and README.md for the reasoning. */
#include "mia_shake.h"

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
    c.min_swings = MIA_SHAKE_DEFAULT_MIN_SWINGS;
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
    if (s->cfg.min_swings == 0) {
        s->cfg.min_swings = MIA_SHAKE_DEFAULT_MIN_SWINGS;
    }
}

void mia_shake_init(mia_shake *s, const mia_shake_config *cfg)
{
    s->armed = 1;
    s->phase = MIA_SHAKE_IDLE;
    s->swings = 0;
    s->onset_ms = 0;
    s->last_active_ms = 0;
    s->peak_mg = 0;
    s->last_d_mg = 0;
    s->start_ms = 0;
    s->end_ms = 0;
    s->ended_peak_mg = 0;
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

mia_shake_result mia_shake_tick(mia_shake *s, uint32_t now_ms)
{
    uint32_t quiet = now_ms - s->last_active_ms;
    if (s->phase == MIA_SHAKE_SHAKING && quiet > s->cfg.gap_ms) {
        return end_shake(s);
    }
    if (s->phase == MIA_SHAKE_CANDIDATE && quiet > candidate_gap(s)) {
        s->phase = MIA_SHAKE_IDLE;
    }
    return MIA_SHAKE_NONE;
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

mia_shake_result mia_shake_feed(mia_shake *s, uint32_t now_ms, int16_t x, int16_t y, int16_t z)
{
    uint16_t mag = mia_magnitude_mg(x, y, z);
    uint16_t d = mag >= MIA_ONE_G_MG ? (uint16_t)(mag - MIA_ONE_G_MG)
                                     : (uint16_t)(MIA_ONE_G_MG - mag);
    uint32_t release = (uint32_t)s->cfg.threshold_mg * s->cfg.release_pct / 100u;
    int active = d >= release;
    int swing = s->armed && d >= s->cfg.threshold_mg;
    mia_shake_result result;

    s->last_d_mg = d;
    if (!active) {
        s->armed = 1;
    }
    if (swing) {
        s->armed = 0;
    }

    /* First let time pass up to this sample: a shake whose gap has expired ends here (and
     * this sample may then begin a new candidate). */
    result = mia_shake_tick(s, now_ms);

    if (s->phase == MIA_SHAKE_IDLE) {
        if (swing) {
            s->phase = MIA_SHAKE_CANDIDATE;
            s->onset_ms = now_ms;
            s->last_active_ms = now_ms;
            s->swings = 1;
            s->peak_mg = mag;
        }
        return result;
    }
    if (active) {
        s->last_active_ms = now_ms;
        if (mag > s->peak_mg) {
            s->peak_mg = mag;
        }
    }
    if (s->phase == MIA_SHAKE_CANDIDATE) {
        if (swing && s->swings < 0xFFFFu) {
            s->swings++;
        }
        if (active && s->swings >= s->cfg.min_swings &&
            now_ms - s->onset_ms >= s->cfg.min_duration_ms) {
            s->phase = MIA_SHAKE_SHAKING;
            return MIA_SHAKE_STARTED; /* result is NONE here: the phase was not IDLE */
        }
    }
    return result;
}
