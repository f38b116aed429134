/*
 * Shake detector: accelerometer samples in, "shake started" / "shake ended" out.
 *
 * Portable C99, no heap, no OS, integer arithmetic only (fine on a Cortex-M0 without an FPU).
 *
 * How it decides (see README.md for the reasoning):
 *   1. Gravity is tracked per axis by a slow low-pass filter (time constant about half a second,
 *      derived from the sample rate); the dynamic acceleration is the sample minus gravity, so
 *      the cup may be held at any tilt. Its magnitude `d` (milli-g) is what the rest looks at.
 *   2. Hysteresis: `d` must rise above the threshold to count as a swing and fall below the
 *      release level (threshold * release_pct / 100) before the next swing counts.
 *   3. A shake is confirmed ("started") only when there have been at least `min_swings` swings
 *      and the activity has lasted at least `min_duration_ms`. A tap on the table, or the cup
 *      set down hard, is one impact and a bounce or two within ~150 ms: never long enough.
 *      A tilt is one swing that decays: never enough swings.
 *   4. The shake ends when `d` has stayed below the release level for `gap_ms` (the debounce),
 *      so a pause shorter than that keeps one shake. The end is reported with the duration
 *      (first swing to last activity) and the peak `d`.
 */
#ifndef MIA_SHAKE_H
#define MIA_SHAKE_H

#include <stdint.h>

typedef struct {
    uint16_t rate_hz;         /* accelerometer output data rate, 10..1000 */
    uint16_t threshold_mg;    /* a swing is dynamic acceleration above this */
    uint16_t min_duration_ms; /* activity must last this long to be a shake */
    uint16_t gap_ms;          /* a pause shorter than this keeps one shake (debounce) */
    uint8_t release_pct;      /* hysteresis: release level as a percentage of the threshold */
    uint8_t min_swings;       /* swings needed before a shake is confirmed */
} mia_shake_config;

/* Defaults used when a field is 0 (see mia_shake_config_defaults). */
#define MIA_SHAKE_DEFAULT_RATE_HZ 100u
#define MIA_SHAKE_DEFAULT_THRESHOLD_MG 800u
#define MIA_SHAKE_DEFAULT_MIN_DURATION_MS 300u
#define MIA_SHAKE_DEFAULT_GAP_MS 400u
#define MIA_SHAKE_DEFAULT_RELEASE_PCT 50u
#define MIA_SHAKE_DEFAULT_MIN_SWINGS 3u
/* Before a shake is confirmed, a swing must follow the previous one within this many ms
 * (or gap_ms if shorter): isolated knocks spread over a second are not a shake. */
#define MIA_SHAKE_CANDIDATE_GAP_MS 250u

typedef enum {
    MIA_SHAKE_NONE = 0,    /* nothing to report for this sample */
    MIA_SHAKE_STARTED = 1, /* a shake was confirmed at this sample */
    MIA_SHAKE_ENDED = 2    /* the shake in progress ended; see duration_ms and peak_mg */
} mia_shake_result;

typedef enum { MIA_SHAKE_IDLE = 0, MIA_SHAKE_CANDIDATE, MIA_SHAKE_SHAKING } mia_shake_phase;

typedef struct {
    mia_shake_config cfg;
    uint8_t gravity_shift; /* low-pass: g += (a - g) >> shift */
    uint8_t have_gravity;
    uint8_t armed; /* fell below the release level since the last swing */
    uint8_t phase; /* mia_shake_phase */
    int32_t gravity_q8[3];
    uint32_t onset_ms;       /* first swing of the current candidate or shake */
    uint32_t last_active_ms; /* last sample above the release level */
    uint32_t last_swing_ms;
    uint16_t swings;
    uint16_t peak_mg;     /* running peak of d during the candidate or shake */
    uint16_t last_d_mg;   /* d of the last sample (for a live indicator) */
    /* Filled in when MIA_SHAKE_ENDED is returned. */
    uint32_t duration_ms;
    uint16_t ended_peak_mg;
} mia_shake;

/* Fills zero fields of *cfg with the defaults above. */
void mia_shake_config_defaults(mia_shake_config *cfg);

void mia_shake_init(mia_shake *s, const mia_shake_config *cfg);

/* Changes thresholds without losing the gravity estimate; a shake in progress continues. */
void mia_shake_set_config(mia_shake *s, const mia_shake_config *cfg);

/* One accelerometer sample, x/y/z in milli-g, taken at now_ms (ms since boot, may wrap). */
mia_shake_result mia_shake_feed(mia_shake *s, uint32_t now_ms, int16_t x, int16_t y, int16_t z);

/* Time passing without samples (the accelerometer FIFO is idle or the board is about to
 * sleep): ends a shake whose gap has expired. Returns MIA_SHAKE_ENDED or MIA_SHAKE_NONE. */
mia_shake_result mia_shake_tick(mia_shake *s, uint32_t now_ms);

/* Ends a shake in progress now (for example because the lid was lifted): returns
 * MIA_SHAKE_ENDED if there was one, and drops an unconfirmed candidate. */
mia_shake_result mia_shake_flush(mia_shake *s);

/* Nonzero while a confirmed shake is in progress. */
int mia_shake_is_shaking(const mia_shake *s);

/* Integer square root (floor), exposed for tests. */
uint32_t mia_isqrt32(uint32_t v);

#endif
