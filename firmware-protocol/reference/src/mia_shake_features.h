/* Shake detector, internal to mia_shake.c: what it measures in each sample (mia_shake.h, steps
 * 1-4): the magnitude, the rails of a clipping sensor, its own 1 g, and the swing. */
#ifndef MIA_SHAKE_FEATURES_H
#define MIA_SHAKE_FEATURES_H

#include "mia_shake.h"

/* The calibration at 1000 mg, no rail known, no still spell, no swing. */
void mia_shake_features_init(mia_shake *s);

/* Learns the rails from the sample (x, y, z); nonzero if an axis sits on one. */
int mia_shake_clipped(mia_shake *s, const int16_t *a);

/* Feeds the still spell; a spell that has lasted MIA_SHAKE_STILL_MS sets one_g_mg. */
void mia_shake_calibrate(mia_shake *s, uint32_t now_ms, const int16_t *a, uint16_t mag);

/* v * inv_q12 / 4096, rounded, saturated to 65535 (v <= 65535). */
uint16_t mia_shake_scale_q12(uint32_t v, uint16_t inv_q12);

/* The swing's amplitude as far as the end on the other side of 1 g from `side` (0 above,
 * 1 below) shows it, a lower bound (0 without such an end); *onset_end: that end was read in
 * the candidate's onset run. */
uint16_t mia_shake_swing(const mia_shake *s, uint32_t now_ms, uint16_t mag_cal, unsigned side,
                         int *onset_end);

/* A motion sample on `side`: the end of the swing there (`new_end`: the first motion sample of
 * a run, which begins a new one), and, if that run is on the other side from the last motion,
 * how long the swing took to cross 1 g. `onset_run`: the sample is in the onset's run. */
void mia_shake_swing_end(mia_shake *s, uint32_t now_ms, uint16_t m, unsigned side, int new_end,
                         int onset_run);

/* A candidate begins on `side`: the end read there so far is the onset's own. */
void mia_shake_swing_onset(mia_shake *s, unsigned side);

#endif
