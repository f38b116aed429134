/*
 * Shake detector: accelerometer samples in, "shake started" / "shake ended" out.
 *
 * Portable C99, no heap, no OS, integer arithmetic only (fine on a Cortex-M0 without an FPU).
 *
 * How it decides (PROTOCOL.md section 4.6 defines the Config fields; README.md has the
 * reasoning):
 *   1. Each sample's deviation d = | |a| - 1000 mg | : how far the acceleration magnitude moves
 *      away from 1 g, in either direction. A cup at rest reads 1 g at any tilt, so d ~ 0.
 *   2. Hysteresis: a "swing" is d rising to the shake threshold or above; the next swing counts
 *      only after d has fallen below the release level (threshold * release_pct / 100). A
 *      sample at or above the release level is "active" (motion).
 *   3. A shake is confirmed ("started") only when there have been at least `min_swings` swings
 *      and the motion, from the first swing, has lasted at least the minimum shake duration.
 *      A tap on the table, or the cup set down hard, is one impact and a bounce within about
 *      150 ms: never long enough. Tilting or lifting the cup stays under the threshold.
 *   4. Before it is confirmed, a candidate dies after a quiet spell of min(gap, 250 ms), so
 *      knocks spread out in time do not add up to a shake.
 *   5. A confirmed shake ends once there has been no active sample for longer than the shake
 *      gap (the debounce), so a pause shorter than the gap keeps one shake. It started at its
 *      first swing and stopped at its last active sample; the peak is the largest acceleration
 *      magnitude |a| seen from the first swing to the last active sample.
 */
#ifndef MIA_SHAKE_H
#define MIA_SHAKE_H

#include <stdint.h>

typedef struct {
    uint16_t threshold_mg;    /* Config: shake threshold (deviation from 1 g) */
    uint16_t min_duration_ms; /* Config: minimum shake duration */
    uint16_t gap_ms;          /* Config: shake gap; a shorter pause keeps one shake */
    uint8_t release_pct;      /* hysteresis: release level, percent of the threshold (1..100) */
    uint8_t min_swings;       /* swings needed before a shake is confirmed (>= 1) */
} mia_shake_config;

/* The defaults of PROTOCOL.md 4.6, and the core's own tuning. */
#define MIA_SHAKE_DEFAULT_THRESHOLD_MG 1200u
#define MIA_SHAKE_DEFAULT_MIN_DURATION_MS 250u
#define MIA_SHAKE_DEFAULT_GAP_MS 200u
#define MIA_SHAKE_DEFAULT_RELEASE_PCT 50u
#define MIA_SHAKE_DEFAULT_MIN_SWINGS 2u
#define MIA_SHAKE_CANDIDATE_GAP_MS 250u
#define MIA_ONE_G_MG 1000u

typedef enum {
    MIA_SHAKE_NONE = 0,    /* nothing to report */
    MIA_SHAKE_STARTED = 1, /* a shake was confirmed; it began at onset_ms */
    MIA_SHAKE_ENDED = 2    /* the shake ended; see start_ms, end_ms, ended_peak_mg */
} mia_shake_result;

typedef enum { MIA_SHAKE_IDLE = 0, MIA_SHAKE_CANDIDATE, MIA_SHAKE_SHAKING } mia_shake_phase;

typedef struct {
    mia_shake_config cfg;
    uint8_t armed; /* d fell below the release level since the last swing */
    uint8_t phase; /* mia_shake_phase */
    uint16_t swings;
    uint32_t onset_ms;       /* first swing of the current candidate or shake */
    uint32_t last_active_ms; /* last sample at or above the release level */
    uint16_t peak_mg;        /* largest |a| since onset_ms */
    uint16_t last_d_mg;      /* d of the latest sample (for a live indicator) */
    /* Filled in when MIA_SHAKE_ENDED is returned. */
    uint32_t start_ms;
    uint32_t end_ms;
    uint16_t ended_peak_mg;
} mia_shake;

/* The defaults above. */
mia_shake_config mia_shake_config_default(void);

/* cfg may be 0 (NULL) for the defaults. Out-of-range tuning fields are replaced by defaults. */
void mia_shake_init(mia_shake *s, const mia_shake_config *cfg);

/* Changes the configuration; a shake in progress continues under the new one. */
void mia_shake_set_config(mia_shake *s, const mia_shake_config *cfg);

/* One accelerometer sample, x/y/z in milli-g, taken at now_ms (ms since boot; may wrap). */
mia_shake_result mia_shake_feed(mia_shake *s, uint32_t now_ms, int16_t x, int16_t y, int16_t z);

/* Time passing without samples (the accelerometer is idle, or the board is about to sleep):
 * ends a shake whose gap has expired. Returns MIA_SHAKE_ENDED or MIA_SHAKE_NONE. */
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
