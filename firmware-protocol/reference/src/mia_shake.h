/*
 * Shake detector: accelerometer samples in, "shake started" / "shake ended" out.
 *
 * Portable C99, no heap, no OS, integer arithmetic only (fine on a Cortex-M0+ without an FPU
 * or a divider: the per-sample path has no division). README.md ("How the detectors decide")
 * has the reasoning and the numbers; PROTOCOL.md section 4.6 defines the Config fields.
 *
 * Per sample, from the samples alone:
 *   1. Magnitude |a| (integer square root): the board may sit in the cup at any angle.
 *   2. Calibration at rest. A still spell (each axis within MIA_SHAKE_STILL_BAND_MG for at least
 *      MIA_SHAKE_STILL_MS, mean |a| within 1 g +- MIA_SHAKE_ONE_G_TOLERANCE_MG) gives this
 *      sensor's "1 g" in its present orientation: one_g_mg. Motion is measured against it and in
 *      its units, d = | |a| - one_g | * 1000 / one_g, so offsets (up to 100 mg an axis) and gain
 *      errors (5 %) neither make a cup at rest move nor hide a shake. Until the first still
 *      spell, one_g_mg is 1000 (or what mia_shake_set_one_g gave).
 *   3. Clipping. An axis at the sensor's rail (learned per sign: the largest value read there,
 *      read again at least MIA_SHAKE_RAIL_HITS times, and within 1/16 of +-2, 4, 8 or 16 g)
 *      hides how far the sample went; such a sample counts as reaching the threshold. Its
 *      magnitude is still the one measured: a clipped shake reports a clipped peak.
 *   4. The swing (issue #25). |a| cannot show how hard the hand pulls the cup down: past 1 g
 *      the magnitude folds, and a cup swung up and down at 1.3 g reads 0.2 g at the bottom (0.8 g
 *      from 1 g) and 2.3 g at the top. The two ends of a swing of amplitude A along any axis
 *      tell it, |a_top|^2 + |a_bottom|^2 = 2 (1 + A^2): a sample at least half the active level
 *      from 1 g is paired with the end of the swing on the other side of 1 g (the highest or the
 *      lowest |a| of the last motion run there, read within MIA_SHAKE_SWING_MS), and the
 *      amplitude the pair shows at least (above 1 g: with this sample; below: as if the bottom
 *      were 0, sqrt(|a_top|^2 / 2 - 1)) is its deviation d if larger. So the bottom of a swing
 *      whose top reached 2.21 g is strong, and a swing leaning off vertical (its bottom at
 *      0.4-0.7 g) stays active at its bottom.
 *   5. Levels: d >= threshold is *strong*; d >= release (threshold * release_pct / 100) is
 *      *active*. A run of active samples is *motion* once it spans MIA_SHAKE_SPIKE_MS (from the
 *      quiet sample before it): a die hitting the wall, or a one-sample glitch, is a spike of a
 *      few ms and never becomes motion at 50-100 Hz. (At 25-40 Hz one sample spans the limit;
 *      a sensor that slow averages a few-ms spike away.)
 *   6. Candidate: motion containing a strong sample starts one; its onset is that strong
 *      sample. A pause (from the first quiet sample to the latest one) longer than
 *      min(gap, MIA_SHAKE_CANDIDATE_GAP_MS) drops it.
 *   7. Confirmation ("started"): strong motion at least the minimum shake duration after the
 *      onset, with active samples for at least 1/4 of that time. The other end of the onset's
 *      own swing does not confirm it (one big step of a brisk walk has a strong top and bottom
 *      too); the next swing does. Shaking up and down or side to side swings through strong
 *      samples several times a second; swirling holds them. A knock or the cup set down hard
 *      (impact, bounce, ringing: ~100 ms) never lasts, dice rattling is spikes and too sparse,
 *      a tilt or a carry stays far below the threshold.
 *   8. End ("ended"): a pause longer than the shake gap plus the time the shake's swing last
 *      took to cross 1 g between motion on its two sides (at most MIA_SHAKE_CROSS_MAX_MS: the
 *      cup swinging through the middle at full speed is not pausing). Any active sample, even
 *      a spike, interrupts a pause (dice rattling mid-shake do not split it), but only motion
 *      moves the end: the shake started at the onset and stopped at its last motion sample; the
 *      peak is the largest |a| of its motion, in units of one_g (so in milli-g of the real 1 g).
 *
 * Time: sample times may jitter, come in FIFO batches, or step back a little (a FIFO whose
 * rate differs from the one the board assumed): a time older than the previous sample's is
 * taken as that sample's time. A pause is measured between quiet samples, so sparse samples do
 * not lengthen it. mia_shake_tick ends a shake only once no sample has come for
 * MIA_SHAKE_SILENCE_MS, so ticks between FIFO batches never split one.
 */
#ifndef MIA_SHAKE_H
#define MIA_SHAKE_H

#include <stdint.h>

typedef struct {
    uint16_t threshold_mg;    /* Config: shake threshold (how far from 1 g, step 4) */
    uint16_t min_duration_ms; /* Config: minimum shake duration */
    uint16_t gap_ms;          /* Config: shake gap; a shorter pause keeps one shake */
    uint8_t release_pct;      /* active level, percent of the threshold (1..100) */
} mia_shake_config;

/* The defaults of PROTOCOL.md 4.6, and the core's own tuning. */
#define MIA_SHAKE_DEFAULT_THRESHOLD_MG 1200u
#define MIA_SHAKE_DEFAULT_MIN_DURATION_MS 250u
#define MIA_SHAKE_DEFAULT_GAP_MS 200u
#define MIA_SHAKE_DEFAULT_RELEASE_PCT 50u
#define MIA_SHAKE_CANDIDATE_GAP_MS 250u
#define MIA_ONE_G_MG 1000u
/* A run of active samples shorter than this (from the last quiet sample) is a spike. */
#define MIA_SHAKE_SPIKE_MS 25u
/* mia_shake_tick waits this long after the last sample before ending a shake on time alone. */
#define MIA_SHAKE_SILENCE_MS 500u
/* Calibration: a still spell and how still. */
#define MIA_SHAKE_STILL_MS 400u
#define MIA_SHAKE_STILL_BAND_MG 160u
#define MIA_SHAKE_ONE_G_TOLERANCE_MG 300u
/* The swing (step 4): a sample is paired with the end of the swing on the other side of 1 g
 * read at most this long before it (half a swing of 1.25 Hz). */
#define MIA_SHAKE_SWING_MS 400u
/* A quiet spell between motion on the two sides of 1 g is the swing crossing it, if no longer
 * than this (a 1.5 Hz swing takes about 140 ms). */
#define MIA_SHAKE_CROSS_MAX_MS 150u
/* Clipping: reads of the largest value needed to believe it is the sensor's rail. */
#define MIA_SHAKE_RAIL_HITS 2u

typedef enum {
    MIA_SHAKE_NONE = 0,    /* nothing to report */
    MIA_SHAKE_STARTED = 1, /* a shake was confirmed; it began at onset_ms */
    MIA_SHAKE_ENDED = 2    /* the shake ended; see start_ms, end_ms, ended_peak_mg */
} mia_shake_result;

typedef enum { MIA_SHAKE_IDLE = 0, MIA_SHAKE_CANDIDATE, MIA_SHAKE_SHAKING } mia_shake_phase;

typedef struct {
    mia_shake_config cfg;
    uint16_t release_mg; /* threshold * release_pct / 100: the active level */
    uint8_t phase;       /* mia_shake_phase */
    uint8_t flags;       /* internal: first sample seen, state of the current run, rail */
    uint16_t peak_mg;    /* largest calibrated |a| of the motion since onset_ms */
    uint16_t active_ms;  /* time active since onset_ms (confirmation density) */
    uint16_t last_d_mg;  /* calibrated d of the latest sample (live indicator, idle sleep) */
    uint16_t ended_peak_mg;  /* filled in when MIA_SHAKE_ENDED is returned */
    uint32_t onset_ms;       /* first strong sample of the current candidate or shake */
    uint32_t last_active_ms; /* last motion sample of the current candidate or shake */
    uint32_t start_ms;       /* filled in when MIA_SHAKE_ENDED is returned */
    uint32_t end_ms;
    /* Sample clock and the current run of active samples. */
    uint32_t prev_ms;       /* time of the previous sample */
    uint32_t quiet_ms;      /* time of the last quiet (not active) sample */
    uint32_t pause_from_ms; /* first quiet sample after the last active one */
    uint32_t run_strong_ms; /* first strong sample of the current run */
    uint16_t run_peak_mg;   /* largest calibrated |a| of the current run */
    /* Calibration: this sensor's 1 g, and 1000 / one_g in Q12. */
    uint16_t one_g_mg;
    uint16_t inv_one_g_q12;
    /* Clipping, for positive and negative readings: the rail candidate (largest value read)
     * and how often it was read (0: not near a full scale). */
    uint16_t rail_mg[2];
    uint8_t rail_hits[2];
    /* The still spell being measured: start, samples, sum of |a|, per-axis range. */
    uint16_t still_n;
    uint32_t still_from_ms;
    uint32_t still_sum;
    int16_t still_min[3];
    int16_t still_max[3];
    /* The swing (mia_shake.c, swing_amplitude): its last end above and below 1 g (index 0 and
     * 1: the highest and the lowest calibrated |a| of the last motion run on that side) and
     * when each was read; how long its last crossing of 1 g took. */
    uint16_t swing_mg[2];
    uint16_t cross_ms;
    uint8_t swing_flags; /* internal: which ends are known, which is the onset's own */
    uint32_t swing_ms[2];
} mia_shake;

/* The defaults above. */
mia_shake_config mia_shake_config_default(void);

/* cfg may be 0 (NULL) for the defaults. Out-of-range tuning fields are replaced by defaults. */
void mia_shake_init(mia_shake *s, const mia_shake_config *cfg);

/* Changes the configuration; a shake in progress continues under the new one. Calibration is
 * kept. */
void mia_shake_set_config(mia_shake *s, const mia_shake_config *cfg);

/* Seeds the calibration (for instance a value stored from an earlier boot): the magnitude this
 * sensor reads at rest, in its milli-g. Values outside 1 g +- MIA_SHAKE_ONE_G_TOLERANCE_MG
 * are ignored. The next still spell replaces it. */
void mia_shake_set_one_g(mia_shake *s, uint16_t one_g_mg);

/* One accelerometer sample, x/y/z in milli-g, taken at now_ms (ms since boot; may wrap). */
mia_shake_result mia_shake_feed(mia_shake *s, uint32_t now_ms, int16_t x, int16_t y, int16_t z);

/* Time passing without samples (the accelerometer stopped, or the board is about to sleep):
 * once no sample has come for MIA_SHAKE_SILENCE_MS, ends a shake whose gap has expired and
 * drops a candidate. Returns MIA_SHAKE_ENDED or MIA_SHAKE_NONE. */
mia_shake_result mia_shake_tick(mia_shake *s, uint32_t now_ms);

/* Ends a shake in progress now (returns MIA_SHAKE_ENDED if there was one); drops an
 * unconfirmed candidate. */
mia_shake_result mia_shake_flush(mia_shake *s);

/* Nonzero while a confirmed shake is in progress. */
int mia_shake_is_shaking(const mia_shake *s);

/* Acceleration magnitude sqrt(x^2 + y^2 + z^2) in milli-g, saturated to 65535. */
uint16_t mia_magnitude_mg(int16_t x, int16_t y, int16_t z);

/* Integer square root (floor), exposed for tests. */
uint32_t mia_isqrt32(uint32_t v);

#endif
