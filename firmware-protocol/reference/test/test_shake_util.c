/* The shake tests' detector and signals (shake_util.h): one detector, a wave, a feed. */
#include "../src/mia_shake.h"
#include "shake_util.h"

mia_shake test_shake_;

/* Vertical shaking: z = 1000 + amp * triangle-ish sine at hz, sampled every 10 ms. */
int16_t shake_wave(uint32_t t, uint32_t hz, int32_t amp)
{
    /* integer sine approximation: a triangle wave is enough for the detector */
    uint32_t period = 1000u / hz;
    uint32_t ph = t % period;
    int32_t tri = (int32_t)(ph < period / 2 ? ph : period - ph); /* 0..period/2 */
    int32_t v = (tri * 4 - (int32_t)period) * amp / (int32_t)period; /* -amp..amp */
    return (int16_t)(1000 + v);
}

void shake_feed(counts *c, uint32_t t, int16_t x, int16_t y, int16_t z)
{
    mia_shake_result r = mia_shake_feed(&s_, t, x, y, z);
    if (r == MIA_SHAKE_STARTED) {
        c->started++;
        c->started_at = s_.onset_ms;
    } else if (r == MIA_SHAKE_ENDED) {
        c->ended++;
        c->start_ms = s_.start_ms;
        c->end_ms = s_.end_ms;
        c->peak = s_.ended_peak_mg;
    }
}
