/* Lid detector. See mia_lid.h. */
#include "mia_lid.h"

void mia_lid_set_config(mia_lid *l, const mia_lid_config *cfg)
{
    l->cfg = *cfg;
    if (l->cfg.debounce_ms == 0) {
        l->cfg.debounce_ms = MIA_LID_DEFAULT_DEBOUNCE_MS;
    }
}

void mia_lid_init(mia_lid *l, const mia_lid_config *cfg)
{
    mia_lid_config zero = {MIA_LID_DIGITAL, 0, 0, 0, 0};
    l->seen = 0;
    l->known = 0;
    l->open = 0;
    l->raw_open = 0;
    l->pending = 0;
    l->change_ms = 0;
    l->changed_at_ms = 0;
    mia_lid_set_config(l, cfg != 0 ? cfg : &zero);
}

/* Raw open/closed from one reading; an analog level between the two levels keeps the
 * previous raw state (hysteresis). */
static uint8_t raw_open_of(const mia_lid *l, uint16_t reading)
{
    if (l->cfg.mode == MIA_LID_DIGITAL) {
        uint8_t bit = reading != 0;
        return l->cfg.invert ? (uint8_t)!bit : bit;
    }
    if (l->cfg.invert) { /* higher = closed: open when at or below open_level */
        if (reading <= l->cfg.open_level) {
            return 1;
        }
        if (reading >= l->cfg.closed_level) {
            return 0;
        }
    } else { /* higher = open */
        if (reading >= l->cfg.open_level) {
            return 1;
        }
        if (reading <= l->cfg.closed_level) {
            return 0;
        }
    }
    return l->raw_open;
}

mia_lid_result mia_lid_tick(mia_lid *l, uint32_t now_ms)
{
    int first;
    if (!l->pending || now_ms - l->change_ms < l->cfg.debounce_ms) {
        return MIA_LID_NONE;
    }
    first = !l->known;
    l->pending = 0;
    l->known = 1;
    l->open = l->raw_open;
    l->changed_at_ms = l->change_ms; /* the physical event: the first reading of the run */
    if (first && !l->open) {
        return MIA_LID_NONE; /* closed at boot: nothing happened */
    }
    return l->open ? MIA_LID_OPENED : MIA_LID_CLOSED;
}

mia_lid_result mia_lid_feed(mia_lid *l, uint32_t now_ms, uint16_t reading)
{
    /* Time passes up to this reading first: the run so far may have held the debounce. A
     * change needs debounce_ms >= 1 after its first reading, so the reading itself can never
     * complete one: at most one result per call. */
    mia_lid_result r = mia_lid_tick(l, now_ms);
    uint8_t raw;
    if (!l->seen) {
        l->raw_open = 0; /* an analog level between the two levels at boot counts as closed */
    }
    raw = raw_open_of(l, reading);
    if (!l->seen || raw != l->raw_open) {
        l->seen = 1;
        l->raw_open = raw;
        l->change_ms = now_ms;
    }
    l->pending = !l->known || l->raw_open != l->open;
    return r;
}

int mia_lid_is_open(const mia_lid *l)
{
    return l->known && l->open;
}
