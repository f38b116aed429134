/* Shake detector. See mia_shake.h for the algorithm and README.md for the reasoning; what it
 * measures in each sample (rails, its own 1 g, the swing) is in mia_shake_features.c. */
#include "mia_shake.h"
#include "mia_shake_features.h"

/* flags: the sample clock and the current run of active samples */
#define F_SEEN 0x01u       /* a sample has been fed */
#define F_RUN_STRONG 0x02u /* the current run of active samples has a strong sample */
#define F_RUN_MOTION 0x04u /* the current run has lasted MIA_SHAKE_SPIKE_MS: it is motion */
#define F_RUN_FIRM 0x08u   /* ... a strong sample that may confirm (not the onset's own swing) */
#define F_IN_RUN 0x10u     /* the previous sample was active: this one continues its run */
#define F_ONSET_RUN 0x20u  /* the current run is the candidate's onset run */

/* A sample interval longer than this (the sensor stopped) counts as this much motion. */
#define MOTION_DT_CAP_MS 100u

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

void mia_shake_init(mia_shake *s, const mia_shake_config *cfg)
{
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
    mia_shake_features_init(s);
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

/* A pause of `pause` ms in the motion: a shake ends once it exceeds the gap plus the time the
 * shake's swing takes to cross 1 g (the cup moving through the middle of its swing is not a
 * pause); a candidate whose quiet spell it exceeds is dropped. */
static mia_shake_result pause_for(mia_shake *s, uint32_t pause)
{
    if (s->phase == MIA_SHAKE_SHAKING && pause > (uint32_t)s->cfg.gap_ms + s->cross_ms) {
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

/* A candidate begins (or begins again) at the first strong sample of this run. */
static void start_candidate(mia_shake *s, uint32_t now_ms, unsigned side)
{
    s->phase = MIA_SHAKE_CANDIDATE;
    s->onset_ms = s->run_strong_ms;
    s->last_active_ms = now_ms;
    s->peak_mg = s->run_peak_mg;
    s->active_ms = (uint16_t)(now_ms - s->onset_ms); /* within this run: a few samples */
    s->flags |= F_ONSET_RUN;
    mia_shake_swing_onset(s, side);
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
    unsigned side;
    int clip, active, strong, firm, became_motion, strong_event;

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
    clip = mia_shake_clipped(s, a);
    mia_shake_calibrate(s, now_ms, a, mag);
    mag_cal = mia_shake_scale_q12(mag, s->inv_one_g_q12);
    d = mia_shake_scale_q12(mag >= s->one_g_mg ? (uint32_t)(mag - s->one_g_mg)
                                               : (uint32_t)(s->one_g_mg - mag),
                            s->inv_one_g_q12);
    if (clip && d < s->cfg.threshold_mg) {
        d = s->cfg.threshold_mg; /* it went at least as far as the sensor can tell */
    }
    side = mag_cal < MIA_ONE_G_MG ? 1u : 0u;
    strong = d >= s->cfg.threshold_mg;
    firm = strong;
    if (!strong && d >= s->release_mg / 2u) {
        /* Under the threshold but well away from 1 g: it may be the far end of a swing. */
        int onset_end = 0;
        uint16_t amp = mia_shake_swing(s, now_ms, mag_cal, side, &onset_end);
        if (amp > d) {
            d = amp;
            strong = d >= s->cfg.threshold_mg;
            /* the other end of the onset's own swing does not confirm it: the next swing does */
            firm = strong && !onset_end;
        }
    }
    active = d >= s->release_mg;
    s->last_d_mg = d;

    if (!active) {
        /* A pause runs from the first quiet sample to the latest one: what the samples show
         * for certain, whatever their spacing. */
        if ((s->flags & F_IN_RUN) != 0 || s->phase == MIA_SHAKE_IDLE) {
            s->pause_from_ms = now_ms;
        }
        s->quiet_ms = now_ms;
        s->flags &= (uint8_t) ~(F_IN_RUN | F_RUN_STRONG | F_RUN_MOTION | F_RUN_FIRM | F_ONSET_RUN);
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
    if (firm) {
        s->flags |= F_RUN_FIRM;
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
        if ((s->flags & F_RUN_STRONG) != 0) {
            start_candidate(s, now_ms, side);
        }
    }
    mia_shake_swing_end(s, now_ms, mag_cal, side, became_motion, (s->flags & F_ONSET_RUN) != 0);
    if (s->phase == MIA_SHAKE_IDLE) {
        return MIA_SHAKE_NONE;
    }
    s->last_active_ms = now_ms;
    if (s->run_peak_mg > s->peak_mg) {
        s->peak_mg = s->run_peak_mg;
    }

    /* Confirmation: strong motion at least the minimum duration after the onset, and active
     * for at least a quarter of that time. */
    if (s->phase == MIA_SHAKE_CANDIDATE &&
        (firm || (became_motion && (s->flags & F_RUN_FIRM) != 0)) &&
        now_ms - s->onset_ms >= s->cfg.min_duration_ms && dense(s, now_ms)) {
        s->phase = MIA_SHAKE_SHAKING;
        return MIA_SHAKE_STARTED;
    }
    return MIA_SHAKE_NONE;
}
